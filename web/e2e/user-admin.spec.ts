import { expect, test } from './support/fixtures';
import { logIn } from './support/session';
import { psql } from './support/db';

/** A creator of this test only (the demo accounts stay as other specs expect them). */
function newCreator(name: string): string {
  const mail = `${name}-${Date.now()}@example.jp`;
  psql(
    `insert into users (mail_address, password_hash, user_name, role)
     select '${mail}', password_hash, '${name}', 'general' from users where mail_address = 'creator@demo.tsumugi.jp'`,
  );
  return mail;
}

test('an admin changes a user’s role and that user’s open browser returns to the login page', async ({ page, browser }) => {
  const mail = newCreator('権限変更テスト');
  const creatorContext = await browser.newContext();
  const creatorPage = await creatorContext.newPage();
  // A creator without skills or a bank account lands on the member information page.
  await logIn(creatorPage, mail, '/user/edit');

  await logIn(page, 'admin@demo.tsumugi.jp');
  await page.goto('/admins/user/roles/edit');
  await expect(page.getByRole('heading', { name: '権限変更' })).toBeVisible();
  await page.getByPlaceholder('ユーザー名・氏名・メールアドレス').fill('権限変更テスト');
  await page.getByRole('button', { name: '検索' }).click();
  const row = page.getByTestId('staff-user').filter({ hasText: '権限変更テスト' });
  await expect(row).toHaveCount(1);
  await row.getByRole('combobox').click();
  await page.getByRole('option', { name: '編集アシスタント' }).click();
  await row.getByRole('button', { name: '変更' }).click();
  await page.getByTestId('confirm-role').getByRole('button', { name: '変更する' }).click();
  await expect(page.getByRole('status')).toContainText('権限変更テストさんの権限を「編集アシスタント」に変更しました');

  // Without a reload, the other browser is logged out and told why.
  await expect(creatorPage).toHaveURL('/');
  await expect(creatorPage.getByText('権限が変更されたため、ログアウトしました。')).toBeVisible();
  expect(await creatorPage.evaluate(() => localStorage.getItem('tsumugi.token'))).toBeNull();
  expect(psql(`select role from users where mail_address = '${mail}'`)).toBe('editor_assistant');
  await creatorContext.close();
});

test('an admin sets a creator’s admin flags on the creator page and a leaver is processed on /admins/users/left', async ({ page }) => {
  const mail = newCreator('退会処理テスト');
  const id = psql(`select id from users where mail_address = '${mail}'`);
  await logIn(page, 'admin@demo.tsumugi.jp');
  await page.goto(`/creators/${id}`);
  const flags = page.getByTestId('admin-flags');
  await flags.getByLabel(/一時オファー停止/).check();
  await page.getByRole('button', { name: 'フラグを保存' }).click();
  await expect(page.getByText('保存しました。')).toBeVisible();
  expect(psql(`select string_agg(flag, ',') from user_admin_flags where user_id = ${id}`)).toBe('temporary_offer_stop');

  await page.goto('/admins/users/left');
  await page.getByLabel('ユーザーID').fill(id);
  await page.getByRole('button', { name: '退会処理を実行' }).click();
  await page.getByTestId('confirm-leave').getByRole('button', { name: '実行する' }).click();
  const listed = page.getByTestId('left-user').filter({ hasText: '退会処理テスト' });
  await expect(listed).toContainText('退会手続き中');
  await listed.getByRole('button', { name: '退会を完了' }).click();
  await page.getByTestId('confirm-leave').getByRole('button', { name: '実行する' }).click();
  await expect(listed).toContainText('退会済み');
  expect(psql(`select user_name from users where id = ${id}`)).toBe('退会済みユーザー');
});
