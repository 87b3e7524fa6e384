import { expect, test } from './support/fixtures';
import { mailedLink, mails } from './support/mail';
import { fillLogin } from './support/session';
import { signUpNewCreator } from './support/signup';

test('a new person signs up by mail, fills in the profile and lands on the skills step logged in', async ({ page }) => {
  const { mailAddress } = await signUpNewCreator(page);
  await expect(page.getByRole('heading', { name: 'スキル登録' })).toBeVisible();
  // The session is the login's: whoami answers with the new creator.
  const me = await page.evaluate(async () => {
    const response = await fetch('/api/users/whoami', { headers: { Authorization: `Bearer ${localStorage.getItem('tsumugi.token')}` } });
    return response.json();
  });
  expect(me).toMatchObject({ user_name: 'にいやま はなこ', role_type: 'general', has_skill: false });

  // The link was single use.
  await page.goto(await mailedLink(mailAddress, '/signup/profile'));
  await expect(page.getByTestId('dead-link')).toContainText('URLの有効期限が切れているか、無効です。');
  await expect(page.getByRole('link', { name: '会員登録をやり直す' })).toBeVisible();
});

test('a new writer goes from the mailed link through skills and a bank account to a paid-ready profile', async ({ page }) => {
  await signUpNewCreator(page);
  // Before skills and a bank account, the side menu says work cannot be taken yet.
  const sideMenu = page.getByTestId('side-menu');
  const warning = sideMenu.getByRole('note');
  await page.goto('/projects');
  await expect(warning).toContainText('お仕事を受けることができません');
  await page.goto('/signup/skills');

  await expect(page.getByRole('heading', { name: 'スキル登録' })).toBeVisible();
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page.getByText('1つ以上選択してください').first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'グルメ' }).check();
  await page.getByRole('checkbox', { name: 'ラーメン' }).check();
  await page.getByRole('button', { name: '次へ' }).click();

  await expect(page).toHaveURL('/signup/bank_accounts');
  await page.getByRole('combobox', { name: '銀行' }).click();
  await page.getByRole('searchbox', { name: '銀行を検索' }).fill('みず');
  await page.getByRole('option', { name: 'みずほ（0001）' }).click();
  await page.getByRole('combobox', { name: '支店' }).click();
  await page.getByRole('searchbox', { name: '支店を検索' }).fill('東京営業部');
  await page.getByRole('option', { name: '東京営業部（001）' }).click();
  await page.getByLabel('口座番号').fill('７６５４３２１');
  await page.getByLabel('口座名義（カナ）').fill('ニイヤマ　ハナコ');
  await page.getByRole('button', { name: '登録して次へ' }).click();

  await expect(page).toHaveURL('/signup/complete');
  await expect(page.getByTestId('signup-complete')).toContainText('会員登録が完了しました');
  await expect(page.getByTestId('signup-complete')).toContainText('お仕事のオファーを受けられるようになりました');
  await page.getByRole('link', { name: 'プロジェクト一覧へ' }).click();
  await expect(page).toHaveURL('/projects');
  await expect(sideMenu).toBeVisible();
  await expect(warning).toHaveCount(0);
  const me = await page.evaluate(async () => {
    const response = await fetch('/api/users/whoami', { headers: { Authorization: `Bearer ${localStorage.getItem('tsumugi.token')}` } });
    return response.json();
  });
  expect(me).toMatchObject({ has_skill: true, has_bank_account: true });
});

test('a registered address is answered like any other; its owner is mailed where to log in', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('メールアドレス').fill('creator@demo.tsumugi.jp');
  await page.getByRole('button', { name: '登録用URLを送信' }).click();
  // The page never tells a stranger that the address has an account.
  await expect(page).toHaveURL('/signup/sent');
  await expect(page.getByText('既に登録されています')).toHaveCount(0);
  await expect
    .poll(() => mails().some((m) => m.includes('creator@demo.tsumugi.jp') && m.includes('すでに Tsumugi に登録されています')))
    .toBe(true);
});

test('a forgotten password is reset by mail and the new one logs in', async ({ page }) => {
  const { mailAddress, password } = await signUpNewCreator(page, `recovery-${Date.now()}@example.jp`);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/');
  await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page).toHaveURL('/account_recovery');
  // The login page stays on screen while the recovery page's code loads: it has a メールアドレス too.
  await expect(page.getByRole('heading', { name: 'パスワードの再設定' })).toBeVisible();
  await page.getByLabel('メールアドレス').fill(mailAddress);
  await page.getByRole('button', { name: '再設定用URLを送信' }).click();
  await expect(page).toHaveURL('/account_recovery/sent');

  await page.goto(await mailedLink(mailAddress, '/change_password'));
  const newPassword = 'Renewed-e2e-2027';
  await page.getByLabel('新しいパスワード', { exact: true }).fill('weak');
  await page.getByLabel('新しいパスワード（確認）').fill('weak');
  await page.getByRole('button', { name: 'パスワードを変更する' }).click();
  await expect(page.getByText('パスワードは大文字・小文字・数字を含む8文字以上で入力してください')).toBeVisible();
  await page.getByLabel('新しいパスワード', { exact: true }).fill(newPassword);
  await page.getByLabel('新しいパスワード（確認）').fill(newPassword);
  await page.getByRole('button', { name: 'パスワードを変更する' }).click();
  await expect(page).toHaveURL('/change_password/sent');
  await expect(page.getByRole('heading', { name: 'パスワードを変更しました' })).toBeVisible();

  await page.getByRole('link', { name: '新しいパスワードでログインする' }).click();
  await fillLogin(page, mailAddress, password);
  await expect(page.getByText('メールアドレスまたはパスワードが正しくありません。')).toBeVisible();
  await fillLogin(page, mailAddress, newPassword);
  // A creator without skills or a bank account lands on the profile hub.
  await expect(page).toHaveURL('/user/edit');
});
