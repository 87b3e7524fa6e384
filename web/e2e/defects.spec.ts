/** What a person hit before (issue 18): each test fails on the build without its fix. */
import type { Browser, Page } from '@playwright/test';
import { demoWorkspace } from './support/chat';
import { expect, test } from './support/fixtures';
import { liveConnected, logIn, tabTitle, tokenOf } from './support/session';

const PHONE = { width: 390, height: 844 };
const LIVE = { timeout: 2_000 };

async function phone(browser: Browser, mail: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  // Phones land on the chat list.
  await logIn(page, mail, '/teams');
  return { page, close: () => context.close() };
}

/** The page is no wider than the screen: nothing pokes out sideways. */
async function expectNoSideScroll(page: Page, path: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width}px wide on a 390px phone`).toBeLessThanOrEqual(PHONE.width);
}

/** An id the page needs, asked of the API with the page's own session. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

async function firstTaskPath(page: Page): Promise<string> {
  const tasks = await apiGet<{ tasks: { id: number }[]; direction_tasks: { id: number }[] }>(page, '/tasks');
  const task = [...tasks.tasks, ...tasks.direction_tasks][0];
  return `/tasks/${task.id}`;
}

test.describe('1. phone layout', () => {
  for (const mail of ['client@demo.tsumugi.jp', 'creator@demo.tsumugi.jp']) {
    test(`${mail}: a tab bar reaches tasks and projects, no desktop side menu, nothing wider than 390px`, async ({ browser }) => {
      const { page, close } = await phone(browser, mail);
      try {
        const tabs = page.getByTestId('phone-nav');
        await expect(tabs).toBeVisible();
        await expect(page.getByTestId('side-menu')).toHaveCount(0);
        await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'sp');

        // From the phone landing to the task list and the project list, by the tab bar.
        await tabs.getByRole('link', { name: 'タスク' }).click();
        await expect(page).toHaveURL('/tasks');
        await expect(page.getByRole('heading', { name: 'タスク一覧' })).toBeVisible();
        await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'sp');
        await tabs.getByRole('link', { name: 'プロジェクト' }).click();
        await expect(page).toHaveURL('/projects');
        await expect(page.getByTestId('project-list').getByRole('listitem').first()).toBeVisible();
        // A container-layout route keeps its layout, drawn for the phone: no side menu beside the page.
        await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'container');
        await expect(page.getByTestId('side-menu')).toHaveCount(0);
        await expect(tabs).toBeVisible();

        // The whole menu of the role is one tap away.
        await tabs.getByRole('button', { name: 'メニュー' }).click();
        const drawer = page.getByRole('dialog', { name: 'メニュー' });
        await expect(drawer.getByRole('link', { name: 'タスク' })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(drawer).toHaveCount(0);

        const workspace = await demoWorkspace(page);
        const pages = ['/projects', '/tasks', await firstTaskPath(page), '/teams', `/teams/${workspace.teamId}/channels/${workspace.channelId}`];
        for (const path of pages) {
          await page.goto(path);
          await expect(page.getByRole('heading').first()).toBeVisible();
          await expect(page.getByTestId('side-menu')).toHaveCount(0);
          await expect(tabs).toBeVisible();
          await expectNoSideScroll(page, path);
        }
      } finally {
        await close();
      }
    });
  }
});

test.describe('4. refused and missing pages', () => {
  test('a creator opening /admins sees the 403 page inside the frame', async ({ page }) => {
    await logIn(page, 'creator@demo.tsumugi.jp');
    await page.goto('/admins');
    await expect(page.getByTestId('forbidden-page').getByRole('heading', { name: 'アクセスが許可されていません' })).toBeVisible();
    await expect(page.getByTestId('forbidden-page').getByRole('link', { name: 'トップページへ戻る' })).toBeVisible();
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    await expect(page.getByTestId('side-menu')).toBeVisible();
  });

  test('an unknown path shows the 404 page with the header and menu', async ({ page }) => {
    await logIn(page, 'creator@demo.tsumugi.jp');
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found-page').getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect(page).toHaveTitle(tabTitle('ページが見つかりません'));
  });

  test('a channel the creator may not read is the 403 page: no toast, no pins, detail link or composer', async ({ browser }) => {
    const editorContext = await browser.newContext();
    const editor = await editorContext.newPage();
    await logIn(editor, 'editor@demo.tsumugi.jp');
    const { teamId } = await demoWorkspace(editor);
    const channels = await apiGet<{ id: number; channel_type: string }[]>(editor, `/teams/${teamId}/channels`);
    const management = channels.find((c) => c.channel_type === 'management')!;
    await editorContext.close();

    const creatorContext = await browser.newContext();
    const page = await creatorContext.newPage();
    try {
      await logIn(page, 'creator@demo.tsumugi.jp');
      for (const path of [`/teams/${teamId}/channels/${management.id}`, `/teams/${teamId}/channels/${management.id}/detail`]) {
        const refused = page.waitForResponse((r) => r.url().endsWith(`/api/channels/${management.id}`));
        await page.goto(path);
        expect((await refused).status()).toBe(403);
        await expect(page.getByTestId('forbidden-page')).toBeVisible();
        await expect(page.getByTestId('side-menu')).toBeVisible();
        await expect(page.getByRole('button', { name: /ピン留め/ })).toHaveCount(0);
        await expect(page.getByRole('link', { name: '詳細' })).toHaveCount(0);
        await expect(page.getByLabel('メッセージを入力')).toHaveCount(0);
        await expect(page.getByTestId('error-banner')).toHaveCount(0);
      }
      // Nothing else of the channel was asked for.
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes(`/api/channels/${management.id}/`) && asked.push(r.url()));
      await page.reload();
      await expect(page.getByTestId('forbidden-page')).toBeVisible();
      expect(asked).toEqual([]);
    } finally {
      await creatorContext.close();
    }
  });
});

test('5. the team badge follows new messages and reads live, without reload', async ({ browser }) => {
  const creatorContext = await browser.newContext();
  const editorContext = await browser.newContext();
  const teams = await creatorContext.newPage();
  const editor = await editorContext.newPage();
  try {
    await logIn(teams, 'creator@demo.tsumugi.jp');
    await logIn(editor, 'editor@demo.tsumugi.jp');
    const workspace = await demoWorkspace(teams);
    // Start with nothing unread in the team (every channel of it), through the API, as if read elsewhere.
    const token = await tokenOf(teams);
    const channels = await apiGet<{ id: number }[]>(teams, `/teams/${workspace.teamId}/channels`);
    for (const channel of channels) {
      const history = await apiGet<{ messages: { id: number }[] }>(teams, `/channels/${channel.id}/messages?page=0`);
      const read = await teams.request.put(`/api/channels/${channel.id}/read`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { message_id: Math.max(...history.messages.map((m) => m.id)) },
      });
      expect(read.status()).toBe(200);
    }

    await teams.goto('/teams');
    // Live from the moment the page is connected (a message sent before that is in the page's first count).
    await liveConnected(teams);
    const badge = teams.getByTestId(`team-unread-${workspace.teamId}`);
    await expect(teams.getByRole('link', { name: /デモ編集部/ })).toBeVisible();
    await expect(badge).toHaveCount(0);
    let reloaded = false;
    teams.on('load', () => (reloaded = true));

    // The editor writes twice (through the REST API, as the composer does).
    const editorToken = await tokenOf(editor);
    let body = '';
    for (const n of [1, 2]) {
      body = `未読バッジ ${n} ${Date.now()}`;
      const sent = await editor.request.post(`/api/channels/${workspace.channelId}/messages`, {
        headers: { Authorization: `Bearer ${editorToken}` },
        data: { body, client_message_id: body },
      });
      expect(sent.status()).toBe(201);
      await expect(badge).toHaveText(String(n), LIVE);
    }

    // The creator reads the channel in another tab: the badge falls here, still without reload.
    const reader = await creatorContext.newPage();
    await reader.goto(`/teams/${workspace.teamId}/channels/${workspace.channelId}`);
    await expect(reader.getByTestId('message').filter({ hasText: body })).toBeVisible();
    await expect(badge).toHaveCount(0, LIVE);
    expect(reloaded).toBe(false);
  } finally {
    await creatorContext.close();
    await editorContext.close();
  }
});

test.describe('6. member information by role', () => {
  test('a client sees only the profile and login cards, with the side menu', async ({ page }) => {
    await logIn(page, 'client@demo.tsumugi.jp');
    await page.goto('/user/edit');
    await expect(page.getByRole('heading', { name: '会員情報編集' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(cards).toHaveText(['プロフィール', 'ログイン情報']);
    await expect(page.getByRole('main')).not.toContainText('未入力');
    await expect(page.getByTestId('side-menu')).toBeVisible();
  });

  test('a creator sees every card', async ({ page }) => {
    await logIn(page, 'creator@demo.tsumugi.jp');
    await page.goto('/user/edit');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'プロフィール',
      'ログイン情報',
      '職業・資格情報',
      'スキル・属性情報',
      '振込先情報',
      'プレビュー',
    ]);
  });

  test('the leader chat keeps the side menu', async ({ page }) => {
    await logIn(page, 'manager@demo.tsumugi.jp');
    await page.goto('/leader_teams');
    await expect(page.getByRole('heading', { name: 'チームリーダーチャット' })).toBeVisible();
    await expect(page.getByTestId('side-menu')).toBeVisible();
  });
});

test.describe('7. finished forms and details', () => {
  test('the task form: searchable select by keyboard, Japanese date picker from Sunday, people picker chips', async ({ page }) => {
    await logIn(page, 'client@demo.tsumugi.jp');
    await page.getByTestId('project-list').getByRole('link', { name: '2027年春号 特集企画' }).click();
    await page.getByTestId('work-list').getByRole('link', { name: '2027年春号 特集企画 本編' }).click();
    const title = `フォーム確認 ${Date.now()}`;

    // Select with search, by keyboard only.
    const type = page.getByRole('combobox', { name: '作業種別', exact: true });
    await type.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('校正');
    await expect(page.getByRole('option')).toHaveText(['校正・校閲']);
    await page.keyboard.press('Enter');
    await expect(type).toHaveText('校正・校閲');
    await expect(type).toBeFocused();

    await page.getByLabel('タイトル').fill(title);

    // The calendar is in Japanese, weeks from Sunday; the chosen day reads yyyy/M/d.
    await page.getByRole('button', { name: '納期をカレンダーから選ぶ' }).click();
    const calendar = page.getByRole('dialog', { name: '納期を選ぶ' });
    await expect(calendar.getByRole('columnheader')).toHaveText(['日', '月', '火', '水', '木', '金', '土']);
    await calendar.getByRole('button', { name: '次の月' }).click();
    const month = (await calendar.getByRole('grid').getAttribute('aria-label'))!;
    const [, year, monthNumber] = /^(\d+)年(\d+)月$/.exec(month)!;
    await calendar.getByRole('button', { name: new RegExp(`^${year}年${monthNumber}月10日`) }).click();
    await expect(page.getByLabel('納期', { exact: true })).toHaveValue(`${year}/${monthNumber}/10`);

    // People picker: type, choose with the keyboard, a chip appears; Backspace would take it off.
    const people = page.getByRole('combobox', { name: '担当者', exact: true });
    await people.fill('佐藤');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('person-chip')).toHaveText(['佐藤 健×']);

    const created = page.waitForResponse((r) => /\/api\/v2\/projects\/works\/\d+\/tasks$/.test(r.url()) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'タスクを作成' }).click();
    const answer = await created;
    const sent = answer.request().postDataJSON() as { type: string; due_date: string; assignee_ids: number[] };
    expect(sent.type).toBe('proofreading_and_review');
    expect(sent.due_date).toBe(`${year}-${monthNumber.padStart(2, '0')}-10`);
    expect(sent.assignee_ids).toHaveLength(1);
    const { id } = (await answer.json()) as { id: number };
    expect((await page.request.delete(`/api/v2/projects/works/tasks/${id}`, { headers: { Authorization: `Bearer ${await tokenOf(page)}` } })).status()).toBe(204);
  });

  test('task details are a description list without browser indentation; the staff menu has no bullets', async ({ page }) => {
    await logIn(page, 'manager@demo.tsumugi.jp');
    await page.goto(await firstTaskPath(page));
    const summary = page.getByTestId('task-summary');
    await expect(summary.locator('dt').first()).toHaveText('種別');
    expect(await summary.locator('dd').first().evaluate((dd) => getComputedStyle(dd).marginInlineStart)).toBe('0px');
    await page.goto('/admins');
    const menu = page.getByRole('link', { name: '完了日更新' }).locator('xpath=ancestor::ul[1]');
    expect(await menu.evaluate((ul) => getComputedStyle(ul).listStyleType)).toBe('none');
  });
});

test.describe('8. small things', () => {
  test('the browser tab names the page', async ({ page }) => {
    await logIn(page, 'creator@demo.tsumugi.jp');
    await expect(page).toHaveTitle(tabTitle('プロジェクト一覧'));
    await page.goto('/tasks');
    await expect(page).toHaveTitle(tabTitle('タスク一覧'));
  });

  test('the login page links to sign-up and password recovery', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('ログイン | Tsumugi');
    await page.getByRole('link', { name: 'はじめての方は会員登録' }).click();
    await expect(page).toHaveURL('/signup');
    await expect(page.getByRole('heading', { name: '会員登録' })).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await expect(page).toHaveURL('/account_recovery');
    await expect(page.getByRole('heading', { name: 'パスワードの再設定' })).toBeVisible();
  });
});
