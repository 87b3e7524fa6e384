import { expect, test } from './support/fixtures';
import { channelPath, demoWorkspace } from './support/chat';
import { psqlRun } from './support/server';
import { logIn } from './support/session';

test('search finds a message in an older page and opens it in its context, highlighted', async ({ page }) => {
  await logIn(page, 'creator@demo.tsumugi.jp');
  const workspace = await demoWorkspace(page);
  const stamp = Date.now();
  // The hit, then 60 newer messages: it is no longer on the newest page. Read positions follow,
  // so no other test sees unread messages it did not send.
  psqlRun(`
    insert into messages (channel_id, user_id, body) select ${workspace.channelId}, u.id, 'ウナギの校正をお願いします ${stamp}' from users u where u.mail_address = 'creator@demo.tsumugi.jp';
    insert into messages (channel_id, user_id, body) select ${workspace.channelId}, u.id, '続き ' || n || ' ${stamp}' from users u, generate_series(1, 60) n where u.mail_address = 'creator@demo.tsumugi.jp';
    update channel_members set last_read_message_id = (select max(id) from messages where channel_id = ${workspace.channelId}) where channel_id = ${workspace.channelId};`);

  await page.goto(channelPath(workspace));
  await expect(page.getByTestId('message').first()).toBeVisible();
  // Hiragana and a full-width number find katakana and the half-width one.
  const fullWidth = String(stamp).replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
  await page.getByRole('searchbox', { name: 'メッセージを検索' }).fill(`うなぎ ${fullWidth}`);
  await page.getByRole('button', { name: '検索', exact: true }).click();
  const results = page.getByTestId('search-results');
  await expect(results).toContainText('検索結果 1件');
  await expect(results.getByTestId('search-group').getByRole('heading')).toContainText('デモ編集部');
  const hit = results.getByTestId('search-hit');
  await expect(hit.locator('mark').first()).toHaveText('ウナギ');

  await hit.click();
  await expect(page).toHaveURL(/\?message=\d+/);
  const focused = page.locator('[data-focused]');
  await expect(focused).toContainText(`ウナギの校正をお願いします ${stamp}`);
  await expect(focused).toBeInViewport();
  // What came just after it is loaded around it.
  await expect(page.getByTestId('message').filter({ hasText: `続き 1 ${stamp}` })).toHaveCount(1);
  await expect(results).toHaveCount(0);
});
