/**
 * A person who loses the connection sees that they are offline, and the page catches up when it
 * returns: the message someone else sent meanwhile appears without a reload, and the banner says so;
 * a task moved meanwhile shows its new status on its page and in the task list.
 */
import { channelPath, demoWorkspace, send } from './support/chat';
import { expect, test } from './support/fixtures';
import { logIn, tokenOf } from './support/session';
import { demoIds } from './support/tour';

test('offline: the banner says so; back online, the channel catches up on what was missed, without a reload', async ({ browser }) => {
  const creatorContext = await browser.newContext();
  const editorContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const editor = await editorContext.newPage();
  try {
    await logIn(creator, 'creator@demo.tsumugi.jp');
    await logIn(editor, 'editor@demo.tsumugi.jp');
    const path = channelPath(await demoWorkspace(creator));
    await creator.goto(path);
    await editor.goto(path);
    await expect(creator.getByTestId('message').first()).toBeVisible();
    await expect(creator.getByTestId('connection-banner')).toHaveCount(0);
    let reloads = 0;
    creator.on('load', () => reloads++);

    await creatorContext.setOffline(true);
    const banner = creator.getByTestId('connection-banner');
    await expect(banner).toHaveAttribute('data-state', 'offline');
    await expect(banner).toHaveText('オフラインです。接続が戻ると、この画面は自動で最新の状態になります。');
    // Announced to screen readers: the banner sits in a polite live region.
    await expect(creator.getByTestId('connection-live-region').filter({ has: banner })).toHaveAttribute('aria-live', 'polite');

    const missed = `オフライン中のメッセージ ${Date.now()}`;
    await send(editor, missed);
    await expect(editor.getByTestId('message').filter({ hasText: missed })).toHaveCount(1);
    await creator.waitForTimeout(500);
    await expect(creator.getByTestId('message').filter({ hasText: missed })).toHaveCount(0);

    await creatorContext.setOffline(false);
    await expect(banner).toHaveText('再接続しました。最新の状態に更新しました。');
    await expect(creator.getByTestId('message').filter({ hasText: missed })).toHaveCount(1);
    // The note goes away by itself.
    await expect(banner).toHaveCount(0, { timeout: 8_000 });
    expect(reloads).toBe(0);
  } finally {
    await creatorContext.close();
    await editorContext.close();
  }
});

test('offline: a task staff move meanwhile shows its new status on its page and in the list once the connection returns', async ({ browser }) => {
  const taskId = demoIds().creatorTaskId;
  const creatorContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const creator = await creatorContext.newPage();
  const admin = await adminContext.newPage();
  const setStatus = async (status: string) => {
    const answer = await admin.request.put(`/api/admin/tasks/${taskId}`, { headers: { Authorization: `Bearer ${await tokenOf(admin)}` }, data: { status } });
    expect(answer.status()).toBe(200);
  };
  try {
    await logIn(creator, 'creator@demo.tsumugi.jp');
    await logIn(admin, 'admin@demo.tsumugi.jp');
    await creator.goto(`/tasks/${taskId}`);
    await expect(creator.getByTestId('task-status')).toHaveText('作業中');
    const title = (await creator.locator('h1').first().innerText()).trim();
    // The list in a second tab of the same browser.
    const list = await creatorContext.newPage();
    await list.goto('/tasks');
    const row = list.getByTestId('task-list').getByRole('listitem').filter({ has: list.getByRole('link', { name: title, exact: true }) });
    await expect(row).toContainText('作業中');
    let reloads = 0;
    for (const page of [creator, list]) page.on('load', () => reloads++);

    await creatorContext.setOffline(true);
    await expect(creator.getByTestId('connection-banner')).toHaveAttribute('data-state', 'offline');
    await setStatus('under_acceptance');
    await creator.waitForTimeout(500);
    await expect(creator.getByTestId('task-status')).toHaveText('作業中');
    await expect(row).toContainText('作業中');

    await creatorContext.setOffline(false);
    await expect(creator.getByTestId('connection-banner')).toHaveText('再接続しました。最新の状態に更新しました。');
    await expect(creator.getByTestId('task-status')).toHaveText('検収中');
    await expect(row).toContainText('検収中');
    expect(reloads).toBe(0);
  } finally {
    await setStatus('doing').catch(() => undefined);
    await creatorContext.close();
    await adminContext.close();
  }
});
