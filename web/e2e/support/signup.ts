/** A new person signs up through the browser: the address, the mailed link, the profile. Lands on /signup/skills logged in. */
import { expect, type Page } from '@playwright/test';
import { mailedLink } from './mail';

export interface NewCreator {
  mailAddress: string;
  password: string;
}

/** Opens the select labelled `label`, searches for `option` and chooses it. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  const search = page.getByRole('searchbox', { name: `${label}を検索` });
  if (await search.isVisible()) await search.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function signUpNewCreator(page: Page, mailAddress = `writer-${Date.now()}@example.jp`, password = 'Tsumugi-e2e-2026'): Promise<NewCreator> {
  await page.goto('/signup');
  await page.getByLabel('メールアドレス').fill(mailAddress);
  await page.getByRole('button', { name: '登録用URLを送信' }).click();
  await expect(page).toHaveURL('/signup/sent');
  await expect(page.getByTestId('sent-page')).toContainText(mailAddress);

  await page.goto(await mailedLink(mailAddress, '/signup/profile'));
  await expect(page.getByTestId('profile-mail-address')).toHaveText(mailAddress);
  await page.getByLabel('姓', { exact: true }).fill('新山');
  await page.getByLabel('名', { exact: true }).fill('花子');
  await page.getByLabel('セイ').fill('ニイヤマ');
  await page.getByLabel('メイ').fill('ハナコ');
  await page.getByLabel('表示名').fill('にいやま はなこ');
  await page.getByLabel('電話番号').fill('０９０１２３４５６７８');
  await page.getByText('女性', { exact: true }).click();
  await chooseOption(page, '生まれた年', '1992');
  await chooseOption(page, '生まれた月', '4');
  await chooseOption(page, '生まれた日', '12');
  // The postal code fills the prefecture and the city.
  await page.getByLabel('郵便番号（前半3桁）').fill('100');
  await page.getByLabel('郵便番号（後半4桁）').fill('0005');
  await expect(page.getByRole('combobox', { name: '都道府県' })).toHaveText('東京都');
  await expect(page.getByLabel('市区町村・町名')).toHaveValue(/千代田区/);
  await page.getByLabel('番地').fill('1-1-1');
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByLabel('パスワード（確認）').fill(password);
  await page.getByRole('checkbox', { name: '利用規約とプライバシーポリシーに同意する' }).check();
  await page.getByRole('button', { name: '登録する' }).click();

  await expect(page).toHaveURL('/signup/skills');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tsumugi.token'))).not.toBeNull();
  return { mailAddress, password };
}
