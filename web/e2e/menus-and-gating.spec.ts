/** The user menu leads to real pages; staff pages follow the server's roles. */
import { expect, test } from './support/fixtures';
import { logIn } from './support/session';

test('a creator opens the manual from the user menu', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    '会員情報編集',
    'ログイン情報',
    '利用規約',
    'プライバシーポリシー',
    'クッキーポリシー',
    'お知らせ',
    'マニュアル',
    'ログアウト',
  ]);
  await page.getByRole('menuitem', { name: 'マニュアル' }).click();
  await expect(page).toHaveURL('/manual');
  await expect(page.getByRole('heading', { level: 1, name: 'マニュアル' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText('この文書はサンプルです。正式な文面は運営者が定めます。');
  await page.getByRole('navigation', { name: '目次' }).getByRole('link', { name: '5. 納品する' }).click();
  await expect(page).toHaveURL('/manual#delivery');
});

test('a client finds the cookie policy and the ordering guide in the user menu', async ({ page }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: '発注ガイド' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '発注ガイド' })).toBeVisible();
  await page.goBack();
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'クッキーポリシー' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'クッキーポリシー' })).toBeVisible();
});

test('a manager gets the Japanese 403 page on an admin-only page, and the hub lists only what a manager may open', async ({ page }) => {
  await logIn(page, 'manager@demo.tsumugi.jp');
  await page.goto('/admins/user/roles/edit');
  await expect(page.getByTestId('forbidden-page')).toContainText('アクセスが許可されていません');
  await page.goto('/admins/downloads');
  await expect(page.getByTestId('forbidden-page')).toBeVisible();
  await page.goto('/admins');
  const hub = page.getByTestId('admin-functions');
  await expect(hub.getByRole('link', { name: '退会者' })).toBeVisible();
  await expect(hub.getByRole('link', { name: '権限変更' })).toHaveCount(0);
  await expect(hub.getByRole('link', { name: 'ダウンロード' })).toHaveCount(0);
  await expect(page.getByTestId('maintenance-admin')).toHaveCount(0);
});

test('an accountant reaches the money tools from the hub', async ({ page }) => {
  await logIn(page, 'accountant@demo.tsumugi.jp', '/projects');
  await page.getByTestId('side-menu').getByRole('link', { name: '管理機能' }).click();
  const hub = page.getByTestId('admin-functions');
  await hub.getByRole('link', { name: '報酬確定' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '月次報酬の確定' })).toBeVisible();
});
