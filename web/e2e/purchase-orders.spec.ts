import { expect, test } from './support/fixtures';
import { logIn } from './support/session';
import { psql } from './support/db';

/** One value read from this run's database. */
/** yyyy/M/d of a `YYYY-MM-DD` date. */
const shown = (date: string) => date.split('-').map(Number).join('/');

test('the demo creator opens their purchase orders and reads what the Freelance Act requires, old versions kept', async ({ page }) => {
  const orders = Number(
    psql(`select count(distinct po.task_id) from purchase_orders po join users u on u.id = po.user_id
                where u.mail_address = 'creator@demo.tsumugi.jp'`),
  );
  expect(orders).toBeGreaterThanOrEqual(3);
  // The seeded revision: the fee of the task in progress went from 30,000 to 35,000 yen.
  const [orderDate, dueDate] = psql(
    `select to_char(po.order_date, 'YYYY-MM-DD') || ',' || to_char(po.due_date, 'YYYY-MM-DD') from purchase_orders po
      join users u on u.id = po.user_id where u.mail_address = 'creator@demo.tsumugi.jp' and po.version = 2`,
  ).split(',');

  await logIn(page, 'creator@demo.tsumugi.jp');
  await page.getByRole('navigation').getByRole('link', { name: '発注書' }).first().click();
  await expect(page).toHaveURL(/\/purchase_orders$/);
  await expect(page.getByRole('heading', { name: '発注書', exact: true })).toBeVisible();
  await expect(page.getByTestId('purchase-order')).toHaveCount(Math.min(orders, 20));
  const revised = page.getByTestId('purchase-order').filter({ hasText: '変更あり（第2版）' });
  await expect(revised).toHaveCount(1);
  await expect(revised).toContainText('35,000円');
  await expect(revised).toContainText('38,500円');

  await revised.getByRole('link').click();
  await expect(page).toHaveURL(/\/purchase_orders\/\d+$/);
  const sheet = page.getByTestId('purchase-order');
  await expect(sheet.getByRole('heading', { name: '発注書' })).toBeVisible();
  await expect(sheet).toContainText('（第2版）');
  await expect(sheet.getByTestId('issuer')).toContainText('発注者株式会社つむぎ');
  await expect(sheet.getByTestId('issuer')).toContainText('登録番号：T8100000000008');
  await expect(sheet.getByTestId('recipient')).toContainText('受注者山田 花子 様');
  await expect(sheet.getByTestId('recipient')).toContainText('登録番号：T7123456789012');
  const terms = sheet.getByTestId('purchase-order-terms');
  for (const text of [
    `発注日${shown(orderDate)}`,
    '業務の内容冬の温泉ガイド 本文執筆（執筆）',
    '株式会社デモメディア「デモマガジン」',
    '報酬の額（税抜）35,000円',
    '消費税（10%）3,500円',
    '合計（税込）38,500円',
    `納期${shown(dueDate)}`,
    '納品場所・方法Tsumugi のタスクページ',
    '検収完了日未検収',
    '支払期日納品月の翌月末日',
    '支払方法登録口座への銀行振込',
  ]) {
    await expect(terms).toContainText(text);
  }
  await expect(page.getByTestId('changed-fields')).toHaveText('前の版からの変更箇所：報酬の額');

  // Printing leaves the app's menu out; the 印刷 button opens the browser's print dialog.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('aside')).toBeHidden();
  await expect(page.getByRole('button', { name: '印刷' })).toBeHidden();
  await expect(sheet).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: '印刷' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');

  // The first version is kept, marked as replaced, with what was agreed then.
  await page.getByTestId('purchase-order-versions').getByRole('link', { name: /第1版/ }).click();
  await expect(page.getByTestId('superseded')).toContainText('新しい版に差し替えられています');
  await expect(page.getByTestId('purchase-order-terms')).toContainText('報酬の額（税抜）30,000円');
  await page.getByRole('link', { name: '新しい版を見る' }).click();
  await expect(page.getByTestId('purchase-order-terms')).toContainText('報酬の額（税抜）35,000円');

  // A finished order states its delivery, inspection and payment date.
  await page.getByRole('link', { name: '← 発注書一覧' }).click();
  await page.getByTestId('purchase-order').filter({ hasText: '夏フェス特集' }).getByRole('link').click();
  const done = page.getByTestId('purchase-order-terms');
  await expect(done).toContainText(/納品日\d{4}\/\d{1,2}\/\d{1,2}/);
  await expect(done).toContainText(/検収完了日\d{4}\/\d{1,2}\/\d{1,2}/);
  await expect(done).toContainText(/支払期日\d{4}\/\d{1,2}\/\d{1,2}（納品月の翌月末日/);
});
