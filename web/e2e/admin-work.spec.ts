import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { logIn, tokenOf } from './support/session';

/** A call on the side, with the token the page logged in with. */
async function apiCall(page: Page, method: 'GET' | 'DELETE', path: string): Promise<{ status: number; body: unknown }> {
  const response = await page.request.fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  const text = await response.text();
  return { status: response.status(), body: text ? JSON.parse(text) : null };
}

/** Unread task notices as the server counts them (what the bell shows once loaded). */
async function unreadTaskNotices(page: Page): Promise<number> {
  const { body } = await apiCall(page, 'GET', '/v2/notices?type=task&page=1');
  return (body as { unread_count: number }).unread_count;
}

/** Waits until the bell shows `count` (no badge at all for 0). */
async function expectBell(page: Page, count: number, timeout?: number): Promise<void> {
  const badge = page.getByTestId('bell-count');
  if (count === 0) await expect(badge).toHaveCount(0, { timeout });
  else await expect(badge).toHaveText(String(count), { timeout });
}

/** Resolves once the page's live socket has completed its Socket.IO connect (call before the page connects). */
function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

test('a manager adds, edits and deletes an offer template', async ({ page }) => {
  await logIn(page, 'manager@demo.tsumugi.jp');
  await page.goto('/admins/offer_templates');
  await expect(page.getByRole('heading', { name: 'オファーテンプレート', level: 1 })).toBeVisible();
  const list = page.getByTestId('offer-template-list');
  const named = (name: string) => list.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  await expect(list.getByRole('listitem').first()).toBeVisible();

  // Add
  await page.getByLabel('テンプレート名').fill('取材記事のご依頼');
  await page.getByLabel('本文').fill('取材記事の執筆をお願いできますでしょうか。\n取材日は追ってご連絡します。');
  await page.getByRole('button', { name: 'テンプレートを追加' }).click();
  await expect(named('取材記事のご依頼')).toHaveCount(1);
  await expect(named('取材記事のご依頼')).toContainText('取材日は追ってご連絡します。');
  await expect(page.getByLabel('テンプレート名')).toHaveValue('');
  // It was stored, not only shown.
  await page.reload();
  await expect(named('取材記事のご依頼')).toHaveCount(1);

  // Edit
  await page.getByRole('button', { name: '取材記事のご依頼を編集' }).click();
  await expect(page.getByRole('heading', { name: '「取材記事のご依頼」を編集' })).toBeVisible();
  await expect(page.getByLabel('テンプレート名')).toHaveValue('取材記事のご依頼');
  await page.getByLabel('テンプレート名').fill('取材記事のご依頼（急ぎ）');
  await page.getByLabel('本文').fill('至急、取材記事の執筆をお願いできますでしょうか。');
  await page.getByRole('button', { name: 'テンプレートを更新' }).click();
  await expect(named('取材記事のご依頼（急ぎ）')).toContainText('至急、取材記事の執筆をお願いできますでしょうか。');
  await expect(named('取材記事のご依頼')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'テンプレートを追加' })).toBeVisible();
  await page.reload();
  await expect(named('取材記事のご依頼（急ぎ）')).toHaveCount(1);

  // Delete (after confirming in the app's own dialog)
  await page.getByRole('button', { name: '取材記事のご依頼（急ぎ）を削除' }).click();
  await page.getByRole('dialog', { name: 'テンプレート「取材記事のご依頼（急ぎ）」を削除しますか？' }).getByRole('button', { name: '削除する' }).click();
  await expect(named('取材記事のご依頼（急ぎ）')).toHaveCount(0);
  await page.reload();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  await expect(list).not.toContainText('取材記事のご依頼');
});

test('the client offers a new task to a creator, who hears of it live and declines; the client hears back live', async ({ browser }) => {
  const clientContext = await browser.newContext();
  const creatorContext = await browser.newContext();
  const client = await clientContext.newPage();
  const creator = await creatorContext.newPage();
  const title = `2027年春号 巻頭インタビュー執筆 ${Date.now()}`;
  let taskId: number | null = null;
  try {
    const clientLive = socketConnected(client);
    const creatorLive = socketConnected(creator);
    await logIn(client, 'client@demo.tsumugi.jp');
    await logIn(creator, 'creator@demo.tsumugi.jp');
    await Promise.all([clientLive, creatorLive]);
    const creatorBefore = await unreadTaskNotices(creator);
    const clientBefore = await unreadTaskNotices(client);
    await expectBell(creator, creatorBefore);
    await expectBell(client, clientBefore);
    let creatorReloaded = false;
    let clientReloaded = false;
    creator.on('load', () => (creatorReloaded = true));

    // The client goes to the work of the project still being set up.
    await client.getByTestId('project-list').getByRole('link', { name: '2027年春号 特集企画' }).click();
    await expect(client.getByTestId('project-status')).toHaveText('設定中');
    await client.getByTestId('work-list').getByRole('link', { name: '2027年春号 特集企画 本編' }).click();
    await expect(client).toHaveURL(/\/projects\/\d+\/products\/\d+$/);
    client.on('load', () => (clientReloaded = true));

    // …and offers a new task to 山田 花子 through the form.
    await client.getByLabel('作業種別', { exact: true }).click();
    await client.getByRole('option', { name: '取材・撮影' }).click();
    await client.getByLabel('タイトル').fill(title);
    await client.getByLabel('納期', { exact: true }).fill('2027-02-15');
    await client.getByLabel('報酬（円）').fill('４５０００');
    await client.getByLabel('タグ（カンマ区切り）').fill('春号、インタビュー');
    await client.getByLabel('担当者', { exact: true }).fill('山田');
    await client.getByRole('option', { name: /山田 花子/ }).click();
    await expect(client.getByTestId('person-chip')).toHaveText(['山田 花子×']);
    const created = client.waitForResponse((r) => /\/api\/v2\/projects\/works\/\d+\/tasks$/.test(r.url()) && r.request().method() === 'POST');
    await client.getByRole('button', { name: 'タスクを作成' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const detail = (await answer.json()) as { id: number; status: string; reward_amount: number; tags: string[]; assignees: { user_name: string; state: string }[] };
    taskId = detail.id;
    expect(detail).toMatchObject({ status: 'applying', reward_amount: 45000, tags: ['春号', 'インタビュー'] });
    expect(detail.assignees).toEqual([expect.objectContaining({ user_name: '山田 花子', state: 'offered' })]);
    await expect(client.getByTestId('task-list')).toContainText(title);
    await expect(client.getByLabel('タイトル')).toHaveValue('');

    // Within a second, without reload, the creator's bell rises.
    await expectBell(creator, creatorBefore + 1, 1_000);
    expect(creatorReloaded).toBe(false);

    // The creator opens the task from the bell and declines it.
    await creator.getByTestId('bell').click();
    await creator.getByRole('dialog', { name: 'タスクのお知らせ' }).getByText(`「${title}」のお仕事の依頼が届きました`).click();
    await expect(creator).toHaveURL(`/tasks/${taskId}`);
    await expect(creator.getByRole('heading', { name: title })).toBeVisible();
    await expect(creator.getByTestId('task-status')).toHaveText('応募中');
    await expect(creator.getByText('山田 花子（オファー中）')).toBeVisible();
    const declined = creator.waitForResponse((r) => r.url().endsWith(`/api/tasks/${taskId}/decline`));
    const listed = creator.waitForResponse((r) => new URL(r.url()).pathname === '/api/tasks' && r.request().method() === 'GET');
    await creator.getByRole('button', { name: '辞退する' }).click();
    await creator.getByRole('dialog', { name: `「${title}」の依頼を辞退しますか？` }).getByRole('button', { name: '辞退する' }).click();
    expect((await declined).status()).toBe(204);

    // Within a second, without reload, the client's bell rises.
    await expectBell(client, clientBefore + 1, 1_000);
    expect(clientReloaded).toBe(false);

    // The creator is back on the task list, where the declined task no longer is.
    await expect(creator).toHaveURL('/tasks');
    const mine = (await (await listed).json()) as { tasks: { id: number }[]; direction_tasks: { id: number }[] };
    expect([...mine.tasks, ...mine.direction_tasks].map((t) => t.id)).not.toContain(taskId);
    await expect(creator.getByTestId('task-list')).not.toContainText(title);

    // The client reads the notice and sees the creator declined.
    await client.getByTestId('bell').click();
    await client.getByRole('dialog', { name: 'タスクのお知らせ' }).getByText(`山田 花子さんが「${title}」の依頼を辞退しました`).click();
    await expect(client).toHaveURL(`/tasks/${taskId}`);
    await expect(client.getByText('山田 花子（辞退）')).toBeVisible();
    await expect(client.getByTestId('task-status')).toHaveText('応募中');
  } finally {
    // The declined task stays 応募中 and would count in the client's header: leave the demo data as it was.
    if (taskId !== null) expect((await apiCall(client, 'DELETE', `/v2/projects/works/tasks/${taskId}`)).status).toBe(204);
    await clientContext.close();
    await creatorContext.close();
  }
});
