/**
 * Issue 44, proofreading (赤入れ): an editor assistant the task was offered to opens the
 * manuscript in suggestion mode (their permission is 提案), deletes and types, partly through
 * Chromium's IME; the writer sees the insertion and the deletion live with the author's name,
 * accepts them, and both end with the same final text and the server's count.
 */
import { expect, test } from './support/fixtures';
import { tokenOf } from './support/session';
import { psql } from './support/db';
import { firstManuscript, openTogether } from './support/manuscripts';

test('an editor assistant suggests a change; the writer sees it live and accepts it; both see the final text', async ({ browser }) => {
  const { id, taskId } = firstManuscript();
  // The editor assistant suggests on a task offered to them (access.rs).
  const offer = `(select id from users where lower(mail_address) = 'editor@demo.tsumugi.jp')`;
  psql(`insert into task_assignees (task_id, user_id, state) values (${taskId}, ${offer}, 'offered') on conflict do nothing`);
  let together: Awaited<ReturnType<typeof openTogether>> | undefined;
  try {
    together = await openTogether(browser, id, ['creator@demo.tsumugi.jp', 'editor@demo.tsumugi.jp']);
    const [writer, editor] = together.pages;
    const editorContext = together.contexts[1];
    await expect(editor.getByTestId('manuscript-permission')).toContainText('提案');
    await expect(editor.getByTestId('manuscript-suggesting')).toBeVisible();
    // Formatting is not tracked: no toolbar while suggesting.
    await expect(editor.getByRole('toolbar', { name: '書式' })).toHaveCount(0);

    // The writer writes a sentence; the editor assistant sees it.
    const tag = String(Date.now()).slice(-5);
    const writerText = writer.getByTestId('manuscript-editor');
    await writerText.click();
    await writer.keyboard.press('Control+End');
    await writer.keyboard.press('Enter');
    await writer.keyboard.insertText(`原文${tag}です。`);
    const editorText = editor.getByTestId('manuscript-editor');
    await expect(editorText).toContainText(`原文${tag}です。`);

    // The editor assistant deletes 「です。」 and types 「完了」 through an IME composition.
    await editorText.click();
    await editor.keyboard.press('Control+End');
    for (let i = 0; i < 3; i++) await editor.keyboard.press('Backspace');
    await expect(editorText).toContainText(`原文${tag}です。`);
    await expect(editorText.locator('del.suggestion-deletion', { hasText: 'です。' })).toBeVisible();
    const cdp = await editorContext.newCDPSession(editor);
    await cdp.send('Input.imeSetComposition', { text: 'かんりょう', selectionStart: 5, selectionEnd: 5 });
    await expect(editorText).toContainText('かんりょう');
    await cdp.send('Input.insertText', { text: '完了' });
    await expect(editorText.locator('ins.suggestion-insertion')).toHaveText('完了');
    await expect(editorText).not.toContainText('かんりょう');

    // The writer sees both, live, with the author's name; the reading never arrived.
    const inserted = writerText.locator('ins.suggestion-insertion', { hasText: '完了' });
    await expect(inserted).toBeVisible();
    await expect(inserted).toHaveAttribute('title', /佐藤.*さんの提案（挿入）/);
    await expect(writerText.locator('del.suggestion-deletion', { hasText: 'です。' })).toHaveAttribute('title', /佐藤.*さんの提案（削除）/);
    await expect(writerText).not.toContainText('かんりょう');
    await expect(writer.getByTestId('manuscript-suggestion-count')).toHaveText('2');
    // The deletion is not counted, the insertion is (as if accepted), as the server counts.
    const count = async () => {
      const rest = await (await writer.request.get(`/api/manuscripts/${id}`, { headers: { Authorization: `Bearer ${await tokenOf(writer)}` } })).json();
      return String(rest.counts.total);
    };
    await expect.poll(count).toBe(await writer.getByTestId('manuscript-count-total').textContent());

    // Accepting: the insertion one by one, then everything left (the deletion).
    await writer.getByRole('button', { name: /さんの挿入「完了」を承認/ }).click();
    await expect(writer.getByTestId('manuscript-suggestion-count')).toHaveText('1');
    await writer.getByTestId('manuscript-suggestions-accept-all').click();
    await expect(writer.getByTestId('manuscript-suggestion-count')).toHaveText('0');
    for (const text of [writerText, editorText]) {
      await expect(text).toContainText(`原文${tag}完了`);
      await expect(text).not.toContainText(`原文${tag}です。`);
      await expect(text.locator('ins.suggestion-insertion, del.suggestion-deletion')).toHaveCount(0);
    }
    await expect.poll(count).toBe(await editor.getByTestId('manuscript-count-total').textContent());
  } finally {
    psql(`delete from task_assignees where task_id = ${taskId} and user_id = ${offer} and state = 'offered'`);
    await together?.close();
  }
});
