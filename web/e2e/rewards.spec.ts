import { execFileSync } from 'node:child_process';
import { expect, test } from './support/fixtures';
import { logIn } from './support/session';

/** One value read from this run's database. */
function psqlValue(sql: string): string {
  return execFileSync('psql', [process.env.E2E_DATABASE_URL ?? '', '-v', 'ON_ERROR_STOP=1', '-tAc', sql]).toString().trim();
}

const yen = (value: number) => `${value.toLocaleString('ja-JP')}円`;

test('the demo creator opens a month of rewards and sees each completed task and the figures that reach the bank', async ({ page }) => {
  // The month of the demo creator's newest completed task (the seed completes one yesterday).
  const [year, month] = psqlValue(
    `select to_char(max(t.completed_date), 'YYYY,FMMM') from tasks t join task_assignees ta on ta.task_id = t.id
      join users u on u.id = ta.user_id where u.mail_address = 'creator@demo.tsumugi.jp' and t.status = 'done' and ta.state = 'taken'`,
  )
    .split(',')
    .map(Number);
  const [lines, subtotal] = psqlValue(
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
  await expect(page).toHaveURL(/\/rewards\/\d{4}\/\d{1,2}$/);
  await page.goto(`/rewards/${year}/${month}`);
  await expect(page.getByRole('heading', { name: new RegExp(`${year}年${month}月の報酬`) })).toBeVisible();
  await expect(page.getByTestId('reward-line')).toHaveCount(Math.min(lines, 20));
  const figures = page.getByTestId('reward-figures');
  await expect(figures).toContainText(`報酬小計（税抜）${yen(subtotal)}`);
  await expect(figures).toContainText(`消費税（10%）${yen(tax)}`);
  await expect(figures).toContainText(`源泉徴収税−${yen(withheld)}`);
  await expect(figures).toContainText(`お振込金額${yen(subtotal + tax - withheld)}`);

  // Another month without work says so.
  await page.getByRole('link', { name: /← / }).click();
  await page.getByRole('link', { name: /← / }).click();
  await page.getByRole('link', { name: /← / }).click();
  await expect(page.getByText('この月に完了したタスクはありません。')).toBeVisible();
});
