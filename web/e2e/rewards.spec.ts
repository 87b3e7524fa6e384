import { expect, test } from './support/fixtures';
import { logIn } from './support/session';
import { psql } from './support/db';

/** One value read from this run's database. */
const yen = (value: number) => `${value.toLocaleString('ja-JP')}円`;

test('the demo creator opens a month of rewards and sees each completed task and the figures that reach the bank', async ({ page }) => {
  // The month of the demo creator's newest completed task (the seed completes one yesterday).
  const [year, month] = psql(
    `select to_char(max(t.completed_date), 'YYYY,FMMM') from tasks t join task_assignees ta on ta.task_id = t.id
      join users u on u.id = ta.user_id where u.mail_address = 'creator@demo.tsumugi.jp' and t.status = 'done' and ta.state = 'taken'`,
  )
    .split(',')
    .map(Number);
  const [lines, subtotal] = psql(
    `select count(*) || ',' || coalesce(sum(t.reward_amount), 0) from tasks t join task_assignees ta on ta.task_id = t.id
      join users u on u.id = ta.user_id
     where u.mail_address = 'creator@demo.tsumugi.jp' and t.status = 'done' and not t.is_invalid and ta.state = 'taken'
       and date_trunc('month', t.completed_date) = make_date(${year}, ${month}, 1)`,
  )
    .split(',')
    .map(Number);
  expect(subtotal).toBeGreaterThan(0);
  expect(subtotal).toBeLessThanOrEqual(1_000_000);
  // An individual in Japan: 10 % consumption tax, 10.21 % withholding, both floored.
  const tax = Math.floor(subtotal / 10);
  const withheld = Math.floor((subtotal * 1021) / 10000);

  await logIn(page, 'creator@demo.tsumugi.jp');
  await page.getByRole('navigation').getByRole('link', { name: '報酬' }).first().click();
  await expect(page).toHaveURL(/\/rewards\/\d{4}$/);
  await page.goto(`/rewards/${year}/${month}`);
  await expect(page.getByRole('heading', { name: new RegExp(`${year}年${month}月の報酬`) })).toBeVisible();
  await expect(page.getByTestId('reward-line')).toHaveCount(Math.min(lines, 20));
  const figures = page.getByTestId('reward-figures');
  await expect(figures).toContainText(`報酬小計（税抜）${yen(subtotal)}`);
  await expect(figures).toContainText(`消費税（10%）${yen(tax)}`);
  await expect(figures).toContainText(`源泉徴収税−${yen(withheld)}`);
  await expect(figures).toContainText(`お振込金額${yen(subtotal + tax - withheld)}`);

  // A month without work says so.
  await page.goto('/rewards/2020/1');
  await expect(page.getByText('この月に完了したタスクはありません。')).toBeVisible();
});

/** The first day of the month `monthsAgo` before this one, in Tokyo: `[year, month]`. */
function monthsAgo(count: number): [number, number] {
  const [year, month] = psql(
    `select to_char((date_trunc('month', (now() at time zone 'Asia/Tokyo')) - interval '${count} month'), 'YYYY,FMMM')`,
  )
    .split(',')
    .map(Number);
  return [year, month];
}

/** NTA No.2795 for an individual in Japan, on the month as a whole. */
const withholding = (base: number) => (base <= 1_000_000 ? Math.floor((base * 1021) / 10000) : Math.floor(((base - 1_000_000) * 2042) / 10000) + 102_100);

test('a confirmed month over ¥1,000,000 shows the higher withholding, and downloads as a spreadsheet and a PDF', async ({ page }) => {
  const [year, month] = monthsAgo(2);
  const subtotal = Number(
    psql(
      `select subtotal_reward_amount from reward_statements s join users u on u.id = s.user_id
        where u.mail_address = 'creator@demo.tsumugi.jp' and s.month = make_date(${year}, ${month}, 1)`,
    ),
  );
  expect(subtotal).toBeGreaterThan(1_000_000);
  const tax = Math.floor(subtotal / 10);
  await logIn(page, 'creator@demo.tsumugi.jp');
  await page.goto(`/rewards/${year}`);
  const row = page.getByTestId('annual-month').nth(month - 1);
  await expect(row).toContainText('確定');
  await expect(row).toContainText(yen(subtotal));
  await expect(page.getByRole('img', { name: `${year}年の月ごとのお振込金額` })).toBeVisible();
  await row.getByRole('link', { name: `${month}月` }).click();

  await expect(page.getByRole('heading', { name: new RegExp(`${year}年${month}月の報酬`) })).toContainText('確定');
  const figures = page.getByTestId('reward-figures');
  await expect(figures).toContainText(`源泉徴収税−${yen(withholding(subtotal))}`);
  await expect(figures).toContainText(`お振込金額${yen(subtotal + tax - withholding(subtotal))}`);
  await expect(page.getByTestId('confirmation-state')).toContainText('確定しました');

  for (const [button, extension] of [
    ['Excelでダウンロード', '.xlsx'],
    ['PDFでダウンロード', '.pdf'],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), figures.getByRole('button', { name: button }).click()]);
    expect(download.suggestedFilename()).toBe(`報酬明細_${year}年${month}月${extension}`);
    const path = await download.path();
    const bytes = (await import('node:fs')).readFileSync(path);
    expect(bytes.length).toBeGreaterThan(1000);
    if (extension === '.pdf') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    else expect(bytes.subarray(0, 2).toString()).toBe('PK');
  }
});

test('an accountant confirms last month and the creator’s open statement shows it confirmed at once', async ({ page, browser }) => {
  const [year, month] = monthsAgo(1);
  const creator = await browser.newContext();
  const creatorPage = await creator.newPage();
  await logIn(creatorPage, 'creator@demo.tsumugi.jp');
  await creatorPage.goto(`/rewards/${year}/${month}`);
  const heading = creatorPage.getByRole('heading', { name: new RegExp(`${year}年${month}月の報酬`) });
  await expect(heading).toContainText('未確定');
  const total = /お振込金額([\d,]+円)/.exec((await creatorPage.getByTestId('reward-figures').textContent()) ?? '')?.[1];
  expect(total).toBeTruthy();

  await logIn(page, 'accountant@demo.tsumugi.jp');
  await page.goto('/admins/reward_confirmation');
  await expect(page.getByRole('heading', { name: '月次報酬の確定' })).toBeVisible();
  await expect(page.getByLabel('対象月')).toHaveValue(`${year}-${String(month).padStart(2, '0')}`);
  await page.getByRole('button', { name: '報酬を確定する' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確定する' }).click();
  await expect(page.getByRole('status')).toContainText(`${year}年${month}月の報酬を確定しました`);
  await expect(page.getByTestId('confirmation').first()).toContainText(`${year}年${month}月`);
  await expect(page.getByRole('button', { name: '報酬を確定する' })).toBeDisabled();

  // The creator's page did not reload: the push says the month closed, the figures stay the same.
  await expect(heading).toContainText('確定');
  await expect(heading).not.toContainText('未確定');
  await expect(creatorPage.getByTestId('reward-figures')).toContainText(`お振込金額${total}`);
  await expect(creatorPage.getByTestId('confirmation-state')).toContainText('確定しました');
  await creator.close();
});
