/**
 * Issue 44, the manuscript editor end to end (needs the server side: passes on the merge of the
 * web and server branches): two members co-edit, the live count equals the server's, carets,
 * an edit made offline merges, the document persists, a version is saved, a comment link
 * issued on the task page opens read-only for the client, and a version delivered by the writer
 * appears live on the client's task page.
 */
import { expect, test } from './support/fixtures';
import { fillLogin, logIn, tokenOf } from './support/session';
import { psql } from './support/db';
import { firstManuscript, openTogether, typeAtEnd } from './support/manuscripts';

test('two members write one manuscript together; counts, carets, an offline edit, versions, a link', async ({ browser }) => {
  const { id, taskId } = firstManuscript();
  const together = await openTogether(browser, id, ['creator@demo.tsumugi.jp', 'manager@demo.tsumugi.jp']);
  const [a, b] = together.pages;
  for (const page of [a, b]) await expect(page.getByTestId('manuscript-editor')).toContainText('はじめに');
  // The live count equals the server's for the same document.
  const rest = await (await a.request.get(`/api/manuscripts/${id}`, { headers: { Authorization: `Bearer ${await tokenOf(a)}` } })).json();
  await expect(a.getByTestId('manuscript-count-total')).toHaveText(String(rest.counts.total));

  await typeAtEnd(a, '共同編集の一文です。');
  await expect(b.getByTestId('manuscript-editor')).toContainText('共同編集の一文です。');
  await expect(b.getByTestId('manuscript-count-total')).toHaveText(String(rest.counts.total + 10));
  // The manager sees the creator's caret and name.
  await expect(b.locator('.collaboration-carets__label')).toBeVisible();

  await together.contexts[1].setOffline(true);
  await expect(b.getByTestId('manuscript-status')).toHaveText('オフライン（再接続すると反映されます）');
  await typeAtEnd(b, 'オフラインで書いた');
  await typeAtEnd(a, 'その間に書いた');
  await together.contexts[1].setOffline(false);
  await expect(b.getByTestId('manuscript-status')).toHaveText('同期済み', { timeout: 20_000 });
  for (const page of [a, b]) {
    await expect(page.getByTestId('manuscript-editor')).toContainText('オフラインで書いた');
    await expect(page.getByTestId('manuscript-editor')).toContainText('その間に書いた');
  }
  // Persisted: a fresh load has everything.
  await a.reload();
  await expect(a.getByTestId('manuscript-editor')).toContainText('オフラインで書いた');

  await a.getByTestId('manuscript-version-name').fill('初稿');
  await a.getByTestId('manuscript-version-save').click();
  await expect(a.getByTestId('manuscript-versions')).toContainText('初稿');

  // A comment link from the task page opens read-only for the client.
  await a.goto(`/tasks/${taskId}`);
  await a.getByTestId('manuscript-links-open').click();
  await a.getByRole('radio', { name: /コメント/ }).check({ force: true });
  await a.getByTestId('manuscript-link-create').click();
  const url = await a.getByTestId('manuscript-link-url').inputValue();
  // The client opens it before logging in: the login page, then back to the link.
  const clientContext = await browser.newContext();
  const c = await clientContext.newPage();
  await c.goto(url);
  await expect(c).toHaveURL('/');
  await fillLogin(c, 'client@demo.tsumugi.jp');
  await expect(c).toHaveURL(url);
  await expect(c.getByTestId('manuscript-editor')).toContainText('その間に書いた');
  await expect(c.getByTestId('manuscript-editor')).toHaveAttribute('contenteditable', 'false');
  await expect(c.getByTestId('manuscript-permission')).toContainText('コメント');
  await expect(c.getByTestId('manuscript-status')).toHaveText('同期済み');
  await together.close();
  await clientContext.close();
});

test('an IME composition reaches the other writer only when it is committed', async ({ browser }) => {
  const { id } = firstManuscript();
  const together = await openTogether(browser, id, ['creator@demo.tsumugi.jp', 'manager@demo.tsumugi.jp']);
  const [writer, manager] = together.pages;
  try {
    const editor = writer.getByTestId('manuscript-editor');
    await editor.click();
    await writer.keyboard.press('Control+End');
    await writer.keyboard.press('Enter');
    // Chromium's own IME path (what a Japanese input method drives): a composition with its
    // reading, then the committed kanji.
    const cdp = await together.contexts[0].newCDPSession(writer);
    const tag = String(Date.now()).slice(-5);
    const reading = `こうせい${tag}`;
    await cdp.send('Input.imeSetComposition', { text: reading, selectionStart: reading.length, selectionEnd: reading.length });
    await expect(editor).toContainText(reading);
    // While the writer composes, the other side never gets the reading.
    await manager.waitForTimeout(1_000);
    await expect(manager.getByTestId('manuscript-editor')).not.toContainText(reading);
    await cdp.send('Input.insertText', { text: `校正${tag}` });
    await expect(manager.getByTestId('manuscript-editor')).toContainText(`校正${tag}`);
    await expect(manager.getByTestId('manuscript-editor')).not.toContainText(reading);
    await expect(editor).not.toContainText(reading);
  } finally {
    await together.close();
  }
});

test('an expired or broken editor link shows the spec message', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const expired = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ manuscript_id: 1, link_id: 1, permission: 'edit', exp: 1_000_000 })}.x`;
  await page.goto(`/editor?token=${expired}`);
  await expect(page.getByTestId('editor-link-error')).toHaveText('URLの有効期限が切れています');
  await page.goto('/editor?token=not-a-token');
  await expect(page.getByTestId('editor-link-error')).toHaveText('無効なURLです');
});

test('the writer delivers a saved version and the client sees the delivery arrive on the task page', async ({ browser }) => {
  // A writing task of the demo client taken by the demo creator, still being worked on.
  const taskId = Number(
    psql(`with w as (select w.id from works w join projects p on p.id = w.project_id join media m on m.id = p.media_id
                      where m.client_id = (select client_id from users where mail_address = 'client@demo.tsumugi.jp')
                        and not w.is_operation_agency order by w.id limit 1)
          insert into tasks (work_id, task_type, title, status) select id, 'writing', '納品する記事', 'doing' from w returning id`).split('\n')[0],
  );
  psql(`insert into task_assignees (task_id, user_id, state) select ${taskId}, id, 'taken' from users where mail_address = 'creator@demo.tsumugi.jp'`);
  const writerContext = await browser.newContext();
  const clientContext = await browser.newContext();
  try {
    const writer = await writerContext.newPage();
    const client = await clientContext.newPage();
    await logIn(writer, 'creator@demo.tsumugi.jp');
    await logIn(client, 'client@demo.tsumugi.jp');
    const created = await writer.request.post(`/api/tasks/${taskId}/manuscript`, { headers: { Authorization: `Bearer ${await tokenOf(writer)}` } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await client.goto(`/tasks/${taskId}`);
    await expect(client.getByTestId('deliveries')).toContainText('まだ納品されていません。');

    await writer.goto(`/manuscripts/${id}`);
    await expect(writer.getByTestId('manuscript-status')).toHaveText('同期済み');
    await typeAtEnd(writer, '納品する本文です。');
    await expect(writer.getByTestId('manuscript-status')).toHaveText('同期済み');
    await writer.getByTestId('manuscript-version-name').fill('初稿');
    await writer.getByTestId('manuscript-version-save').click();
    await expect(writer.getByTestId('manuscript-versions')).toContainText('初稿');
    await writer.getByTestId('manuscript-version-deliver').first().click();
    const confirm = writer.getByTestId('confirm-deliver-version');
    await expect(confirm).toContainText('「初稿」を納品しますか？');
    await confirm.getByRole('button', { name: '納品する' }).click();
    await expect(writer.getByTestId('manuscript-version-delivered')).toHaveText('「初稿」を納品しました。クライアントの検収をお待ちください。');

    // The client's open task page shows it without a reload: both files, named by the version.
    const deliveries = client.getByTestId('deliveries');
    await expect(deliveries).toContainText('納品する記事_初稿.docx');
    await expect(deliveries).toContainText('納品する記事_初稿.html');
    await expect(deliveries.getByTestId('delivery-manuscript-version').first()).toHaveText('原稿「初稿」を納品');
    await expect(client.getByTestId('task-status')).toHaveText('検収中');
  } finally {
    await writerContext.close();
    await clientContext.close();
  }
});
