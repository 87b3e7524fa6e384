/**
 * Issue 44, images in a manuscript: the writer chooses a picture with 「画像」; it is uploaded for
 * the manuscript and appears in the writer's text and, live, in the client's (fetched with the
 * client's own session: the file is the manuscript's, not public).
 */
import { expect, test } from './support/fixtures';
import { firstManuscript, openTogether } from './support/manuscripts';

/** A 2×2 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4Y6wERAwQCgAiUgSFZ/u1tQAAAABJRU5ErkJggg==', 'base64');

test('the writer puts an image in; the client sees it live', async ({ browser }) => {
  const { id } = firstManuscript();
  const together = await openTogether(browser, id, ['creator@demo.tsumugi.jp', 'client@demo.tsumugi.jp']);
  const [writer, client] = together.pages;
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
  } finally {
    await together.close();
  }
});
