/**
 * What the demo data and the server say must agree with what a person sees: delivered tasks
 * show their delivery, staff can open and read the management channel, and the bell and the
 * envelope hold the notices the seeded state implies (issue 18, defects 2, 3 and 5).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { logIn, tokenOf } from './support/session';

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

test('a task under acceptance shows its delivery, and the client header counts what 納品一覧 lists', async ({ page }) => {
  await logIn(page, 'client@demo.tsumugi.jp');
  const me = await api<{ client: { id: number } }>(page, '/api/users/whoami');
  const clientId = me.client.id;
  const tasks = await api<{ tasks: { id: number; title: string }[]; direction_tasks: { id: number; title: string }[] }>(
    page,
    `/api/clients/${clientId}/tasks?status[]=under_acceptance`,
  );
  const awaiting = [...tasks.tasks, ...tasks.direction_tasks];
  expect(awaiting.length).toBeGreaterThan(0);

  await expect(page.getByTestId('under-acceptance-count')).toHaveText(String(awaiting.length));
  await page.goto(`/tasks/${awaiting[0].id}`);
  await expect(page.getByTestId('task-status')).toHaveText('検収中');
  await expect(page.getByText('まだ納品されていません')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /docs\.example\.jp/ })).toBeVisible();

  await page.goto('/clients/deliveries');
  for (const task of awaiting) {
    await expect(page.getByText(task.title).first()).toBeVisible();
  }
});

test('staff open the management channel: it is readable, its unread count clears, its title says each word once', async ({ page }) => {
  await logIn(page, 'admin@demo.tsumugi.jp');
  const teams = await api<{ favorite: { id: number; name: string }[]; assigned: { id: number; name: string }[]; other: { id: number; name: string }[] }>(
    page,
    '/api/teams',
  );
  const team = [...teams.favorite, ...teams.assigned, ...teams.other].find((t) => t.name === 'デモ編集部')!;
  const channels = await api<{ id: number; name: string; channel_type: string; unread_count: number }[]>(page, `/api/teams/${team.id}/channels`);
  // A channel the admin may not open (the group channel) is not listed to them.
  expect(channels.map((c) => c.channel_type)).toEqual(['management']);
  const management = channels[0];

  await page.goto(`/teams/${team.id}/channels`);
  const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `#${management.name}` }) });
  await expect(line).toBeVisible();
  const words = ((await line.textContent()) ?? '').replace('#', ' ').split(/\s+/).filter(Boolean);
  expect(new Set(words).size, `repeated words in 「${words.join(' ')}」`).toBe(words.length);

  await line.getByRole('link').click();
  await expect(page.getByTestId('message').first()).toBeVisible();
  await expect(page.getByText('アクセスが許可されていません。')).toHaveCount(0);
  await expect
    .poll(async () => (await api<{ unread_count: number }>(page, `/api/channels/${management.id}`)).unread_count)
    .toBe(0);
  await page.goto(`/teams/${team.id}/channels`);
  await expect(page.getByTestId(`unread-${management.id}`)).toHaveCount(0);
});

test('the creator finds the open offer on the bell and the unread message in the envelope', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  await page.getByTestId('bell').click();
  await expect(page.getByText(/のお仕事の依頼が届きました/).first()).toBeVisible();
  await expect(page.getByText('お知らせはありません')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('envelope').click();
  await expect(page.getByText('佐藤 健さんからメッセージが届きました').first()).toBeVisible();
});
