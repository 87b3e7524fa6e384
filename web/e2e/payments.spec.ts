import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn } from './support/session';

const ACCOUNTANT = 'accountant@demo.tsumugi.jp';

/**
 * October 2025, confirmed as the confirmation stores it: 山田 花子 (50,000 → 49,895 transferred)
 * and 佐藤 健 (10,000 → 9,979), both with the demo account. Once per run.
 */
test.beforeAll(() => {
  psqlRun(`
    do $$
    declare
      project bigint; work bigint; confirmation bigint;
    begin
      if exists (select 1 from reward_confirmations where month = date '2025-10-01') then return; end if;
      insert into projects (media_id, name, status) select id, 'E2E 支払い', 'done' from media where name = 'デモマガジン' returning id into project;
      insert into works (project_id, name) values (project, '十月号') returning id into work;
      with t as (
        insert into tasks (work_id, task_type, title, status, completed_date, reward_amount)
        values (work, 'writing', 'E2E 十月の記事', 'done', date '2025-10-20', 50000), (work, 'writing', 'E2E 十月の校正', 'done', date '2025-10-22', 10000)
        returning id, reward_amount)
      insert into task_assignees (task_id, user_id, state)
      select t.id, u.id, 'taken' from t join users u on u.mail_address = case when t.reward_amount = 50000 then 'creator@demo.tsumugi.jp' else 'editor@demo.tsumugi.jp' end;
      insert into reward_confirmations (month, statement_count, total_reward_amount) values (date '2025-10-01', 2, 59874) returning id into confirmation;
      insert into reward_statements (confirmation_id, user_id, month, account_type, resides_abroad, payee_name, subtotal_reward_amount,
             consumption_tax_rate_bp, consumption_tax, withholding_tax, usage_fee_rate_bp, usage_fee, total_reward_amount,
             bank_code, bank_name, branch_code, branch_name, deposit_type, account_number, account_holder_kana)
      select confirmation, u.id, date '2025-10-01', 'personal', false, u.user_name, a.amount, 1000, a.amount / 10, a.amount * 1021 / 10000, 0, 0,
             a.amount + a.amount / 10 - a.amount * 1021 / 10000, '0001', 'みずほ', '001', '東京営業部', 'ordinary', '1234567', 'ツムギ' || chr(12288) || 'デモ'
        from (values ('creator@demo.tsumugi.jp', 50000::bigint), ('editor@demo.tsumugi.jp', 10000::bigint)) a(mail, amount)
        join users u on u.mail_address = a.mail;
      insert into reward_statement_lines (confirmation_id, user_id, task_id, title, task_type, completed_date, reward_amount, media_id, media_name, client_id, project_name, work_name)
      select confirmation, ta.user_id, t.id, t.title, t.task_type, t.completed_date, t.reward_amount, m.id, m.name, m.client_id, 'E2E 支払い', '十月号'
        from tasks t join task_assignees ta on ta.task_id = t.id join media m on m.name = 'デモマガジン'
       where t.work_id = work;
    end $$;
  `);
});

test('the accountant reads the payment tabs and downloads the transfer file of a confirmed month', async ({ page }) => {
  await logIn(page, ACCOUNTANT);
  await page.getByRole('navigation').getByRole('link', { name: '支払い' }).first().click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('heading', { name: '支払い' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: '支払いのタブ' });

  // The confirmed month: its tasks and each creator's stored payment.
  await page.goto('/payments?tab=completed_task_payments&year=2025&month=10');
  await expect(page.getByTestId('completed-task-payment')).toHaveCount(2);
  await expect(page.getByTestId('completed-task-payment').first()).toContainText('E2E 十月の校正');
  await expect(page.getByTestId('month-state')).toHaveText('確定');
  await tabs.getByRole('link', { name: 'クリエイター別' }).click();
  await expect(page).toHaveURL(/tab=payment_for_users&year=2025&month=10/);
  await expect(page.getByTestId('user-payment')).toHaveCount(2);
  await expect(page.getByTestId('payment-sums')).toContainText('振込金額59,874円');
  await expect(page.getByText('振込予定日 2025/11/28')).toBeVisible();
  // The month after is live.
  await page.getByRole('link', { name: '2025年11月 →' }).click();
  await expect(page).toHaveURL(/month=11/);
  await expect(page.getByTestId('month-state')).toHaveText('未確定');
  await tabs.getByRole('link', { name: '振込先口座' }).click();
  await page.getByRole('textbox', { name: '名前・カナ' }).fill('ヤマダ');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByTestId('payee-account').filter({ hasText: '山田 花子' })).toContainText('ツムギ　デモ');

  // The downloads: the Zengin file of October 2025.
  await page.getByRole('link', { name: '振込データ・明細のダウンロード' }).click();
  await expect(page).toHaveURL(/\/admins\/downloads$/);
  const panel = page.getByTestId('download-month');
  await panel.getByRole('combobox', { name: '対象月' }).click();
  await page.getByRole('option', { name: '2025年10月分' }).click();
  await expect(panel).toContainText('振込データ2件（59,874円）');
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: '振込データ（全銀フォーマット）をダウンロード' }).click()]);
  expect(download.suggestedFilename()).toBe('総合振込_2025年10月分.txt');
  const bytes = readFileSync((await download.path()) ?? '');
  // Header, two data records, trailer, end: 120 bytes each plus CR LF.
  expect(bytes.length % 122).toBe(0);
  expect(bytes.length).toBe(5 * 122);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('1210');
  expect(bytes.subarray(122 * 3 + 1, 122 * 3 + 19).toString('latin1')).toBe('000002000000059874');
  await expect(panel.getByRole('button', { name: '振込データ（全銀フォーマット）をダウンロード' })).toBeEnabled();
});
