/**
 * Every table on a 390 px phone (issue 39, item 9): a table wider than the screen scrolls inside
 * its own box (the shared DataTable), that box stays within the screen, says it scrolls, and
 * scrolling it brings the last column fully into view.
 */
import type { Browser, Page } from '@playwright/test';
import { psql } from './support/db';
import { expect, test } from './support/fixtures';
import { logIn, tokenOf } from './support/session';

const PHONE = { width: 390, height: 844 };

async function phone(browser: Browser, mail: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  await logIn(page, mail, '/teams');
  return { page, close: () => context.close() };
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

/** Each table of the page: its last header cell is reachable and, once scrolled to, inside the screen. */
async function expectTablesReadable(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('table').first(), `${path} has a table`).toBeVisible();
  // The page itself never scrolls sideways: only a table's own box does.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, `${path} is ${pageWidth}px wide on a 390px phone`).toBeLessThanOrEqual(PHONE.width);
  const count = await page.locator('table').count();
  for (let i = 0; i < count; i++) {
    const table = page.locator('table').nth(i);
    if (!(await table.isVisible())) continue;
    const label = `${path} table ${i + 1}`;
    const box = await table.evaluate((t) => {
      const wrap = t.parentElement!;
      const style = getComputedStyle(wrap);
      return {
        scrollable: wrap.scrollWidth > wrap.clientWidth + 1,
        overflowX: style.overflowX,
        role: wrap.getAttribute('role'),
        name: wrap.getAttribute('aria-label'),
        hint: wrap.getAttribute('data-scroll-hint'),
        right: wrap.getBoundingClientRect().right,
        left: wrap.getBoundingClientRect().left,
      };
    });
    // The box itself never pokes out of the screen (nothing is cut off by the page's edge).
    expect(box.left, `${label}: box starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${label}: box ends on screen`).toBeLessThanOrEqual(PHONE.width);
    if (box.scrollable) {
      expect(box.overflowX, `${label}: scrolls sideways`).toBe('auto');
      expect(box.role, `${label}: a scrolling region`).toBe('region');
      expect(box.name ?? '', `${label}: says it scrolls`).toContain('横にスクロールできます');
      expect(box.hint, `${label}: shows a scroll hint`).toBe('end');
    }
    // Scrolled to its end, the last column is entirely within the screen and the box.
    await table.evaluate((t) => {
      const wrap = t.parentElement!;
      wrap.scrollLeft = wrap.scrollWidth;
    });
    const last = table.locator('tr').first().locator('th, td').last();
    const cell = await last.boundingBox();
    expect(cell, `${label}: last column laid out`).not.toBeNull();
    expect(cell!.x + cell!.width, `${label}: last column ends on screen`).toBeLessThanOrEqual(PHONE.width + 0.5);
    expect(cell!.x, `${label}: last column starts on screen`).toBeGreaterThanOrEqual(0);
    if (box.scrollable) {
      await expect(table.locator('xpath=..'), `${label}: at the end, the hint says there is more to the left`).toHaveAttribute('data-scroll-hint', 'start');
    }
  }
}

test('a client’s usage tables fit a 390 px phone: each scrolls in its box to its last column', async ({ browser }) => {
  const { page, close } = await phone(browser, 'client@demo.tsumugi.jp');
  try {
    const me = await apiGet<{ client: { id: number } }>(page, '/users/whoami');
    const overview = await apiGet<{ years: { year: number }[] }>(page, `/clients/${me.client.id}/payments`);
    const year = overview.years[0].year;
    await expectTablesReadable(page, '/clients/payments');
    // The subtotal, tax and total are the last columns people could not read.
    await page.goto('/clients/payments');
    const total = page.getByTestId('usage-years-total');
    await total.evaluate((row) => row.closest('table')!.parentElement!.scrollTo({ left: 10_000 }));
    await expect(total.locator('td').last()).toBeInViewport({ ratio: 1 });
    await expectTablesReadable(page, `/clients/payments/${year}`);
    const mediaId = psql("select min(m.id) from media m join users u on u.client_id = m.client_id where u.mail_address = 'client@demo.tsumugi.jp'");
    await expectTablesReadable(page, `/clients/media/${mediaId}/teams`);
  } finally {
    await close();
  }
});

test('the staff’s and a creator’s tables fit a 390 px phone', async ({ browser }) => {
  // The newest confirmed month always has paid lines; the current month (or year) has none on
  // its first day.
  const [year, month] = psql("select extract(year from month)::int || ',' || extract(month from month)::int from reward_confirmations order by month desc limit 1").split(',');
  const staff = await phone(browser, 'accountant@demo.tsumugi.jp');
  try {
    await expectTablesReadable(staff.page, `/payments?tab=completed_task_payments&year=${year}&month=${month}`);
    await expectTablesReadable(staff.page, '/admins/reward_confirmation');
  } finally {
    await staff.close();
  }
  const manager = await phone(browser, 'manager@demo.tsumugi.jp');
  try {
    await expectTablesReadable(manager.page, '/clients/media');
  } finally {
    await manager.close();
  }
  const creator = await phone(browser, 'creator@demo.tsumugi.jp');
  try {
    await expectTablesReadable(creator.page, `/rewards/${year}`);
  } finally {
    await creator.close();
  }
});
