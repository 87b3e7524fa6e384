import { expect, test } from '@playwright/test';
import { logIn } from './support/session';

test('the client sees its projects and the important counts in the header', async ({ page }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  await expect(page.getByTestId('project-list').getByRole('listitem')).toHaveCount(5);
  await expect(page.getByTestId('project-list')).toContainText('検収中');
  await expect(page.getByTestId('applying-count')).toHaveText('4');
  await expect(page.getByTestId('under-acceptance-count')).toHaveText('2');
});

test('searching projects replaces the list', async ({ page }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  await page.getByLabel('キーワード').fill('京都');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('project-list').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('project-list')).toContainText('秋の京都さんぽ 取材記事');
});

test('a delivery raises the client’s not-yet-inspected count and bell within a second', async ({ browser }) => {
  const clientContext = await browser.newContext();
  const creatorContext = await browser.newContext();
  const client = await clientContext.newPage();
  const creator = await creatorContext.newPage();
  try {
    await logIn(client, 'client@demo.tsumugi.jp');
    await logIn(creator, 'creator@demo.tsumugi.jp');
    const headers = { Authorization: `Bearer ${await creator.evaluate(() => localStorage.getItem('tsumugi.token'))}` };
    const mine = await (await creator.request.get('/api/mytasks', { headers })).json();
    const doing = mine.tasks.find((t: { status: string }) => t.status === 'doing');
    const count = client.getByTestId('under-acceptance-count');
    const before = Number(await count.textContent());
    const bell = client.getByTestId('bell-count');
    const bellBefore = (await bell.count()) ? Number(await bell.textContent()) : 0;
    let reloaded = false;
    client.on('load', () => (reloaded = true));

    const response = await creator.request.post(`/api/tasks/${doing.id}/deliveries`, {
      headers,
      data: { type: 'external', url: 'https://example.jp/onsen-guide' },
    });
    expect(response.status()).toBe(201);
    await expect(count).toHaveText(String(before + 1), { timeout: 1_000 });
    await expect(bell).toHaveText(String(bellBefore + 1), { timeout: 1_000 });
    expect(reloaded).toBe(false);
  } finally {
    await clientContext.close();
    await creatorContext.close();
  }
});
