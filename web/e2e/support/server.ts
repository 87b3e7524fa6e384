/** Starts and stops real `tsumugi` nodes for the end-to-end suite. */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const BINARY = process.env.TSUMUGI_BIN ?? join(ROOT, 'target/release/tsumugi');
export const ADMIN_URL = process.env.E2E_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/?protocol=resp3';

export interface NodeOptions {
  port: number;
  databaseUrl: string;
  redisPrefix: string;
  dataDir: string;
  env?: Record<string, string>;
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function psql(sql: string): void {
  execFileSync('psql', [ADMIN_URL, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
}

/** Runs SQL on this run's database: a test preparing what the web app cannot do yet, or undoing its own changes. */
export function psqlRun(sql: string): void {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is set by the global setup');
  execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
}

/**
 * A node's data folder. An extra node's lives inside the run's folder (`E2E_DATA_DIR`, set by the
 * global setup), which the global teardown removes with everything in it.
 */
export function newDataDir(): string {
  const parent = process.env.E2E_DATA_DIR ? join(process.env.E2E_DATA_DIR, 'nodes') : tmpdir();
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, 'tsumugi-e2e-'));
}

export async function waitForHealth(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`tsumugi on port ${port} did not become healthy`);
}

export async function startNode(options: NodeOptions): Promise<ChildProcess> {
  const log = openSync(join(options.dataDir, `tsumugi-${options.port}.log`), 'a');
  const child = spawn(BINARY, [], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: options.redisPrefix,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      WEB_DIR: join(ROOT, 'web/dist'),
      SEED_DEMO: '1',
      SITE_VERIFY_DIFFICULTY: '8',
      // Every test browser comes from 127.0.0.1: the per-network-address budget of link mails
      // would count the whole suite as one office. The per-address budget stays as shipped.
      MAIL_LINK_LIMIT_PER_IP: '10000',
      RUST_LOG: 'info,tower_http=warn',
      // A stopped node closes its sockets at once: stopNode gives it 5 s before SIGKILL.
      DRAIN_WINDOW_SECS: '0',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  await waitForHealth(options.port);
  return child;
}

export async function stopNode(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
