import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn, tokenOf } from './support/session';
import { psql } from './support/db';

const SHARED = 'ゲスト共有テスト班';

/** One value read from this run's database. */
test.beforeEach(() => {
  // A team of the demo medium with 25 writers: more than one page of members.
  psqlRun(
    `delete from teams where name = '${SHARED}';
     with t as (insert into teams (name, client_id, media_id)
                select '${SHARED}', client_id, media_id from teams where name = 'デモ編集部' returning id)
     insert into team_members (team_id, user_id, status)
     select t.id, u.id, 'assignable' from t, users u where u.mail_address ~ '^writer(0[1-9]|1[0-9]|2[0-5])@demo';`,
  );
});

// Other specs expect the demo teams as seeded.
test.afterEach(() => psqlRun(`delete from teams where name = '${SHARED}'`));

test('a guest opens a share link in a third browser, reads the members page by page and a creator, and nothing else', async ({ page, browser }) => {
  const [mediaId, teamId] = psql(`select media_id || ',' || id from teams where name = '${SHARED}'`).split(',').map(Number);
  const demoTeamId = Number(psql(`select id from teams where name = 'デモ編集部'`));
  // Members a guest sees: writers whose account is active.
  const visible = Number(
    psql(`select count(*) from team_members tm join users u on u.id = tm.user_id where tm.team_id = ${teamId} and u.account_status = 'active'`),
  );
  expect(visible).toBeGreaterThan(20);

  await logIn(page, 'client@demo.tsumugi.jp');
  // The client issues the link on the team's page.
  await page.goto(`/clients/media/${mediaId}/teams/${teamId}`);
  const panel = page.getByTestId('team-share-panel');
  await panel.getByRole('button', { name: '共有URLを発行する' }).click();
  const url = new URL(await panel.getByLabel('共有URL').inputValue());

  // A third browser: no login, only the link.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(url.pathname + url.search);
  await expect(guest).toHaveURL(`/guest/clients/media/${mediaId}/teams/${teamId}`);
  await expect(guest.getByRole('heading', { name: SHARED })).toBeVisible();
  await expect(guest.getByText('デモマガジン のチームです')).toBeVisible();
  const members = guest.getByTestId('guest-member');
  await expect(members).toHaveCount(20);
  await guest.getByRole('button', { name: 'もっと見る' }).click();
  await expect(members).toHaveCount(visible);
  await expect(guest.getByRole('button', { name: 'もっと見る' })).toHaveCount(0);
  expect(await guest.evaluate(() => localStorage.getItem('tsumugi.token'))).toBeNull();
  expect(await guest.evaluate(() => sessionStorage.getItem('tsumugi.guest'))).toContain('"token"');

  const first = (await members.first().getByRole('link').textContent()) ?? '';
  await members.first().getByRole('link').click();
  await expect(guest).toHaveURL(new RegExp(`/guest/clients/media/${mediaId}/teams/${teamId}/creators/\\d+$`));
  await expect(guest.getByRole('heading', { name: first })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'スキル' })).toBeVisible();
  await expect(guest.getByText('@demo.tsumugi.jp')).toHaveCount(0);

  // Another team's page with the same token is refused.
  await guest.goto(`/guest/clients/media/${mediaId}/teams/${demoTeamId}`);
  await expect(guest.getByTestId('guest-refusal')).toContainText('このURLでは表示できないページです');
  await expect(guest.getByTestId('guest-member')).toHaveCount(0);

  // A link that is not one.
  await guest.goto(`/guest/clients/login?token=not-a-link&media_id=${mediaId}&team_id=${teamId}`);
  await expect(guest.getByTestId('guest-login-error')).toContainText('無効なURLです');
  expect(await guest.evaluate(() => sessionStorage.getItem('tsumugi.guest'))).toBeNull();

  // Revoked while the guest reads: the next page load says so.
  await guest.goto(url.pathname + url.search);
  await expect(members).toHaveCount(20);
  const revoked = await page.request.delete(`/api/clients/media/${mediaId}/teams/${teamId}/share`, { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(revoked.status()).toBe(204);
  await guest.reload();
  await expect(guest.getByTestId('guest-refusal')).toContainText('無効なURLです');
  await guestContext.close();
});
