/**
 * The browser tour (issue 17): each demo role opens every route it may open, on a desktop
 * (1366×900) and a phone (390×844). Every page must settle with a Japanese main heading, no
 * placeholder text, no console error, no failed request and no serious or critical axe
 * violation. With SCREENS=1 (`make screens`) it also writes one screenshot per route × viewport
 * to docs/screens/ (taken as the first role in SHOOTERS that opens the route).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { fillLogin } from './support/session';
import {
  ACCOUNTS,
  axeViolations,
  closeGreetingModals,
  demoIds,
  issueShareLink,
  JAPANESE,
  navigateInApp,
  PageWatch,
  PLACEHOLDER,
  STOPS,
  VIEWPORTS,
  type DemoIds,
  type Role,
  type Stop,
  type ViewportName,
} from './support/tour';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screens');
const SCREENS = !!process.env.SCREENS;
/** Who takes a route's screenshot: the first of these that may open it. */
const SHOOTERS: Role[] = ['guest', 'creator', 'client', 'admin', 'manager', 'accountant', 'editor'];
const ROLES: Role[] = ['guest', 'creator', 'editor', 'client', 'manager', 'accountant', 'admin'];

const shooterOf = (stop: Stop) => SHOOTERS.find((role) => stop.roles.includes(role));

/** Opens one stop and checks it; `load` opens it by its address (a reload), `navigate` inside the running app. Returns whether it settled. */
async function visit(
  page: Page,
  watch: PageWatch,
  stop: Stop,
  ids: DemoIds,
  role: Role,
  viewport: ViewportName,
  problems: string[],
  how: 'load' | 'navigate',
): Promise<boolean> {
  const path = stop.path(ids);
  const where = `${role}/${viewport} ${stop.route} ${path}`;
  const started = Date.now();
  watch.reset();
  if (how === 'load') {
    await page.goto(path);
  } else {
    // As a person moves on: inside the running app (the router follows the history), no reload.
    await navigateInApp(page, path);
    await page.waitForTimeout(30);
  }
  const heading = page.locator('h1').first();
  try {
    await watch.settled();
    await expect(heading).toBeVisible();
    await stop.ready?.(page);
    await expect(page.getByText('読み込み中')).toHaveCount(0);
    await watch.settled();
  } catch (error) {
    problems.push(`${where}: did not settle: ${(error as Error).message.split('\n')[0]}`);
    return false;
  }
  if (how === 'load') await closeGreetingModals(page, problems, where);
  const title = (await heading.innerText()).trim();
  if (!JAPANESE.test(title)) problems.push(`${where}: main heading not Japanese: ${title}`);
  if ((await page.getByTestId('forbidden-page').count()) > 0) problems.push(`${where}: 403 page`);
  if ((await page.getByTestId('not-found-page').count()) > 0) problems.push(`${where}: 404 page`);
  const text = await page.locator('body').innerText();
  const placeholder = text.match(PLACEHOLDER);
  if (placeholder) problems.push(`${where}: placeholder text 「${placeholder[0]}」`);
  for (const error of watch.consoleErrors) problems.push(`${where}: console error: ${error}`);
  const allowed = stop.allowStatus ?? [];
  for (const failed of watch.failedRequests) {
    if (!allowed.some((code) => failed.endsWith(`: ${code}`))) problems.push(`${where}: failed request ${failed}`);
  }
  const loaded = Date.now();
  for (const v of await axeViolations(page)) problems.push(`${where}: axe ${v.impact} ${v.id}: ${v.help} @ ${v.targets.join(' | ')}`);
  const shooter = shooterOf(stop) === role;
  timings.push({ where, load: loaded - started, axe: Date.now() - loaded });
  if (SCREENS && shooter) {
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/${stop.route}-${viewport}.png`, animations: 'disabled', caret: 'hide' });
  }
  return true;
}

const timings: { where: string; load: number; axe: number }[] = [];
let ids: DemoIds;

test.beforeAll(() => {
  ids = demoIds();
  if (SCREENS) mkdirSync(OUT, { recursive: true });
});

test('the tour\'s axe run reports what it should (a faint text and a nameless button planted on a page)', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.locator('h1')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const faint = document.createElement('p');
    faint.textContent = '読みにくい文字';
    faint.style.color = '#cccccc';
    const nameless = document.createElement('button');
    document.body.append(faint, nameless);
  });
  const found = (await axeViolations(page)).map((v) => v.id).sort();
  expect(found).toEqual(['button-name', 'color-contrast']);
});

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  for (const role of ROLES) {
    const stops = STOPS.filter((stop) => stop.roles.includes(role));
    test(`tour: ${role} on a ${viewport} opens its ${stops.length} routes`, async ({ browser }) => {
      test.setTimeout(60_000 + stops.length * 10_000);
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport], hasTouch: viewport === 'phone' });
      const page = await context.newPage();
      const watch = new PageWatch(page);
      const problems: string[] = [];
      try {
        if (role === 'guest') ids.guestShare ??= await issueShareLink(browser, ids);
        if (role !== 'guest') {
          await page.goto('/');
          await fillLogin(page, ACCOUNTS[role]);
          await expect(page).not.toHaveURL('/');
          await expect(page.locator('h1').first()).toBeVisible();
          await closeGreetingModals(page, problems, `${role}/${viewport} after login`);
        }
        let how: 'load' | 'navigate' = 'load';
        for (const stop of stops) {
          // After a page that did not settle, the next one starts from a fresh load.
          how = (await visit(page, watch, stop, ids, role, viewport, problems, how)) ? 'navigate' : 'load';
        }
      } finally {
        await context.close();
      }
      const sum = (key: 'load' | 'axe') => timings.reduce((total, t) => total + t[key], 0);
      console.log(`${role}/${viewport}: ${timings.length} pages, load ${sum('load')} ms, axe ${sum('axe')} ms; slowest ${[...timings].sort((a, b) => b.load - a.load).slice(0, 3).map((t) => `${t.where} ${t.load}`).join(', ')}`);
      timings.length = 0;
      expect(problems, `${role} on a ${viewport}`).toEqual([]);
    });
  }
}
