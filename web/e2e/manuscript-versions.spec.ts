/**
 * Issue 44, versions compared and restored end to end: a version is saved, the text moves on,
 * the comparison marks the change character by character, and restoring the version (after the
 * current text is kept as 「復元前の自動保存」) reaches another writer's open editor live.
 */
import { expect, test } from './support/fixtures';
import { firstManuscript, openTogether, typeAtEnd } from './support/manuscripts';
import { psql } from './support/db';
import { tokenOf } from './support/session';

test('a version is compared with the current text and restored for everyone in the room', async ({ browser }) => {
  const { id } = firstManuscript();
  const tag = String(Date.now()).slice(-6);
  const versionName = `比較用${tag}`;
  const added = `あとから足した文👩‍🍳${tag}`;
  const together = await openTogether(browser, id, ['creator@demo.tsumugi.jp', 'manager@demo.tsumugi.jp']);
  const [writer, manager] = together.pages;
  try {
    // The server's count of the text as it was (the editors also hold the others' caret labels).
    const serverTotal = async () =>
      (await (await writer.request.get(`/api/manuscripts/${id}`, { headers: { Authorization: `Bearer ${await tokenOf(writer)}` } })).json()).counts.total as number;
    const before = await serverTotal();

    await writer.getByTestId('manuscript-version-name').fill(versionName);
    await writer.getByTestId('manuscript-version-save').click();
    await expect(writer.getByTestId('manuscript-versions')).toContainText(versionName);

    await typeAtEnd(writer, added);
    await expect(manager.getByTestId('manuscript-editor')).toContainText(added);

    // The saved version against the current text: the new sentence is marked as added.
    const compare = writer.getByTestId('manuscript-compare-panel');
    await compare.getByRole('combobox', { name: '比較元' }).click();
    await compare.getByRole('option', { name: new RegExp(versionName) }).click();
    await expect(compare.getByRole('combobox', { name: '比較先' })).toHaveText('現在の原稿');
    const diff = compare.getByRole('region', { name: `「${versionName}」から「現在の原稿」への差分` });
    await expect(diff.getByRole('insertion')).toHaveText(`［追加］${added}［追加ここまで］`);
    await expect(diff.getByRole('deletion')).toHaveCount(0);
    await expect(compare.getByTestId('manuscript-diff-added')).toHaveText(`追加 ${[...new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(added)].length}文字`);
    // Underlined in green, not by colour alone.
    await expect(diff.getByRole('insertion')).toHaveCSS('text-decoration-line', 'underline');

    await compare.getByTestId('manuscript-restore').click();
    const confirm = writer.getByTestId('manuscript-restore-confirm');
    await expect(confirm).toContainText(`「${versionName}」の内容に戻しますか？`);
    await confirm.getByRole('button', { name: '復元する' }).click();
    await expect(compare.getByTestId('manuscript-restored')).toHaveText(`「${versionName}」の内容に戻しました。`);

    // The manager's open editor loses the sentence at once; both hold the version's text.
    await expect(manager.getByTestId('manuscript-editor')).not.toContainText(added);
    await expect(writer.getByTestId('manuscript-editor')).not.toContainText(added);
    await expect(manager.getByTestId('manuscript-editor')).toContainText('はじめに');
    await expect(compare.getByTestId('manuscript-diff-none')).toBeVisible();
    await expect.poll(serverTotal).toBe(before);
    // Nothing is lost: the text before the restore is a version of its own.
    await expect(writer.getByTestId('manuscript-versions').getByRole('listitem').first()).toContainText('復元前の自動保存');
    await expect
      .poll(() => psql(`select count(*) from manuscript_versions where manuscript_id = ${id} and name = '復元前の自動保存'`))
      .not.toBe('0');
    // Persisted: a fresh load has the restored text.
    await manager.reload();
    await expect(manager.getByTestId('manuscript-status')).toHaveText('同期済み');
    await expect(manager.getByTestId('manuscript-editor')).not.toContainText(added);
    await expect(manager.getByTestId('manuscript-editor')).toContainText('はじめに');
  } finally {
    await together.close();
  }
});
