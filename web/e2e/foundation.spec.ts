import { E2E_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { databaseUrl, newDataDir, startNode, stopNode } from './support/server';
import { mails } from './support/mail';
import { fillLogin, liveConnected, logIn, tokenOf } from './support/session';

test('the demo creator logs in and lands on the project list', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  await expect(page.getByRole('heading', { name: 'プロジェクト一覧' })).toBeVisible();
  await expect(page.getByTestId('side-menu')).toContainText('山田 花子');
});

test('a creator without skill or bank account lands on member information', async ({ page }) => {
  await logIn(page, 'newbie@demo.tsumugi.jp', '/user/edit');
  await expect(page.getByRole('heading', { name: '会員情報編集' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('お仕事を受けることができません');
});

test('a wrong password shows the Japanese error', async ({ page }) => {
  await page.goto('/');
  await fillLogin(page, 'creator@demo.tsumugi.jp', 'Wrong-password-1');
  await expect(page.getByRole('alert')).toHaveText('メールアドレスまたはパスワードが正しくありません。');
  await expect(page).toHaveURL('/');
});

test('a private page opened logged out returns there after login', async ({ page }) => {
  await page.goto('/user/edit');
  await expect(page).toHaveURL('/');
  await fillLogin(page, 'creator@demo.tsumugi.jp');
  await expect(page).toHaveURL('/user/edit');
  await expect(page.getByRole('heading', { name: '会員情報編集' })).toBeVisible();
});

test('two-step verification mails a code that completes the login', async ({ page }) => {
  await page.goto('/');
  await fillLogin(page, 'twostep@demo.tsumugi.jp');
  await expect(page).toHaveURL(/\/two_step_verification\?token=/);
  await page.getByRole('button', { name: '認証コードを送信' }).click();
  await expect(page.getByRole('status').filter({ hasText: '認証コードを送信しました' })).toBeVisible();
  // The newest mail with a code: notice mails are written in the background meanwhile.
  const code = /認証コード: (\d{6})/.exec(mails().find((mail) => /認証コード: \d{6}/.test(mail)) ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('認証コード').fill(code!);
  await page.getByRole('button', { name: '認証する' }).click();
  await expect(page).toHaveURL('/projects');
});

test('unknown pages show the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test.describe('maintenance', () => {
  test('the admin turns maintenance on and off; the creator follows without reload', async ({ browser }) => {
    const adminContext = await browser.newContext();
    const creatorContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const creator = await creatorContext.newPage();
    try {
      await logIn(creator, 'creator@demo.tsumugi.jp');
      await logIn(admin, 'admin@demo.tsumugi.jp');
      await admin.goto('/admins');
      const card = admin.getByTestId('maintenance-admin');
      const tokyo = (offsetMinutes: number) =>
        new Date(Date.now() + 9 * 3600_000 + offsetMinutes * 60_000).toISOString().slice(0, 16);
      await card.getByLabel('メッセージ').fill('ただいまシステムメンテナンス中です。');
      await card.getByLabel('開始日時').fill(tokyo(-1));
      await card.getByLabel('終了日時').fill(tokyo(60));
      let reloaded = false;
      creator.on('load', () => (reloaded = true));
      await card.getByRole('button', { name: 'メンテナンスを設定' }).click();

      await expect(creator.getByTestId('maintenance-page')).toBeVisible();
      await expect(creator.getByTestId('maintenance-page')).toContainText('ただいまシステムメンテナンス中です。');
      await expect(admin.getByTestId('maintenance-page')).toHaveCount(0);

      await card.getByRole('button', { name: 'メンテナンスを解除' }).click();
      await expect(creator.getByRole('heading', { name: 'プロジェクト一覧' })).toBeVisible();
      await expect(creator.getByTestId('maintenance-page')).toHaveCount(0);
      expect(reloaded).toBe(false);
    } finally {
      const token = await tokenOf(admin);
      await admin.request.delete('/api/admin/maintenance', { headers: { Authorization: `Bearer ${token}` } });
      await adminContext.close();
      await creatorContext.close();
    }
  });
});

test('a new release started beside the running one shows the update banner', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
  await liveConnected(page);
  const dataDir = newDataDir();
  const second = await startNode({
    port: E2E_PORT + 1,
    databaseUrl: process.env.E2E_DATABASE_URL ?? databaseUrl(process.env.E2E_DATABASE!),
    redisPrefix: process.env.E2E_REDIS_PREFIX!,
    dataDir,
    env: { REVISION_NO: `e2e-bumped-${Date.now()}` },
  });
  try {
    await expect(page.getByTestId('update-banner')).toBeVisible();
    await expect(page.getByTestId('update-banner')).toContainText('新しいアップデートがあります。再読み込みしてください。');
    await expect(page.getByRole('button', { name: '再読み込み' })).toBeVisible();
  } finally {
    await stopNode(second);
  }
});
