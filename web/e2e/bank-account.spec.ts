import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn } from './support/session';

const NEWBIE = 'newbie@demo.tsumugi.jp';
const newbie = `(select id from users where mail_address = '${NEWBIE}')`;

// Newbie lacks both skills and a bank account; the skills page is not built yet, so the skill is
// given here, leaving the bank account as the one thing the warning waits for. Both are undone
// afterwards: other specs expect newbie as seeded.
test.beforeEach(() => {
  psqlRun(`insert into user_skills (user_id, genre_group_id, genre_ids, detail) select ${newbie}, 1, '{1}', 'e2e'`);
});
test.afterEach(() => {
  psqlRun(`delete from user_skills where user_id = ${newbie} and detail = 'e2e'; delete from bank_accounts where user_id = ${newbie}`);
});

test('a new creator registers a bank account found by typing and the side-menu warning goes away', async ({ page }) => {
  await logIn(page, NEWBIE, '/user/edit');
  const warning = page.getByTestId('side-menu').getByRole('note');
  await expect(warning).toContainText('お仕事を受けることができません');

  await page.getByRole('link', { name: /振込先情報/ }).click();
  await expect(page).toHaveURL('/user/edit/bank_accounts');
  await expect(page.getByRole('heading', { name: '振込先情報' })).toBeVisible();
  await expect(page.getByText('5日までに変更した振込先は当月末の支払いから')).toBeVisible();

  await page.getByRole('combobox', { name: '銀行' }).click();
  await page.getByRole('searchbox', { name: '銀行を検索' }).fill('みず');
  await page.getByRole('option', { name: 'みずほ（0001）' }).click();
  await expect(page.getByRole('combobox', { name: '銀行' })).toHaveText('みずほ（0001）');

  await page.getByRole('combobox', { name: '支店' }).click();
  await page.getByRole('searchbox', { name: '支店を検索' }).fill('とうきよう');
  await page.getByRole('option', { name: '東京営業部（001）' }).click();

  await page.getByText('普通', { exact: true }).click();
  await page.getByLabel('口座番号').fill('１２３４５６７');
  await page.getByLabel('口座名義（カナ）').fill('シンジン　ハナコ');
  // A wrong check digit is explained next to the field.
  await page.getByLabel('インボイス登録番号（任意）').fill('T8000012050002');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('登録番号が正しくありません。番号をご確認ください')).toBeVisible();
  await expect(page).toHaveURL('/user/edit/bank_accounts');

  // A registered number of someone else (a corporation) shows what the registry holds.
  await page.getByLabel('インボイス登録番号（任意）').fill('T1100000000006');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('個人・法人の区分が登録内容（法人）と異なります')).toBeVisible();
  await expect(page.getByText('氏名または名称が登録内容（株式会社つむぎ編集室）と異なります')).toBeVisible();

  // Newbie's own registration (鈴木 新 in the built-in registry).
  await page.getByLabel('インボイス登録番号（任意）').fill('T5100000000002');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page).toHaveURL('/user/edit');
  await expect(page.getByText('振込先情報を保存しました')).toBeVisible();
  await expect(warning).toHaveCount(0);
  // With every piece of information in and no work status yet, newbie is asked for one
  // (work-status.spec answers it); closing it leaves the status unanswered.
  const ask = page.getByRole('dialog', { name: '新しいお仕事を受けられますか？' });
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);

  // The saved account comes back on the next visit.
  await page.getByRole('link', { name: /振込先情報/ }).click();
  await expect(page.getByRole('combobox', { name: '支店' })).toHaveText('東京営業部（001）');
  await expect(page.getByLabel('口座番号')).toHaveValue('1234567');
  await expect(page.getByRole('status').filter({ hasText: '分のお支払いから使われます' })).toBeVisible();
});
