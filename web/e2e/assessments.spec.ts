import { expect, test } from './support/fixtures';
import { psqlRun } from './support/server';
import { logIn } from './support/session';

const CLIENT = 'client@demo.tsumugi.jp';

// Other specs log the demo client in: its reminder stays closed for this month, as seeded.
test.afterEach(() =>
  psqlRun(
    `insert into assessment_remind_dismissals (user_id, month)
     select id, date_trunc('month', now() at time zone 'Asia/Tokyo')::date from users where mail_address = '${CLIENT}'
     on conflict do nothing`,
  ),
);

test('the demo client closes the monthly reminder, answers an assessment, and the 未評価 count drops live in its other browser', async ({ page, browser }) => {
  // The seed closes this month's reminder for the demo client; open it again for this test.
  psqlRun(`delete from assessment_remind_dismissals where user_id = (select id from users where mail_address = '${CLIENT}')`);
  await logIn(page, CLIENT);
  const reminder = page.getByTestId('assessment-remind');
  await expect(reminder).toBeVisible();
  await expect(reminder.getByRole('heading', { name: 'クリエイター評価へのご協力のお願い' })).toBeVisible();
  await reminder.getByRole('button', { name: '閉じる' }).click();
  await expect(reminder).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('important-counts')).toBeVisible();
  await expect(page.getByTestId('assessment-remind')).toHaveCount(0);

  // A second browser of the same client watches the header.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logIn(other, CLIENT);
  const count = other.getByTestId('unanswered-count');
  await expect(count).not.toHaveText('0');
  const before = Number(await count.textContent());

  await page.getByTestId('important-counts').getByRole('link', { name: /未評価/ }).click();
  await expect(page).toHaveURL('/assessments');
  await page.getByRole('button', { name: '未評価', exact: true }).click();
  const rows = page.getByTestId('assessment-row');
  // The filtered list holds exactly the header's count (wait for it: the unfiltered list shows first).
  await expect(rows).toHaveCount(before);
  await expect(rows.first()).toContainText('未評価');
  await rows.first().getByRole('link', { name: '評価する' }).click();
  await expect(page).toHaveURL(/\/assessments\/\d+$/);

  const form = page.getByRole('form', { name: '評価フォーム' });
  await form.getByRole('button', { name: '評価を送信する' }).click();
  await expect(form.getByText('必須項目です').first()).toBeVisible();
  for (const [criterion, choice] of [
    ['品質', '大変満足'],
    ['納期遵守', '満足'],
    ['コミュニケーション', '普通'],
    ['また依頼したいか', '大変満足'],
  ]) {
    const group = form.getByRole('group', { name: new RegExp(`^${criterion}`) });
    // The radio is visually hidden under its card (a person clicks the card); a checked card adds a ✓ to its name.
    const name = new RegExp(`^${choice}`);
    await group.locator('label').filter({ has: page.getByRole('radio', { name }) }).click();
    await expect(group.getByRole('radio', { name })).toBeChecked();
  }
  await form.getByLabel(/コメント/).fill('丁寧な進行で助かりました。');
  await form.getByRole('button', { name: '評価を送信する' }).click();
  await expect(page).toHaveURL('/assessments');

  // The other browser's header follows without a reload.
  await expect(count).toHaveText(String(before - 1));
  await page.getByRole('button', { name: '未評価', exact: true }).click();
  await expect(rows).toHaveCount(before - 1);
  await otherContext.close();
});
