/**
 * Maintenance scheduled ahead from /admins: a creator's open page announces it, switches to the
 * maintenance page when it starts and back when it ends, all without a reload; staff keep working.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { logIn, tokenOf } from './support/session';

/** A `datetime-local` value in Tokyo time, `seconds` from now. */
const tokyoInput = (seconds: number) => new Date(Date.now() + 9 * 3600_000 + seconds * 1000).toISOString().slice(0, 19);

/** Cancels or ends every live window, so a failure here leaves no maintenance behind. */
async function clearSchedule(request: APIRequestContext, token: string) {
  const answer = await request.get('/api/maintenance');
  const { windows } = (await answer.json()) as { windows: { id: number }[] };
  for (const { id } of windows) {
    await request.delete(`/api/admin/maintenance/windows/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  }
}

test('an admin schedules maintenance a few seconds ahead; an open creator page announces it, switches at the start and back at the end', async ({ browser }) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext();
  const creatorContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const creator = await creatorContext.newPage();
  try {
    await logIn(creator, 'creator@demo.tsumugi.jp');
    await logIn(admin, 'admin@demo.tsumugi.jp');
    await clearSchedule(admin.request, await tokenOf(admin));
    let reloads = 0;
    creator.on('load', () => reloads++);

    await admin.goto('/admins');
    const card = admin.getByTestId('maintenance-admin');
    await card.getByLabel('メッセージ').fill('定期メンテナンスのため、サービスを停止しています。');
    await card.getByLabel('開始日時').fill(tokyoInput(10));
    await card.getByLabel('終了日時').fill(tokyoInput(20));
    await card.getByRole('button', { name: 'メンテナンスを設定' }).click();
    await expect(card.getByRole('status')).toHaveText('メンテナンスを設定しました');
    await expect(card.getByRole('table', { name: '予定・実施中のメンテナンス' })).toContainText('予定');

    // Ahead of it: the notice on the creator's open page (pushed, not reloaded).
    const notice = creator.getByTestId('maintenance-notice');
    await expect(notice).toContainText('メンテナンスのお知らせ：');
    await expect(notice).toContainText('定期メンテナンスのため、サービスを停止しています。');
    await expect(creator.getByRole('heading', { name: 'プロジェクト一覧' })).toBeVisible();

    // At its start: the maintenance page, with the period.
    const maintenancePage = creator.getByTestId('maintenance-page');
    await expect(maintenancePage).toBeVisible({ timeout: 20_000 });
    await expect(maintenancePage).toContainText('定期メンテナンスのため、サービスを停止しています。');
    await expect(creator.getByRole('heading', { name: 'プロジェクト一覧' })).toHaveCount(0);
    // The server agrees: the creator's API calls are refused, the admin's are not.
    const during = await creator.request.get('/api/users/whoami', { headers: { Authorization: `Bearer ${await tokenOf(creator)}` } });
    expect(during.status()).toBe(503);
    await expect(admin.getByTestId('maintenance-staff-banner')).toContainText('メンテナンス中です');
    await expect(admin.getByTestId('maintenance-page')).toHaveCount(0);

    // After its end: the page again.
    await expect(maintenancePage).toHaveCount(0, { timeout: 20_000 });
    await expect(creator.getByRole('heading', { name: 'プロジェクト一覧' })).toBeVisible();
    await expect(creator.getByTestId('maintenance-notice')).toHaveCount(0);
    await expect(admin.getByTestId('maintenance-staff-banner')).toHaveCount(0);
    expect(reloads).toBe(0);
  } finally {
    await clearSchedule(admin.request, await tokenOf(admin));
    await adminContext.close();
    await creatorContext.close();
  }
});

test('a creator dismisses the notice of a window and it stays dismissed after a reload', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const creatorContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const creator = await creatorContext.newPage();
  try {
    await logIn(admin, 'admin@demo.tsumugi.jp');
    const token = await tokenOf(admin);
    await clearSchedule(admin.request, token);
    const start = new Date(Date.now() + 3 * 3600_000);
    const answer = await admin.request.post('/api/admin/maintenance/windows', {
      headers: { Authorization: `Bearer ${token}` },
      data: { message: '夜間メンテナンス', start_datetime: start.toISOString(), end_datetime: new Date(start.getTime() + 3600_000).toISOString() },
    });
    expect(answer.status()).toBe(201);

    await logIn(creator, 'creator@demo.tsumugi.jp');
    await expect(creator.getByTestId('maintenance-notice')).toContainText('夜間メンテナンス');
    await creator.getByRole('button', { name: 'お知らせを閉じる' }).click();
    await expect(creator.getByTestId('maintenance-notice')).toHaveCount(0);
    await creator.reload();
    await expect(creator.getByRole('heading', { name: 'プロジェクト一覧' })).toBeVisible();
    await expect(creator.getByTestId('maintenance-notice')).toHaveCount(0);
  } finally {
    await clearSchedule(admin.request, await tokenOf(admin));
    await adminContext.close();
    await creatorContext.close();
  }
});
