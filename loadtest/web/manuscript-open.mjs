#!/usr/bin/env node
/**
 * make bench-manuscripts' open target (scripts/bench-manuscripts.sh seeds the manuscript and
 * starts the node serving the production web build): in Debian's Chromium driven by the
 * workspace's Playwright (as web/e2e does), a member opens /manuscripts/<id> RUNS times, each
 * in a fresh browser context (a cold HTTP cache; the session token already in localStorage, as
 * for a member who logged in before). Measured in the page, from the navigation's start
 * (`performance.now()`): the first animation frame in which the editor shows the first
 * paragraph, and the one in which it shows the last (the whole text is there). Prints JSON:
 * every run and the medians.
 *
 * node loadtest/web/manuscript-open.mjs --origin http://127.0.0.1:19180 --id 12 --token T \
 *   --first 'text of the first paragraph' --last 'text of the last paragraph' [--runs 5]
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';

const { values: args } = parseArgs({
  options: {
    origin: { type: 'string' },
    id: { type: 'string' },
    token: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
    runs: { type: 'string', default: '5' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Runs in the page before its scripts: watches every frame for the two paragraphs. */
function watch({ first, last }) {
  const marks = {};
  window.__manuscriptOpen = marks;
  const tick = () => {
    const editor = document.querySelector('[data-testid="manuscript-editor"]');
    const text = editor?.textContent ?? '';
    if (marks.first === undefined && text.includes(first)) marks.first = performance.now();
    if (marks.last === undefined && text.includes(last)) marks.last = performance.now();
    if (marks.last === undefined) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const browser = await chromium.launch({
  executablePath: args.chromium,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const runs = [];
try {
  for (let run = 0; run < Number(args.runs); run++) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
      storageState: { cookies: [], origins: [{ origin: args.origin, localStorage: [{ name: 'tsumugi.token', value: args.token }] }] },
    });
    const page = await context.newPage();
    await page.addInitScript(watch, { first: args.first, last: args.last });
    await page.goto(`${args.origin}/manuscripts/${args.id}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__manuscriptOpen?.last !== undefined, null, { timeout: 60_000, polling: 50 });
    const marks = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { ...window.__manuscriptOpen, domContentLoaded: nav?.domContentLoadedEventEnd, load: nav?.loadEventEnd };
    });
    const text = await page.getByTestId('manuscript-editor').textContent();
    runs.push({ first_ms: marks.first, last_ms: marks.last, dom_content_loaded_ms: marks.domContentLoaded, editor_characters: [...(text ?? '')].length });
    await context.close();
  }
} finally {
  await browser.close();
}
const round = (ms) => Math.round(ms * 10) / 10;
console.log(
  JSON.stringify({
    runs: runs.map((r) => ({ ...r, first_ms: round(r.first_ms), last_ms: round(r.last_ms), dom_content_loaded_ms: round(r.dom_content_loaded_ms) })),
    median_first_ms: round(median(runs.map((r) => r.first_ms))),
    median_last_ms: round(median(runs.map((r) => r.last_ms))),
  }),
);
