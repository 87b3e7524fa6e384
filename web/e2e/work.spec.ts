import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { psql } from './support/db';
import { logIn, tokenOf } from './support/session';

/**
 * The demo client's live tasks as the database holds them now: the seed gives 4 applying and 2 under
 * acceptance, and specs that run before this one (a manuscript version delivered, a task applied for) add to them.
 */
function importantCounts(): { applying: number; underAcceptance: number } {
  const [applying, underAcceptance] = psql(
    `select count(*) filter (where t.status = 'applying') || ',' || count(*) filter (where t.status = 'under_acceptance')
       from tasks t join works w on w.id = t.work_id join projects p on p.id = w.project_id join media m on m.id = p.media_id
      where m.client_id = (select client_id from users where mail_address = 'client@demo.tsumugi.jp') and not t.is_invalid`,
  )
    .split(',')
    .map(Number);
  return { applying, underAcceptance };
}

test('the client sees its projects and the important counts in the header', async ({ page }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  await expect(page.getByTestId('project-list').getByRole('listitem')).toHaveCount(6); // five in every status, and the finished column series of the rewards demo
  await expect(page.getByTestId('project-list')).toContainText('検収中');
  const counts = importantCounts();
  expect(counts.applying).toBeGreaterThanOrEqual(4);
  expect(counts.underAcceptance).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('applying-count')).toHaveText(String(counts.applying));
  await expect(page.getByTestId('under-acceptance-count')).toHaveText(String(counts.underAcceptance));
});

test('searching projects replaces the list', async ({ page }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  await page.getByLabel('キーワード').fill('京都');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('project-list').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('project-list')).toContainText('秋の京都さんぽ 取材記事');
});

/** The bell's unread count once the header shows what the server says (the demo data has unread task notices). */
async function shownBellCount(page: Page): Promise<number> {
  const answer = await page.request.get('/api/v2/notices?type=task', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  const unread = ((await answer.json()) as { unread_count: number }).unread_count;
  const bell = page.getByTestId('bell-count');
  if (unread > 0) await expect(bell).toHaveText(String(unread));
  else await expect(bell).toHaveCount(0);
  return unread;
}

test('the creator delivers a file, the client sees it live and accepts, the creator sees the acceptance live', async ({ browser }) => {
  const clientContext = await browser.newContext();
  const creatorContext = await browser.newContext();
  const client = await clientContext.newPage();
  const creator = await creatorContext.newPage();
  try {
    await logIn(client, 'client@demo.tsumugi.jp');
    await logIn(creator, 'creator@demo.tsumugi.jp');
    const count = client.getByTestId('under-acceptance-count');
    const before = Number(await count.textContent());
    const clientBell = client.getByTestId('bell-count');
    const clientBellBefore = await shownBellCount(client);
    const creatorBell = creator.getByTestId('bell-count');
    const creatorBellBefore = await shownBellCount(creator);
    let clientReloaded = false;
    let creatorReloaded = false;
    client.on('load', () => (clientReloaded = true));

    // The creator finds the task being worked on and delivers a manuscript file.
    await creator.goto('/tasks?status[]=doing');
    await creator.getByTestId('task-list').getByRole('link', { name: /冬の温泉ガイド 本文執筆/ }).click();
    await expect(creator).toHaveURL(/\/tasks\/\d+$/);
    await expect(creator.getByTestId('task-status')).toHaveText('作業中');
    creator.on('load', () => (creatorReloaded = true));
    await creator.getByLabel('納品ファイル').setInputFiles({
      name: '温泉ガイド原稿.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('冬の温泉ガイド 本文（完成稿）'),
    });
    await creator.getByRole('button', { name: 'ファイルを納品する' }).click();
    await expect(creator.getByTestId('deliveries').getByRole('button', { name: /温泉ガイド原稿\.txt$/ })).toBeVisible();

    // Within a second and without reload, the client's count and bell move.
    await expect(count).toHaveText(String(before + 1), { timeout: 1_000 });
    await expect(clientBell).toHaveText(String(clientBellBefore + 1), { timeout: 1_000 });
    expect(clientReloaded).toBe(false);

    // The client opens the delivered task from the count and accepts it.
    await count.click();
    await expect(client).toHaveURL(/\/tasks\?status(%5B%5D|\[\])=under_acceptance/);
    await client.getByRole('link', { name: /冬の温泉ガイド 本文執筆/ }).click();
    await expect(client.getByTestId('task-status')).toHaveText('検収中');
    await expect(client.getByText('温泉ガイド原稿.txt')).toBeVisible();
    await client.getByRole('button', { name: '検収する' }).click();
    await expect(client.getByTestId('task-status')).toHaveText('完了');

    // The creator's bell and page show the acceptance at once, still without reload.
    await expect(creatorBell).toHaveText(String(creatorBellBefore + 1), { timeout: 1_000 });
    await expect(creator.getByTestId('task-status')).toHaveText('完了', { timeout: 1_000 });
    expect(creatorReloaded).toBe(false);
    await creator.getByTestId('bell').click();
    await expect(creator.getByText(/冬の温泉ガイド 本文執筆」の納品が検収されました/)).toBeVisible();
  } finally {
    await clientContext.close();
    await creatorContext.close();
  }
});
