/**
 * Issue 44, images in a manuscript: the writer chooses a picture with 「画像」; it is uploaded for
 * the manuscript and appears in the writer's text and, live, in the client's (fetched with the
 * client's own session: the file is the manuscript's, not public). Leaving the manuscript asks
 * for no file without the session (the editor's plain HTML names no loadable src).
 */
import type { Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { firstManuscript, openTogether } from './support/manuscripts';
import { navigateInApp } from './support/tour';

/** A 2×2 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4Y6wERAwQCgAiUgSFZ/u1tQAAAABJRU5ErkJggg==', 'base64');

test('the writer puts an image in; the client sees it live', async ({ browser }) => {
  const { id } = firstManuscript();
  const together = await openTogether(browser, id, ['creator@demo.tsumugi.jp', 'client@demo.tsumugi.jp']);
  const [writer, client] = together.pages;
  // Every request for a file, until it is answered; those refused.
  const pending = new Set<Request>();
  const refused: string[] = [];
  for (const page of together.pages) {
    page.on('request', (request) => request.url().includes('/api/files/') && pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => pending.delete(request));
    page.on('response', (response) => {
      if (response.url().includes('/api/files/') && response.status() >= 400) refused.push(`${response.url()}: ${response.status()}`);
    });
  }
  try {
    const name = `写真-${String(Date.now()).slice(-6)}.png`;
    await writer.getByTestId('manuscript-editor').click();
    await writer.keyboard.press('Control+End');
    await writer.getByLabel('原稿に入れる画像').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
    for (const page of [writer, client]) {
      const image = page.getByRole('img', { name });
      await expect(image).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    }
    for (const page of [writer, client]) {
      await navigateInApp(page, '/projects');
      await expect(page.getByTestId('manuscript-editor')).toHaveCount(0);
      await expect(page.locator('h1').first()).toBeVisible();
    }
    await expect.poll(() => pending.size).toBe(0);
    expect(refused, 'no file asked for without the session').toEqual([]);
  } finally {
    await together.close();
  }
});
