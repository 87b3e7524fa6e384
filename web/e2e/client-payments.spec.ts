import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn } from './support/session';
import { psql } from './support/db';

/** One value read from this run's database. */
const yen = (value: number) => `${value.toLocaleString('ja-JP')}円`;

/** A month counted back from this one in Tokyo: [year, month]. */
function monthBack(months: number): [number, number] {
  const [year, month] = psql(
    `select to_char(date_trunc('month', (now() at time zone 'Asia/Tokyo')::date) - make_interval(months => ${months}), 'YYYY,FMMM')`,
  )
    .split(',')
    .map(Number);
  return [year, month];
}

/** What a medium's month bills, read straight from the tables: [task count, subtotal, tax, total] at 10 %. */
function bill(medium: string, year: number, month: number): [number, number, number, number] {
  const [count, tasks] = psql(
    `select count(*) || ',' || coalesce(sum(coalesce(t.reward_amount, 0)), 0) from tasks t
       join works w on w.id = t.work_id join projects p on p.id = w.project_id join media m on m.id = p.media_id
      where m.name = '${medium}' and t.status = 'done' and not t.is_invalid
        and date_trunc('month', t.completed_date) = make_date(${year}, ${month}, 1)`,
  )
    .split(',')
    .map(Number);
  const options = Number(
    psql(
      `select coalesce(sum(o.amount), 0) from media_option_payments o join media m on m.id = o.media_id
        where m.name = '${medium}' and o.target_year = ${year} and o.target_month = ${month}`,
    ),
  );
  const subtotal = tasks + options;
  const tax = (subtotal - (subtotal % 10)) / 10;
  return [count, subtotal, tax, subtotal + tax];
}

// Other specs expect the demo bills as seeded: this month's デモトラベル is unbilled.
test.afterEach(() => {
  psqlRun(
    `delete from media_payments where month = date_trunc('month', (now() at time zone 'Asia/Tokyo')::date)
        and media_id = (select id from media where name = 'デモトラベル')`,
  );
});

test('the demo client follows its usage from the years to one medium’s month and sees each figure', async ({ page }) => {
  const [year, month] = monthBack(1);
  const [count, subtotal, tax, total] = bill('デモマガジン', year, month);
  expect(count).toBeGreaterThan(0);

  await logIn(page, 'client@demo.tsumugi.jp');
  await page.getByRole('navigation').getByRole('link', { name: 'ご利用金額' }).first().click();
  await expect(page).toHaveURL('/clients/payments');
  await expect(page.getByRole('heading', { name: 'ご利用金額', exact: true })).toBeVisible();
  await expect(page.getByTestId('usage-year').first()).toBeVisible();
  expect(await page.getByTestId('usage-year').count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('usage-chart').locator('svg').first()).toBeVisible();

  await page.getByTestId('usage-years').getByRole('link', { name: `${year}年` }).click();
  await expect(page).toHaveURL(`/clients/payments/${year}`);
  await expect(page.getByRole('heading', { name: `${year}年のご利用金額` })).toBeVisible();
  await expect(page.getByTestId('usage-month')).toHaveCount(12);
  // The year's chart names both media of the company.
  await expect(page.getByTestId('usage-chart')).toContainText('デモマガジン');

  await page.getByTestId('usage-months').getByRole('link', { name: `${month}月`, exact: true }).click();
  await expect(page).toHaveURL(`/clients/payments/${year}/${month}`);
  await expect(page.getByRole('heading', { name: `${year}年${month}月のご利用金額` })).toBeVisible();
  const magazine = page.getByTestId('usage-medium').filter({ hasText: 'デモマガジン' });
  await expect(magazine).toContainText(`${count}件`);
  await expect(magazine).toContainText(yen(total));
  await expect(magazine.getByTestId('payment-status')).toHaveText('請求済');

  await magazine.getByRole('link', { name: 'デモマガジン' }).click();
  await expect(page).toHaveURL(/\/clients\/\d+\/media\/\d+\/payments\/\d{4}\/\d{1,2}$/);
  await expect(page.getByRole('heading', { name: `デモマガジン ${year}年${month}月のご利用明細` })).toBeVisible();
  await expect(page.getByTestId('usage-task')).toHaveCount(count);
  await expect(page.getByTestId('usage-task').first()).toContainText(/\d{4}\/\d{1,2}\/\d{1,2}/);
  const figures = page.getByTestId('usage-figures');
  await expect(figures).toContainText(`小計（税抜）${yen(subtotal)}`);
  await expect(figures).toContainText(`消費税（10%）${yen(tax)}`);
  await expect(figures).toContainText(`合計（税込）${yen(total)}`);
  const bill_ = page.getByTestId('media-bill');
  await expect(bill_.getByTestId('payment-status')).toHaveText('請求済');
  await expect(bill_).toContainText(`ご請求額（税込）${yen(total)}`);
  // The client reads its bill; only the staff update it.
  await expect(page.getByRole('link', { name: '支払い状況を更新する' })).toHaveCount(0);
});

test('an accountant bills this month of a medium and the client’s open page shows 請求済 at once', async ({ page, browser }) => {
  const [thisYear, thisMonth] = monthBack(0);
  const [, , , total] = bill('デモトラベル', thisYear, thisMonth);
  expect(total).toBeGreaterThan(0);

  await logIn(page, 'client@demo.tsumugi.jp');
  await page.goto(`/clients/payments/${thisYear}/${thisMonth}`);
  const travel = page.getByTestId('usage-medium').filter({ hasText: 'デモトラベル' });
  await expect(travel.getByTestId('payment-status')).toHaveText('未請求');
  await expect(travel).toContainText(yen(total));

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await logIn(staffPage, 'accountant@demo.tsumugi.jp');
  await staffPage.getByRole('navigation').getByRole('link', { name: '媒体支払い' }).first().click();
  await expect(staffPage).toHaveURL('/admins/media/payments/update');
  await staffPage.getByRole('combobox', { name: 'クライアント' }).click();
  await staffPage.getByRole('option', { name: '株式会社デモメディア' }).click();
  await staffPage.getByRole('combobox', { name: '媒体' }).click();
  await staffPage.getByRole('option', { name: 'デモトラベル' }).click();
  const target = staffPage.getByTestId('media-payment-target');
  await expect(target.getByTestId('usage-figures')).toContainText(`合計（税込）${yen(total)}`);
  await expect(target.getByTestId('payment-status')).toHaveText('未請求');

  // The radio is visually hidden under its card: a person clicks the card.
  await target.locator('label').filter({ has: staffPage.getByRole('radio', { name: '請求済' }) }).click();
  await expect(target.getByRole('radio', { name: '請求済' })).toBeChecked();
  await target.getByLabel('備考（クライアントにも表示されます）').fill('今月分の請求書をお送りしました');
  await target.getByRole('button', { name: '支払い状況を更新' }).click();
  await expect(target.getByRole('status')).toHaveText(`「デモトラベル」${thisYear}年${thisMonth}月の支払い状況を「請求済」に更新しました`);
  await expect(target.getByTestId('payment-status')).toHaveText('請求済');

  // The client's page, left open, follows without a reload; the medium's page shows the bill.
  await expect(travel.getByTestId('payment-status')).toHaveText('請求済');
  await travel.getByRole('link', { name: 'デモトラベル' }).click();
  const bill_ = page.getByTestId('media-bill');
  await expect(bill_).toContainText(`ご請求額（税込）${yen(total)}`);
  await expect(bill_).toContainText('今月分の請求書をお送りしました');
  await staff.close();
});
