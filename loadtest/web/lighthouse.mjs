#!/usr/bin/env node
/**
 * make bench-web's measuring half (scripts/bench-web.sh starts the server): Lighthouse 12 in its
 * default mobile profile (Moto G Power screen, simulated slow 4G, 4× CPU slowdown) against
 * Debian's Chromium, on the login page and, logged in as the demo creator, on /tasks and a
 * channel page. Each page is loaded RUNS times from a cold HTTP cache; the median run (by
 * performance score) is reported in a Markdown file.
 *
 * Logged-in pages: the web app keeps its session token in localStorage (`tsumugi.token`). The
 * token is put there once through the browser, and those runs keep storage (Lighthouse's
 * `disableStorageReset`) but empty the HTTP cache before each run (`Network.clearBrowserCache`),
 * so they are cold loads of a member who logged in before.
 *
 * Each `--origin LABEL=URL` is measured in turn, a table each: scripts/bench-web.sh gives the node
 * itself (HTTP/1.1) and the node behind HAProxy terminating TLS with HTTP/2, as
 * docs/operations.md deploys it (a self-signed certificate: Chromium is told to accept it).
 *
 * node loadtest/web/lighthouse.mjs --origin 'node=http://127.0.0.1:8140' --modules .cache/lighthouse/node_modules \
 *   --out loadtest/results/web.md [--runs 3] [--reports DIR]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const { values: args } = parseArgs({
  options: {
    origin: { type: 'string', multiple: true },
    modules: { type: 'string' },
    out: { type: 'string' },
    runs: { type: 'string', default: '3' },
    reports: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const FRONTS = args.origin.map((given) => {
  const at = given.indexOf('=');
  return { label: given.slice(0, at), origin: given.slice(at + 1) };
});
const MODULES = resolve(args.modules);
const RUNS = Number(args.runs);
const MEMBER = 'creator@demo.tsumugi.jp';
const PASSWORD = 'Tsumugi-demo-2026';
const TARGET_SCORE = 95;
const TARGET_LCP_MS = 2500;
// The machine notes' flags for Chromium in a container (as web/playwright.config.ts).
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The TLS front's certificate is self-signed (scripts/bench-web.sh makes it per run).
  '--ignore-certificate-errors',
];

const load = (name, entry) => import(pathToFileURL(join(MODULES, name, entry)).href);
const { default: lighthouse } = await load('lighthouse', 'core/index.js');
const chromeLauncher = await load('chrome-launcher', 'dist/index.js');
const { default: puppeteer } = await load('puppeteer-core', 'lib/esm/puppeteer/puppeteer-core.js');
const lighthouseVersion = (await import(pathToFileURL(join(MODULES, 'lighthouse', 'package.json')).href, { with: { type: 'json' } })).default.version;

async function api(origin, path, { token, body } = {}) {
  const response = await fetch(origin + path, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The demo editorial team's group channel, as web/e2e/support/chat.ts finds it. */
async function channelPath(origin, token) {
  const teams = await api(origin, '/api/teams', { token });
  const team = [...teams.favorite, ...teams.assigned, ...teams.other].find((t) => t.name === 'デモ編集部');
  const channels = await api(origin, `/api/teams/${team.id}/channels`, { token });
  const channel = channels.find((c) => c.channel_type === 'group');
  return `/teams/${team.id}/channels/${channel.id}`;
}

function summary(lhr) {
  const audit = (id) => lhr.audits[id];
  const scripts = audit('resource-summary').details.items.find((item) => item.resourceType === 'script');
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    si: audit('speed-index').numericValue,
    bytes: audit('total-byte-weight').numericValue,
    requests: audit('network-requests').details.items.length,
    scriptBytes: scripts?.transferSize ?? 0,
    scriptCount: scripts?.requestCount ?? 0,
    finalUrl: lhr.finalDisplayedUrl,
    // What the page's own requests went over (http/1.1, h2): the front decides it.
    protocol: audit('network-requests').details.items.find((item) => item.resourceType === 'Document')?.protocol ?? '?',
    warnings: lhr.runWarnings,
  };
}

const chrome = await chromeLauncher.launch({ chromePath: args.chromium, chromeFlags: CHROME_FLAGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
const helper = await browser.newPage();
const cdp = await helper.createCDPSession();
const results = [];
try {
  for (const front of FRONTS) {
    const ORIGIN = front.origin;
    const measure = async (label, path, loggedIn) => {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        let lhr;
        // Lighthouse 12 with a newer Chromium now and then loses the trace (NO_NAVSTART): run again.
        for (let attempt = 1; ; attempt++) {
          if (loggedIn) await cdp.send('Network.clearBrowserCache');
          ({ lhr } = await lighthouse(ORIGIN + path, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: loggedIn,
          }));
          if (!lhr.runtimeError) break;
          console.error(`${front.label} ${label} run ${i + 1}: ${lhr.runtimeError.code}${attempt < 3 ? ', again' : ''}`);
          if (attempt === 3) throw new Error(`${label}: ${lhr.runtimeError.message}`);
        }
        const run = summary(lhr);
        if (new URL(run.finalUrl).pathname !== path) throw new Error(`${label}: ended on ${run.finalUrl}, not ${path}`);
        if (args.reports) {
          mkdirSync(args.reports, { recursive: true });
          writeFileSync(join(args.reports, `${front.label.replace(/\W+/g, '_')}-${label.replace(/\W+/g, '_')}-${i + 1}.json`), JSON.stringify(lhr));
        }
        console.error(`${front.label} ${label} run ${i + 1}: score ${run.score}, FCP ${ms(run.fcp)}, LCP ${ms(run.lcp)}, TBT ${Math.round(run.tbt)} ms, ${kib(run.bytes)} KiB`);
        runs.push(run);
      }
      const sorted = [...runs].sort((a, b) => a.score - b.score || b.lcp - a.lcp);
      results.push({ front: front.label, label, path, runs, median: sorted[Math.floor(sorted.length / 2)], protocol: sorted[0].protocol });
    };

    // Logged out first: a run of the login page resets the origin's storage.
    await measure('login', '/', false);
    const { token } = await api(ORIGIN, '/api/users/login', { body: { mail_address: MEMBER, password: PASSWORD, site_verify_token: 'bench' } });
    await helper.goto(`${ORIGIN}/revision.json`);
    await helper.evaluate((t) => localStorage.setItem('tsumugi.token', t), token);
    await helper.goto('about:blank');
    await measure('tasks', '/tasks', true);
    await measure('channel', await channelPath(ORIGIN, token), true);
  }
} finally {
  await browser.disconnect();
  chrome.kill();
}

function ms(value) {
  return `${(value / 1000).toFixed(2)} s`;
}
function kib(bytes) {
  return (bytes / 1024).toFixed(1);
}

const met = (r) => r.median.score >= TARGET_SCORE && r.median.lcp <= TARGET_LCP_MS;
const lines = [
  '# Web performance on a phone (Lighthouse, mobile)',
  '',
  `\`make bench-web\` (\`scripts/bench-web.sh\`, runner \`loadtest/web/lighthouse.mjs\`): a release \`tsumugi\` with the demo data serving the production build of the web app (precompressed brotli/gzip, year-long caching of hashed assets), measured by Lighthouse ${lighthouseVersion} in its default mobile profile (simulated slow 4G: 150 ms RTT, 1.6 Mbit/s; 4× CPU slowdown; 412×823 screen) with Debian's Chromium, headless. Each page is loaded ${RUNS} times from a cold HTTP cache; the table shows the median run by performance score. Logged-in pages are loaded as the demo creator with the session token already in localStorage (a member returning to the app). Target: performance ≥ ${TARGET_SCORE} and LCP ≤ ${TARGET_LCP_MS / 1000} s on each page. Never part of \`make test\`.`,
  '',
  `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
];
for (const front of FRONTS) {
  const rows = results.filter((r) => r.front === front.label);
  lines.push(
    '',
    `## ${front.label} (${rows[0]?.protocol ?? '?'})`,
    '',
    rows.every(met) ? 'Every page meets the target.' : `Target not met on: ${rows.filter((r) => !met(r)).map((r) => r.label).join(', ')}.`,
    '',
    '| page | performance | FCP | LCP | TBT | CLS | Speed Index | transferred (requests) | of which JavaScript (files) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(({ label, path, median: m }) =>
      `| ${label} (\`${path}\`) | ${m.score} | ${ms(m.fcp)} | ${ms(m.lcp)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${ms(m.si)} | ${kib(m.bytes)} KiB (${m.requests}) | ${kib(m.scriptBytes)} KiB (${m.scriptCount}) |`,
    ),
    '',
    'Every run (performance score / LCP):',
    '',
    ...rows.map(({ label, runs }) => `- ${label}: ${runs.map((r) => `${r.score} / ${ms(r.lcp)}`).join('; ')}`),
  );
}
lines.push(
  '',
  'Before issue 39 item 19 (files uncompressed, `no-cache`, one 301 KB entry): the login page scored 75 (FCP 3.9 s, LCP 4.2 s) and moved 472 KiB. What each change gained, and what limits the logged-in pages: `docs/decisions/web-asset-delivery.md`.',
  '',
  `Machine: ${cpus().length} cores, load average (1 min) ${loadavg()[0].toFixed(2)} at the end of the run. Lighthouse's simulated throttling models the network, but its CPU figures scale the main-thread time it observed, so other work on the machine shows up in FCP, LCP and TBT: on a shared machine these figures are noisy and on the pessimistic side.`,
  '',
);
const warnings = [...new Set(results.flatMap((r) => r.runs.flatMap((run) => run.warnings)))];
if (warnings.length) lines.push('Lighthouse warnings:', '', ...warnings.map((w) => `- ${w}`), '');
writeFileSync(args.out, lines.join('\n'));
console.error(`wrote ${args.out}`);
