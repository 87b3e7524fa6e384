/**
 * The update banner and maintenance on every route of the tour's table (support/tour.ts): with
 * the route open, (a) a new release starts and the page shows the update banner, (b) an admin
 * starts maintenance and the page becomes the maintenance page (staff keep their page, with the
 * staff banner), then ends it and the page is back, all without a reload.
 *
 * make test opens each route once, as one of the roles that may open it (spread evenly, so every
 * role has its share and every route is seen); LIVE_BANNERS_ALL=1 (make soak) opens every route
 * as every role that may open it (241 route × role pairs instead of 95).
 *
 * Fast enough to run every time: each role opens its routes in tabs of one browser context, a
 * batch at a time, and one release and one maintenance switch serve the whole batch. Logged-in
 * tabs hear of both through the socket (the new node announces its release to every node's
 * sockets); logged-out tabs have no socket and poll, so they run on a node of their own that
 * the test redeploys with the new release.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { databaseUrl, newDataDir, startNode, stopNode } from './support/server';
import { fillLogin, liveConnected, logIn, tokenOf } from './support/session';
import { ACCOUNTS, axeViolations, closeGreetingModals, demoIds, issueShareLink, navigateInApp, STOPS, VIEWPORTS, type DemoIds, type Role, type Stop } from './support/tour';

/** The extra node: a new release beside the main one, or (for logged-out tabs) the node they run on. */
const SIDE_PORT = E2E_PORT + 7;
const SIDE_ORIGIN = `http://127.0.0.1:${SIDE_PORT}`;
/** Tabs open at once for a logged-in role (a logged-out one opens all of its few: its waits are the polls'). */
const BATCH = 16;
const ROLES: Role[] = ['guest', 'creator', 'editor', 'client', 'manager', 'accountant', 'admin'];
const STAFF: Role[] = ['manager', 'accountant', 'admin'];
/** A logged-out page polls the revision and the maintenance schedule every 10 s. */
const POLLED = 15_000;

let ids: DemoIds;
let side: Awaited<ReturnType<typeof startNode>> | undefined;
const sideDataDir = newDataDir();
let releases = 0;

/** (Re)starts the extra node, with a new release or (none given) the release the main node runs. */
async function deploy(newRelease: boolean): Promise<void> {
  await stopNode(side);
  side = await startNode({
    port: SIDE_PORT,
    databaseUrl: process.env.E2E_DATABASE_URL ?? databaseUrl(process.env.E2E_DATABASE!),
    redisPrefix: process.env.E2E_REDIS_PREFIX!,
    dataDir: sideDataDir,
    env: { SEED_DEMO: '0', ...(newRelease ? { REVISION_NO: `e2e-live-banners-${Date.now()}-${++releases}` } : {}) },
  });
}

/** An admin's token, for switching maintenance through the real admin API. */
async function adminToken(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, ACCOUNTS.admin);
    return await tokenOf(page);
  } finally {
    await context.close();
  }
}

async function maintenance(page: Page, token: string, on: boolean): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const answer = on
    ? await page.request.put('/api/admin/maintenance', {
        headers,
        data: { message: '全ルート確認のためのメンテナンスです。', end_datetime: new Date(Date.now() + 30 * 60_000).toISOString() },
      })
    : await page.request.delete('/api/admin/maintenance', { headers });
  expect(answer.ok(), `maintenance ${on ? 'on' : 'off'}: ${answer.status()}`).toBe(true);
}

interface Tab {
  stop: Stop;
  page: Page;
  heading: string;
}

/** Opens a stop in a tab of its own (after the stop it opens from, in that same tab) and waits until it settled. */
async function openTab(context: BrowserContext, stop: Stop, origin: string, role: Role, problems: string[]): Promise<Tab | null> {
  const page = await context.newPage();
  const where = `${role} ${stop.route}`;
  try {
    const from = stop.opensFrom && STOPS.find((s) => s.route === stop.opensFrom);
    if (from) {
      await page.goto(origin + from.path(ids));
      await expect(page.locator('h1').first()).toBeVisible();
      await from.ready?.(page);
      await navigateInApp(page, stop.path(ids));
    } else {
      await page.goto(origin + stop.path(ids));
    }
    const heading = page.locator('h1').first();
    await expect(heading).toBeVisible();
    await stop.ready?.(page);
    await expect(page.getByText('読み込み中')).toHaveCount(0);
    await closeGreetingModals(page, problems, where);
    await expect(page.getByTestId('update-banner'), `${where}: the banner before any release`).toHaveCount(0);
    // A member's page hears the release through its socket: deploying before it is up would
    // test the connect race, not the banner (a logged-out page polls instead).
    if (role !== 'guest') await liveConnected(page);
    return { stop, page, heading: (await heading.innerText()).trim() };
  } catch (error) {
    problems.push(`${where}: did not open: ${(error as Error).message.split('\n')[0]}`);
    await page.close();
    return null;
  }
}

/** axe's serious and critical findings on the first tab of a batch, in the state it is in now (a banner up, the maintenance page). */
async function axeOn(tabs: Tab[], role: Role, state: string, problems: string[]): Promise<void> {
  const tab = tabs[0];
  if (!tab) return;
  for (const v of await axeViolations(tab.page)) problems.push(`${role} ${tab.stop.route} (${state}): axe ${v.impact} ${v.id}: ${v.help} @ ${v.targets.join(' | ')}`);
}

/** A check on every tab at once (each waits on its own); a failure is noted with its route and the batch goes on. */
async function onEvery(tabs: Tab[], role: Role, what: string, problems: string[], check: (tab: Tab) => Promise<void>): Promise<void> {
  await Promise.all(
    tabs.map(async (tab) => {
      try {
        await check(tab);
      } catch (error) {
        // The first line names the check; the received value says what the page showed instead.
        const lines = (error as Error).message.split('\n');
        const received = lines.find((line) => line.includes('Received'))?.trim();
        problems.push(`${role} ${tab.stop.route} ${tab.stop.path(ids)}: ${what}: ${lines[0]}${received ? ` — ${received}` : ''}`);
      }
    }),
  );
}

test.beforeAll(() => {
  ids = demoIds();
});

test.afterAll(async () => {
  await stopNode(side);
});

/**
 * The routes each role opens: all it may open with LIVE_BANNERS_ALL=1; otherwise each route once,
 * as the role among those that may open it that has the fewest routes so far (the first in ROLES
 * on a tie), so the shell of every route and every role's banners are both covered.
 */
function routesByRole(): Map<Role, Stop[]> {
  const all = process.env.LIVE_BANNERS_ALL === '1';
  const byRole = new Map<Role, Stop[]>(ROLES.map((role) => [role, []]));
  for (const stop of STOPS) {
    const roles = ROLES.filter((role) => stop.roles.includes(role));
    const chosen = all ? roles : [roles.reduce((fewest, role) => (byRole.get(role)!.length < byRole.get(fewest)!.length ? role : fewest))];
    for (const role of chosen) byRole.get(role)!.push(stop);
  }
  return byRole;
}

for (const [role, stops] of routesByRole()) {
  test(`update banner and maintenance: ${role} on ${stops.length} routes`, async ({ browser }) => {
    test.setTimeout(60_000 + stops.length * 6_000);
    const loggedOut = role === 'guest';
    const staff = STAFF.includes(role);
    const origin = loggedOut ? SIDE_ORIGIN : '';
    const timeout = loggedOut ? POLLED : 10_000;
    const token = await adminToken(browser);
    if (loggedOut) ids.guestShare ??= await issueShareLink(browser, ids);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const problems: string[] = [];
    let reloads = 0;
    context.on('page', (page) => page.on('load', () => reloads++));
    const control = await context.newPage();
    try {
      if (!loggedOut) {
        await control.goto('/');
        await fillLogin(control, ACCOUNTS[role]);
        await expect(control).not.toHaveURL('/');
      }
      const batch = loggedOut ? stops.length : BATCH;
      for (let first = 0; first < stops.length; first += batch) {
        // Logged-out tabs run on the extra node, at the release the main node runs.
        if (loggedOut) await deploy(false);
        const tabs: Tab[] = [];
        for (const stop of stops.slice(first, first + batch)) {
          const tab = await openTab(context, stop, origin, role, problems);
          if (tab) tabs.push(tab);
        }
        const loaded = reloads;

        // (a) A new release starts beside the running one (or replaces the logged-out tabs' node).
        await deploy(true);
        await onEvery(tabs, role, 'update banner', problems, async ({ page }) => {
          const banner = page.getByTestId('update-banner');
          await expect(banner).toBeVisible({ timeout });
          await expect(banner).toContainText('新しいアップデートがあります。再読み込みしてください。');
          // Not covered by anything of the page: the reload button takes a click.
          await banner.getByRole('button', { name: '再読み込み' }).click({ trial: true, timeout: 2000 });
        });
        await axeOn(tabs, role, 'update banner', problems);

        // (b) Maintenance on: the maintenance page for everyone but staff, who keep their page.
        await maintenance(control, token, true);
        await onEvery(tabs, role, 'maintenance on', problems, async ({ page, heading }) => {
          if (staff) {
            await expect(page.getByTestId('maintenance-staff-banner')).toContainText('メンテナンス中です');
            await expect(page.getByTestId('maintenance-page')).toHaveCount(0);
            await expect(page.locator('h1').first()).toHaveText(heading);
          } else {
            const shown = page.getByTestId('maintenance-page');
            await expect(shown).toBeVisible({ timeout });
            await expect(shown).toContainText('全ルート確認のためのメンテナンスです。');
            await expect(page.locator('h1')).toHaveText('メンテナンス中');
          }
        });
        await axeOn(tabs, role, staff ? 'staff maintenance banner' : 'maintenance page', problems);
        await maintenance(control, token, false);
        await onEvery(tabs, role, 'maintenance off', problems, async ({ page, heading }) => {
          await expect(page.getByTestId('maintenance-page')).toHaveCount(0, { timeout });
          await expect(page.getByTestId('maintenance-staff-banner')).toHaveCount(0, { timeout });
          await expect(page.locator('h1').first()).toHaveText(heading);
        });
        expect(reloads - loaded, 'pages reloaded by the release or maintenance').toBe(0);
        await Promise.all(tabs.map((tab) => tab.page.close()));
      }
    } finally {
      await maintenance(control, token, false).catch(() => undefined);
      await context.close();
    }
    expect(problems, `${role}: every route`).toEqual([]);
  });
}
