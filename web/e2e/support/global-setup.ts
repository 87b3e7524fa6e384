import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_PORT } from '../../playwright.config';
import { databaseUrl, newDataDir, psql, startNode } from './server';

/** A fresh database and one node (with Redis) for the whole run. */
export default async function globalSetup(): Promise<void> {
  const stamp = `${Date.now()}`;
  const database = `tsumugi_e2e_${stamp}`;
  psql(`create database ${database}`);
  const dataDir = newDataDir();
  const env = {
    E2E_DATABASE: database,
    E2E_DATABASE_URL: databaseUrl(database),
    E2E_REDIS_PREFIX: `e2e-${stamp}`,
    E2E_DATA_DIR: dataDir,
  };
  Object.assign(process.env, env);
  const node = await startNode({ port: E2E_PORT, databaseUrl: env.E2E_DATABASE_URL, redisPrefix: env.E2E_REDIS_PREFIX, dataDir });
  process.env.E2E_NODE_PID = String(node.pid);
  writeFileSync(join(dataDir, 'e2e-state.json'), JSON.stringify({ pid: node.pid, database }));
}
