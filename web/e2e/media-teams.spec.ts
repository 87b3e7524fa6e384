import { execFileSync } from 'node:child_process';
import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn } from './support/session';

const TEAM = 'E2E秋の特集';

/** One value from this run's database (what the web app has no screen to show yet). */
function scalar(sql: string): string {
  return execFileSync('psql', [process.env.E2E_DATABASE_URL ?? '', '-tAc', sql], { encoding: 'utf8' }).trim();
}

// Other specs expect the demo teams as seeded.
test.afterEach(() => {
  psqlRun(`delete from teams where name = '${TEAM}'`);
});

test('a client offers a creator a place in a team and sees the answer live', async ({ browser }) => {
  const mediaId = scalar("select min(m.id) from media m join users u on u.client_id = m.client_id where u.mail_address = 'client@demo.tsumugi.jp'");
  const clientContext = await browser.newContext();
  const creatorContext = await browser.newContext();
  const client = await clientContext.newPage();
  const creator = await creatorContext.newPage();
  try {
    await logIn(client, 'client@demo.tsumugi.jp');
    await logIn(creator, 'creator@demo.tsumugi.jp');

    // The creator waits on the chat's team list; the seed's pending offer is already there.
    await creator.goto('/teams');
    const offers = creator.getByTestId('received-offers');
    await expect(offers.getByTestId('received-offer')).toHaveCount(1);
    await expect(offers).toContainText('特集班');
    let creatorReloaded = false;
    creator.on('load', () => (creatorReloaded = true));

    // Nothing on these pages is a failed request: an unshared team is no 404 (issue 39, item 10).
    const failures: string[] = [];
    client.on('response', (response) => response.status() >= 400 && failures.push(`${response.status()} ${response.url()}`));
    client.on('console', (message) => message.type() === 'error' && failures.push(message.text()));

    // The client makes a team, finds the creator in the search and adds them as temporary.
    await client.goto(`/clients/media/${mediaId}/teams`);
    await expect(client.getByRole('table', { name: 'チーム一覧' })).toContainText('特集班');
    await client.getByRole('link', { name: 'チームを追加' }).click();
    await client.getByLabel('チーム名').fill(TEAM);
    await client.getByLabel('説明').fill('秋号の特集記事を書くチーム');
    await client.getByRole('button', { name: '登録する' }).click();
    await expect(client.getByRole('heading', { name: TEAM })).toBeVisible();
    await expect(client.getByText('メンバーはまだいません。')).toBeVisible();
    await expect(client.getByTestId('share-status')).toHaveText('共有していません。');
    await client.reload();
    await expect(client.getByTestId('share-status')).toHaveText('共有していません。');
    expect(failures, 'no failed request or console error on the team page').toEqual([]);

    await client.getByRole('link', { name: 'メンバーを追加' }).click();
    await client.getByLabel('キーワード').fill('山田 花子');
    await client.getByRole('button', { name: '検索する' }).click();
    await expect(client.getByTestId('found-creator')).toHaveCount(1);
    await client.getByRole('checkbox', { name: '山田 花子' }).check();
    await client.getByRole('button', { name: '選択した1人を仮登録で追加' }).click();
    await expect(client.getByRole('heading', { name: TEAM })).toBeVisible();
    const row = client.getByTestId('team-member-row').filter({ hasText: '山田 花子' });
    await expect(row.getByTestId('member-status')).toHaveText('仮登録');
    // Searched again, she is shown as a member who cannot be added, not offered (item 13).
    await client.getByRole('link', { name: 'メンバーを追加' }).click();
    await client.getByLabel('キーワード').fill('山田 花子');
    await client.getByRole('button', { name: '検索する' }).click();
    const found = client.getByTestId('found-creator').filter({ hasText: '山田 花子' });
    await expect(found.getByTestId('not-addable-reason')).toHaveText('すでにメンバーです');
    await expect(found.getByRole('checkbox', { name: '山田 花子' })).toBeDisabled();
    await client.goBack();
    await expect(row.getByTestId('member-status')).toHaveText('仮登録');
    let clientReloaded = false;
    client.on('load', () => (clientReloaded = true));

    // The offer: a template and the client's own words.
    await row.getByRole('button', { name: '山田 花子さんにオファーする' }).click();
    const modal = client.getByTestId('offer-modal');
    await modal.getByRole('combobox', { name: 'テンプレート' }).click();
    await client.getByRole('option', { name: '記事執筆のご依頼' }).click();
    await modal.getByLabel('メッセージ').fill('秋号の巻頭特集をお願いしたいです。');
    await modal.getByRole('button', { name: 'オファーを送る' }).click();
    await expect(modal).toHaveCount(0);
    await expect(row.getByTestId('member-status')).toHaveText('オファー中');
    await expect(row.getByRole('button', { name: '山田 花子さんへのオファーを取り下げる' })).toBeVisible();

    // The creator sees it arrive without reloading, with the client's words, and accepts.
    const offer = offers.getByTestId('received-offer').filter({ hasText: TEAM });
    await expect(offer).toBeVisible();
    await expect(offer.getByTestId('offer-message')).toHaveText('秋号の巻頭特集をお願いしたいです。');
    await expect(offer).toContainText('株式会社デモメディア');
    await offer.getByRole('button', { name: `${TEAM}のオファーを承諾` }).click();
    await expect(offer).toHaveCount(0);
    await expect(offers.getByTestId('received-offer')).toHaveCount(1);

    // The client's page follows at once.
    await expect(row.getByTestId('member-status')).toHaveText('稼働可');
    await expect(row.getByRole('button', { name: '山田 花子さんを外す' })).toBeVisible();
    expect(clientReloaded, 'the client page was not reloaded').toBe(false);
    expect(creatorReloaded, 'the creator page was not reloaded').toBe(false);
    // The creator is now in the team's chat.
    await expect(creator.getByRole('link', { name: TEAM })).toBeVisible();
    // Working in the team, her online dot shows on its member list and follows her: she leaves, it turns offline.
    const dot = row.getByTestId('presence-dot');
    await expect(dot).toHaveAttribute('data-status', 'online');
    await creatorContext.close();
    await expect(dot).toHaveAttribute('data-status', 'offline', { timeout: 5_000 });
  } finally {
    await clientContext.close();
    await creatorContext.close();
  }
});
