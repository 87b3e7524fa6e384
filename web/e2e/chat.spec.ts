import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { channelPath, demoWorkspace, send, type Workspace } from './support/chat';
import { databaseUrl, newDataDir, startNode, stopNode } from './support/server';
import { logIn, tokenOf } from './support/session';
import { E2E_PORT } from '../playwright.config';

const LIVE = { timeout: 1_000 };
/** The second node of the two-node flow, beside this run's port (helpers run their own). */
const NODE_B_PORT = E2E_PORT + 3;
const RESTARTED_PORT = E2E_PORT + 4;

async function twoPeople(browser: Browser, editorBase?: string, prepareEditor?: (context: BrowserContext) => Promise<void>) {
  const creatorContext = await browser.newContext();
  const editorContext = await browser.newContext(editorBase ? { baseURL: editorBase } : {});
  await prepareEditor?.(editorContext);
  const creator = await creatorContext.newPage();
  const editor = await editorContext.newPage();
  await logIn(creator, 'creator@demo.tsumugi.jp');
  await logIn(editor, 'editor@demo.tsumugi.jp');
  const workspace = await demoWorkspace(creator);
  const close = async () => {
    await creatorContext.close();
    await editorContext.close();
  };
  return { creator, editor, workspace, close };
}

const messageWith = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });

async function openChannel(page: Page, w: Workspace) {
  await page.goto(channelPath(w));
  await expect(page.getByTestId('message').first()).toBeVisible();
}

test('a message, a reaction and a pin reach the other person live', async ({ browser }) => {
  const { creator, editor, workspace, close } = await twoPeople(browser);
  try {
    await openChannel(creator, workspace);
    await openChannel(editor, workspace);
    let reloaded = false;
    editor.on('load', () => (reloaded = true));

    const text = `ライブ配信の確認 ${Date.now()}`;
    await send(creator, text);
    await expect(messageWith(editor, text)).toHaveCount(1, LIVE);

    const onEditor = messageWith(editor, text);
    const onCreator = messageWith(creator, text);
    await onCreator.hover();
    await onCreator.getByRole('button', { name: 'リアクション' }).click();
    await creator.getByRole('menu', { name: 'リアクションを選択' }).getByRole('button', { name: 'いいね', exact: true }).click();
    await expect(onEditor.getByTestId('reaction-chip')).toHaveAttribute('aria-label', 'いいね 1', LIVE);

    await onCreator.hover();
    await onCreator.getByRole('button', { name: 'ピン留め', exact: true }).click();
    await expect(onEditor.getByLabel('ピン留め中')).toBeVisible(LIVE);
    await editor.getByRole('button', { name: /ピン留め \d+/ }).click();
    await expect(editor.getByTestId('pinned-list')).toContainText(text);
    expect(reloaded).toBe(false);
  } finally {
    await close();
  }
});

test('deleting a message asks in the app’s own dialog, never the browser’s, and the other person sees it go', async ({ browser }) => {
  const { creator, editor, workspace, close } = await twoPeople(browser);
  try {
    const browserDialogs: string[] = [];
    creator.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openChannel(creator, workspace);
    await openChannel(editor, workspace);
    const text = `削除の確認 ${Date.now()}`;
    await send(creator, text);
    await expect(messageWith(editor, text)).toHaveCount(1, LIVE);

    // Cancel keeps it.
    await messageWith(creator, text).hover();
    await messageWith(creator, text).getByRole('button', { name: '削除', exact: true }).click();
    const ask = creator.getByRole('dialog', { name: 'このメッセージを削除しますか？' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'キャンセル' }).click();
    await expect(ask).toBeHidden();
    await expect(messageWith(creator, text)).toHaveCount(1);

    // Confirming deletes it, for both.
    await messageWith(creator, text).hover();
    await messageWith(creator, text).getByRole('button', { name: '削除', exact: true }).click();
    await ask.getByRole('button', { name: '削除する' }).click();
    await expect(messageWith(creator, text)).toHaveCount(0);
    await expect(messageWith(editor, text)).toHaveCount(0, LIVE);
    expect(browserDialogs).toEqual([]);
  } finally {
    await close();
  }
});

/** The tab's title with `count` unread messages before it (none at 0). */
const titleCounting = (count: number) => (count > 0 ? new RegExp(`^\\(${count}\\) `) : /^[^(]/);

test('the unread badge, tab title and icon rise with new messages; the channel opens with the unread divider, a jump to it, and falls after reading', async ({ browser }) => {
  const { creator, editor, workspace, close } = await twoPeople(browser);
  try {
    await openChannel(creator, workspace);
    await editor.goto(`/teams/${workspace.teamId}/channels`);
    const badge = editor.getByTestId(`unread-${workspace.channelId}`);
    await expect(badge).toHaveCount(0);
    // Other channels' unread messages count in the tab too.
    const elsewhere = (await (await editor.request.get('/api/channels/unread', { headers: { Authorization: `Bearer ${await tokenOf(editor)}` } })).json()).total;
    await expect(editor).toHaveTitle(titleCounting(elsewhere));
    await send(creator, `未読テスト1 ${Date.now()}`);
    await expect(badge).toHaveText('1', LIVE);
    const second = `未読テスト2 ${Date.now()}`;
    await send(creator, second);
    await expect(badge).toHaveText('2', LIVE);
    // Taller than the list: the divider above it is out of view when the channel opens at the bottom.
    await send(creator, Array.from({ length: 40 }, (_, i) => `長文${i + 1}行目`).join('\n'));
    await expect(badge).toHaveText('3', LIVE);
    await expect(editor).toHaveTitle(titleCounting(elsewhere + 3));
    await expect(editor.locator('link[rel="icon"]')).toHaveAttribute('data-unread', String(elsewhere + 3));
    await expect(editor.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/png/);

    await editor.getByRole('link', { name: '#デモ編集部', exact: true }).click();
    const divider = editor.getByTestId('unread-marker');
    await expect(divider).toHaveCount(1);
    await expect(divider).not.toBeInViewport();
    await expect(editor.getByTestId('day-separator').last()).toHaveText(/^\d{1,2}月\d{1,2}日（[日月火水木金土]）$/);
    // The jump button counts the unread messages still above the view: the long one is on screen.
    const jump = editor.getByTestId('jump-to-unread');
    await expect(jump).toHaveText('↑ 未読 2件');
    // Scrolled up to the second one: one is left above.
    await messageWith(editor, second).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(jump).toHaveText('↑ 未読 1件');
    await jump.click();
    await expect(divider).toBeInViewport();
    await expect(editor.getByTestId('jump-to-unread')).toHaveCount(0);
    await expect(editor).toHaveTitle(titleCounting(elsewhere));

    // Scrolled to the top, older messages come in above without moving what is on screen.
    const list = editor.getByTestId('message-list');
    const loaded = await list.getByTestId('message').count();
    // The first message in view (or the one named), and how far below the list's top it starts.
    const where = (id?: string) =>
      list.evaluate((el, wanted) => {
        const top = el.getBoundingClientRect().top;
        const nodes = [...el.querySelectorAll<HTMLElement>('[data-message-id]')];
        const node = nodes.find((n) => (wanted ? n.dataset.messageId === wanted : n.getBoundingClientRect().bottom > top))!;
        return { id: node.dataset.messageId!, offset: Math.round(node.getBoundingClientRect().top - top) };
      }, id);
    // Not quite at the top: the place is kept to the pixel, not just the message.
    await list.evaluate((el) => (el.scrollTop = 30));
    const top = await where();
    await expect.poll(() => list.getByTestId('message').count()).toBeGreaterThan(loaded);
    expect(Math.abs((await where(top.id)).offset - top.offset)).toBeLessThanOrEqual(2);
    await editor.goBack();
    await expect(badge).toHaveCount(0);
  } finally {
    await close();
  }
});

/**
 * The editor's tab is in the background (document.visibilityState overridden) and records each
 * browser notification it shows (the real Notification, which the browser allows: the test grants it).
 */
async function editorInBackground(context: BrowserContext) {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { get: () => true, configurable: true });
    const shown: Notification[] = [];
    (window as unknown as { shownNotifications: Notification[] }).shownNotifications = shown;
    window.Notification = class extends window.Notification {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(this);
      }
    };
  });
}

test('a mention raises the mentioned person’s notice count live and, their tab in the background, shows a notification that opens the message', async ({ browser }) => {
  const { creator, editor, workspace, close } = await twoPeople(browser, undefined, editorInBackground);
  try {
    await openChannel(creator, workspace);
    const count = editor.getByTestId('envelope-count');
    const before = Number((await count.count()) ? await count.textContent() : 0);
    // Suggestions find a member by the reading of their name.
    await creator.getByLabel('メッセージを入力').fill('@さとう');
    await expect(creator.getByRole('option', { name: '佐藤 健' })).toBeVisible();
    await creator.getByLabel('メッセージを入力').press('Enter');
    await creator.getByLabel('メッセージを入力').pressSequentially('確認お願いします');
    await creator.getByRole('button', { name: '送信' }).click();
    await expect(messageWith(creator, '@佐藤 健')).toHaveCount(1);
    await expect(count).toHaveText(String(before + 1), LIVE);
    const shown = () => editor.evaluate(() => (window as unknown as { shownNotifications: Notification[] }).shownNotifications.map((n) => `${n.title}|${n.body}`));
    await expect.poll(shown, LIVE).toEqual(['山田 花子さんが「デモ編集部」であなたをメンションしました|@佐藤 健 確認お願いします']);
    await editor.evaluate(() => (window as unknown as { shownNotifications: Notification[] }).shownNotifications[0].onclick?.(new Event('click')));
    await expect(editor).toHaveURL(new RegExp(`/channels/${workspace.channelId}\\?message=\\d+$`));
    await expect(editor.locator('[data-focused]')).toContainText('確認お願いします');
    await editor.getByTestId('envelope').click();
    await expect(editor.getByRole('dialog', { name: 'メッセージのお知らせ' })).toContainText('山田 花子さんが「デモ編集部」であなたをメンションしました');
  } finally {
    await close();
  }
});

test('two browsers on two nodes sharing Redis chat live', async ({ browser }) => {
  const dataDir = newDataDir();
  const nodeB = await startNode({
    port: NODE_B_PORT,
    databaseUrl: process.env.E2E_DATABASE_URL ?? databaseUrl(process.env.E2E_DATABASE!),
    redisPrefix: process.env.E2E_REDIS_PREFIX!,
    dataDir,
    env: { REVISION_NO: await currentRevision(browser) },
  });
  const { creator, editor, workspace, close } = await twoPeople(browser, `http://127.0.0.1:${NODE_B_PORT}`);
  try {
    await openChannel(creator, workspace);
    await openChannel(editor, workspace);
    const text = `ノード越え ${Date.now()}`;
    await send(creator, text);
    await expect(messageWith(editor, text)).toHaveCount(1, LIVE);
    await send(editor, `返信 ${text}`);
    await expect(messageWith(creator, `返信 ${text}`)).toHaveCount(1, LIVE);

    // Presence and typing cross the nodes too: the editor is online on the creator's page, what
    // they type shows under the creator's composer, and their dot turns offline once they leave.
    const editorDot = messageWith(creator, `返信 ${text}`).getByTestId('presence-dot');
    await expect(editorDot).toHaveAttribute('data-status', 'online', LIVE);
    await editor.getByLabel('メッセージを入力').fill('まだ送らない文');
    await expect(creator.getByTestId('typing-line')).toHaveText('佐藤 健さんが入力中…', LIVE);
    await editor.context().close();
    await expect(editorDot).toHaveAttribute('data-status', 'offline', { timeout: 3_000 });
  } finally {
    await close();
    await stopNode(nodeB);
  }
});

test('after its server restarts, a client shows what was sent meanwhile, each once', async ({ browser }) => {
  const dataDir = newDataDir();
  const db = process.env.E2E_DATABASE_URL ?? databaseUrl(process.env.E2E_DATABASE!);
  const revision = await currentRevision(browser);
  const options = { port: RESTARTED_PORT, databaseUrl: db, redisPrefix: process.env.E2E_REDIS_PREFIX!, dataDir, env: { REVISION_NO: revision } };
  let restartable = await startNode(options);
  const { creator, editor, workspace, close } = await twoPeople(browser, `http://127.0.0.1:${RESTARTED_PORT}`);
  try {
    await openChannel(editor, workspace);
    await stopNode(restartable);
    const token = await tokenOf(creator);
    const missed = [`停止中1 ${Date.now()}`, `停止中2 ${Date.now()}`];
    for (const body of missed) {
      const response = await creator.request.post(`/api/channels/${workspace.channelId}/messages`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { body, client_message_id: body },
      });
      expect(response.status()).toBe(201);
    }
    restartable = await startNode(options);
    for (const body of missed) await expect(messageWith(editor, body)).toHaveCount(1, { timeout: 15_000 });
    const live = `再接続後 ${Date.now()}`;
    await creator.request.post(`/api/channels/${workspace.channelId}/messages`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { body: live, client_message_id: live },
    });
    await expect(messageWith(editor, live)).toHaveCount(1, { timeout: 3_000 });
    for (const body of missed) await expect(messageWith(editor, body)).toHaveCount(1);
  } finally {
    await close();
    await stopNode(restartable);
  }
});

/** The revision the main node serves, so extra nodes do not announce a release. */
async function currentRevision(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const answer = await (await context.request.get('/revision.json')).json();
  await context.close();
  return answer.revision_no;
}

test('a thread reply appears live in the other person’s thread panel and in the count under the message', async ({ browser }) => {
  const { creator, editor, workspace, close } = await twoPeople(browser);
  try {
    await openChannel(creator, workspace);
    await openChannel(editor, workspace);
    const text = `スレッドの確認 ${Date.now()}`;
    await send(creator, text);
    await expect(messageWith(editor, text)).toHaveCount(1, LIVE);

    // The creator opens the (empty) thread of their message; the editor replies from theirs.
    const startThread = async (page: Page) => {
      const message = page.getByTestId('message-list').getByTestId('message').filter({ hasText: text });
      await message.hover();
      await message.getByRole('button', { name: 'スレッドで返信' }).click();
    };
    await startThread(creator);
    const creatorPanel = creator.getByTestId('thread-panel');
    await expect(creatorPanel).toContainText(text);
    await expect(creatorPanel.getByTestId('thread-count')).toHaveText('0件の返信');
    await startThread(editor);
    const reply = `二案目が良いと思います ${Date.now()}`;
    await editor.getByLabel('スレッドに返信').fill(reply);
    await editor.getByRole('button', { name: '返信', exact: true }).click();
    await expect(editor.getByTestId('thread-panel')).toContainText(reply);

    await expect(creatorPanel).toContainText(reply, LIVE);
    await expect(creatorPanel.getByTestId('thread-count')).toHaveText('1件の返信', LIVE);
    const summaryOnCreator = creator.getByTestId('message-list').getByTestId('message').filter({ hasText: text }).locator('xpath=..').getByTestId('thread-summary');
    await expect(summaryOnCreator).toHaveText('💬 1件の返信（佐藤 健）', LIVE);
    // The reply stays in its thread, out of the channel's stream.
    await expect(creator.getByTestId('message-list').getByText(reply)).toHaveCount(0);

    // The notice of the reply opens its thread at the reply.
    await creatorPanel.getByRole('button', { name: '閉じる' }).click();
    await creator.getByTestId('envelope').click();
    await creator.getByRole('dialog', { name: 'メッセージのお知らせ' }).getByText('佐藤 健さんが「デモ編集部」のスレッドに返信しました').first().click();
    await expect(creatorPanel.locator('[data-focused]')).toContainText(reply);
  } finally {
    await close();
  }
});
