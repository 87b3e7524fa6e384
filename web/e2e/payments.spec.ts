import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { logIn } from './support/session';
import { psql } from './support/db';

const ACCOUNTANT = 'accountant@demo.tsumugi.jp';

/** One row read from this run's database, split on commas. */
const yen = (value: number) => `${value.toLocaleString('ja-JP')}円`;

test('the accountant reads the payment tabs and downloads the transfer file of a confirmed month', async ({ page }) => {
  // The newest month the seed confirmed, and what its transfer file holds: the statements with
  // an account and something to pay.
  const [year, month, transfers, transferTotal, statements, total] = psql(
    `select extract(year from c.month)::int || ',' || extract(month from c.month)::int || ',' ||
            count(*) filter (where s.bank_code is not null and s.total_reward_amount > 0) || ',' ||
            coalesce(sum(s.total_reward_amount) filter (where s.bank_code is not null and s.total_reward_amount > 0), 0) || ',' || count(*) || ',' || c.total_reward_amount
       from reward_confirmations c join reward_statements s on s.confirmation_id = c.id
      group by c.id order by c.month desc limit 1`,
  )
    .split(',')
    .map(Number);
  expect(transfers).toBeGreaterThan(0);

  await logIn(page, ACCOUNTANT);
  await page.getByRole('navigation').getByRole('link', { name: '支払い' }).first().click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('heading', { name: '支払い' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: '支払いのタブ' });

  // The confirmed month: each creator's stored payment, then its tasks.
  await page.goto(`/payments?tab=payment_for_users&year=${year}&month=${month}`);
  await expect(page.getByTestId('month-state')).toHaveText('確定');
  await expect(page.getByTestId('user-payment')).toHaveCount(statements);
  await expect(page.getByTestId('payment-sums')).toContainText(`振込金額${yen(total)}`);
  await tabs.getByRole('link', { name: '完了タスク' }).click();
  await expect(page).toHaveURL(new RegExp(`tab=completed_task_payments&year=${year}&month=${month}$`));
  await expect(page.getByTestId('completed-task-payment').first()).toContainText('確定');
  // The month after it is still open: live figures.
  await page.getByRole('link', { name: /→$/ }).click();
  await expect(page.getByTestId('month-state')).toHaveText('未確定');
  await tabs.getByRole('link', { name: '振込先口座' }).click();
  await page.getByRole('textbox', { name: '名前・カナ' }).fill('ヤマダ');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('payee-account').filter({ hasText: '山田 花子' })).toContainText('ツムギ　デモ');

  // The downloads page opens on the newest confirmed month.
  await page.getByRole('link', { name: '振込データ・明細のダウンロード' }).click();
  await expect(page).toHaveURL(/\/admins\/downloads$/);
  const panel = page.getByTestId('download-month');
  await expect(panel.getByRole('combobox', { name: '対象月' })).toContainText(`${year}年${month}月分`);
  await expect(panel).toContainText(`振込データ${transfers}件（${yen(transferTotal)}）`);
  const button = panel.getByRole('button', { name: '振込データ（全銀フォーマット）をダウンロード' });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`総合振込_${year}年${String(month).padStart(2, '0')}月分.txt`);
  const bytes = readFileSync((await download.path()) ?? '');
  // Header, a data record per transfer, trailer, end: 120 bytes each plus CR LF.
  expect(bytes.length % 122).toBe(0);
  expect(bytes.length).toBe((3 + transfers) * 122);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('1210');
  const trailer = bytes.subarray(122 * (1 + transfers), 122 * (2 + transfers)).toString('latin1');
  expect(trailer.slice(0, 19)).toBe(`8${String(transfers).padStart(6, '0')}${String(transferTotal).padStart(12, '0')}`);
  await expect(button).toBeEnabled();
});
