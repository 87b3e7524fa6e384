/**
 * Screenshots of the main screens on a phone (390×844) and a desktop (1366×900), as the demo
 * creator, written to docs/screens/. Not part of the suite: `npm run screens -w web`.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { demoWorkspace } from './support/chat';
import { expect, test } from './support/fixtures';
import { logIn, tokenOf } from './support/session';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screens');
const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
};

async function firstTask(page: Page): Promise<number> {
  const answer = await page.request.get('/api/tasks?status[]=doing', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  const tasks = (await answer.json()) as { tasks: { id: number }[] };
  return tasks.tasks[0].id;
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`screens on a ${size}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, hasTouch: size === 'phone' });
    const page = await context.newPage();
    try {
      await logIn(page, 'creator@demo.tsumugi.jp', size === 'phone' ? '/teams' : '/projects');
      const workspace = await demoWorkspace(page);
      const shots: [string, string, () => Promise<void>][] = [
        ['projects', '/projects', () => expect(page.getByTestId('project-list').getByRole('listitem').first()).toBeVisible()],
        ['tasks', '/tasks', () => expect(page.getByTestId('task-list').getByRole('listitem').first()).toBeVisible()],
        ['task', `/tasks/${await firstTask(page)}`, () => expect(page.getByTestId('task-status')).toBeVisible()],
        ['teams', '/teams', () => expect(page.getByRole('link', { name: /デモ編集部/ })).toBeVisible()],
        [
          'channel',
          `/teams/${workspace.teamId}/channels/${workspace.channelId}`,
          () => expect(page.getByTestId('message').last()).toBeVisible(),
        ],
      ];
      for (const [name, path, ready] of shots) {
        await page.goto(path);
        await ready();
        // Fonts and images settle before the picture is taken.
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${OUT}/${name}-${size}.png` });
      }
    } finally {
      await context.close();
    }
  });
}
