import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn } from './support/session';

const STAMP = Date.now();
const TITLE = `配信テストのお知らせ ${STAMP}`;
const BODY = '予約した時刻に、開いている画面へ届くことを確かめるお知らせです。';
const DIALOG = '最新のお知らせ';

/** `yyyy-MM-ddTHH:mm:ss` in Tokyo, what the form's date-time field takes. */
const tokyoInput = (at: number) => new Date(at + 9 * 3600_000).toISOString().slice(0, 19);

/** yyyy/M/d in Tokyo, as the dialog and the list show dates. */
const tokyoDate = (at: number) => {
  const d = new Date(at + 9 * 3600_000);
  return `${d.getUTCFullYear()}/${d.getUTCMonth() + 1}/${d.getUTCDate()}`;
};

test.afterAll(() => {
  // Whatever happened above, no later spec finds this post as news (a deleted post is none).
  psqlRun(`update information_posts set deleted_at = now() where title = '${TITLE}' and deleted_at is null`);
});

test('an admin schedules a post a few seconds ahead; a creator’s open page shows the latest-notices dialog at that moment, once', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const creatorContext = await browser.newContext();
  const clientContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const creator = await creatorContext.newPage();
  const client = await clientContext.newPage();
  try {
    await logIn(client, 'client@demo.tsumugi.jp');
    await logIn(creator, 'creator@demo.tsumugi.jp');
    await expect(creator.getByRole('heading', { name: 'プロジェクト一覧' })).toBeVisible();
    let reloads = 0;
    creator.on('load', () => (reloads += 1));

    await logIn(admin, 'admin@demo.tsumugi.jp');
    await admin.goto('/information/add');
    await admin.getByLabel('タイトル').fill(TITLE);
    await admin.getByLabel('本文').fill(BODY);
    await admin.getByLabel('クリエイター', { exact: true }).check();
    const start = Date.now() + 8_000;
    await admin.getByLabel('公開開始日時').fill(tokyoInput(start));
    await admin.getByRole('button', { name: 'お知らせを登録' }).click();
    await expect(admin).toHaveURL('/information');
    const scheduled = admin.getByTestId('information-item').filter({ hasText: TITLE });
    await expect(scheduled).toContainText('公開予定');
    await expect(scheduled).toContainText('対象: クリエイター');

    // Not before its start...
    const dialog = creator.getByRole('dialog', { name: DIALOG });
    await expect(dialog).toHaveCount(0);
    // ...and at its start, on the page already open (the scheduler ticks every second).
    await expect(dialog).toBeVisible({ timeout: start - Date.now() + 5_000 });
    // The form sends whole seconds; the post goes live on the scheduler's first tick after it.
    expect(Date.now()).toBeGreaterThanOrEqual(Math.floor(start / 1000) * 1000);
    expect(reloads).toBe(0);
    await expect(dialog.getByTestId('latest-information-item')).toHaveCount(1);
    await expect(dialog.getByTestId('latest-information-item')).toContainText(tokyoDate(start));
    await expect(dialog.getByRole('link', { name: TITLE })).toHaveAttribute('href', /\/information#information-\d+$/);
    await expect(dialog.getByRole('link', { name: 'もっと見る' })).toHaveAttribute('href', '/information');

    // The post is for creators: a client's open page gets nothing.
    await expect(client.getByRole('dialog', { name: DIALOG })).toHaveCount(0);

    // Once: closed, it stays closed, and a reload does not bring it back.
    await dialog.getByRole('button', { name: '閉じる' }).click();
    await expect(dialog).toHaveCount(0);
    await creator.waitForTimeout(2_500);
    await expect(dialog).toHaveCount(0);
    await creator.reload();
    await expect(creator.getByRole('heading', { name: 'プロジェクト一覧' })).toBeVisible();
    await creator.waitForTimeout(1_000);
    await expect(dialog).toHaveCount(0);

    // /information lists it, newest first, and its text opens.
    await creator.goto('/information');
    const first = creator.getByTestId('information-item').first();
    await expect(first).toContainText(TITLE);
    await expect(first).toContainText(tokyoDate(start));
    await first.getByRole('button', { name: TITLE }).click();
    await expect(first).toContainText(BODY);

    await client.goto('/information');
    await expect(client.getByTestId('information-item').first()).toBeVisible();
    await expect(client.getByTestId('information-item').filter({ hasText: TITLE })).toHaveCount(0);
    await expect(client.getByRole('dialog', { name: DIALOG })).toHaveCount(0);

    // The admin's list shows it live now; deleting it takes it off the creator's list.
    await admin.reload();
    const live = admin.getByTestId('information-item').filter({ hasText: TITLE });
    await expect(live).not.toContainText('公開予定');
    await live.getByRole('button', { name: '削除' }).click();
    await admin.getByRole('dialog', { name: 'このお知らせを削除しますか？' }).getByRole('button', { name: '削除する' }).click();
    await expect(admin.getByTestId('information-item').filter({ hasText: TITLE })).toHaveCount(0);
    await creator.reload();
    await expect(creator.getByTestId('information-item').first()).toBeVisible();
    await expect(creator.getByTestId('information-item').filter({ hasText: TITLE })).toHaveCount(0);
  } finally {
    await adminContext.close();
    await creatorContext.close();
    await clientContext.close();
  }
});

test('members other than managers and admins get the 403 page on /information/add and no add link', async ({ page }) => {
  await logIn(page, 'accountant@demo.tsumugi.jp');
  await page.goto('/information/add');
  await expect(page.getByTestId('forbidden-page')).toBeVisible();
  await page.goto('/information');
  await expect(page.getByTestId('information-item').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'お知らせを追加' })).toHaveCount(0);
});
