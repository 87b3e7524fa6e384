/**
 * Issue 44, comments anchored to the manuscript's text: the client (comment permission) selects
 * a phrase and comments on it; the writer sees the thread and its highlight live, replies, and
 * resolves it; the client sees the reply and the thread folded away as resolved, live.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { firstManuscript, openTogether } from './support/manuscripts';

/** Selects `phrase` in the editor as a reader does with the mouse (a DOM selection over the text). */
async function select(page: Page, phrase: string) {
  await page.getByTestId('manuscript-editor').evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`${wanted} is not in the manuscript`);
  }, phrase);
}

test('a client comments on a phrase; the writer sees it live, replies and resolves it', async ({ browser }) => {
  const { id } = firstManuscript();
  const together = await openTogether(browser, id, ['creator@demo.tsumugi.jp', 'client@demo.tsumugi.jp']);
  const [writer, client] = together.pages;
  try {
    for (const page of [writer, client]) await expect(page.getByTestId('manuscript-editor')).toContainText('にんじん');
    await expect(client.getByTestId('manuscript-permission')).toContainText('コメント');

    const tag = String(Date.now()).slice(-6);
    const remark = `「にんじん」は表記をそろえてください ${tag}`;
    await expect(client.getByTestId('manuscript-comment-start')).toBeDisabled();
    await select(client, 'にんじん');
    await client.getByTestId('manuscript-comment-start').click();
    await expect(client.getByTestId('manuscript-comment-form')).toContainText('にんじん');
    await client.getByTestId('manuscript-comment-body').fill(remark);
    await client.getByTestId('manuscript-comment-submit').click();
    const mine = client.getByTestId('manuscript-comment-thread').filter({ hasText: remark });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('button', { name: '削除' })).toBeVisible();

    // The writer, without reloading: the thread with its quote, and the phrase highlighted.
    const theirs = writer.getByTestId('manuscript-comment-thread').filter({ hasText: remark });
    await expect(theirs).toBeVisible();
    await expect(theirs).toContainText('にんじん');
    await expect(theirs.getByRole('button', { name: '削除' })).toHaveCount(0);
    const rootId = await theirs.getAttribute('data-comment-id');
    await expect(writer.locator(`.manuscript-comment[data-comment-id="${rootId}"]`)).toHaveText('にんじん');

    await theirs.getByTestId('manuscript-comment-reply-body').fill(`統一します ${tag}`);
    await theirs.getByTestId('manuscript-comment-reply').click();
    await expect(mine).toContainText(`統一します ${tag}`);

    await theirs.getByTestId('manuscript-comment-resolve').click();
    // Resolved: folded away on both sides, and no longer highlighted.
    for (const page of [writer, client]) {
      await expect(page.getByTestId('manuscript-comment-resolved')).toContainText('解決済み');
      const open = page.getByTestId('manuscript-comment-threads').getByTestId('manuscript-comment-thread').filter({ hasText: remark });
      await expect(open).toHaveCount(0);
    }
    await expect(writer.locator(`.manuscript-comment[data-comment-id="${rootId}"]`)).toHaveCount(0);
    await client.getByTestId('manuscript-comment-resolved').locator('summary').click();
    await expect(client.getByTestId('manuscript-comment-resolved')).toContainText(remark);
  } finally {
    await together.close();
  }
});
