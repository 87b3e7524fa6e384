import { rmSync } from 'node:fs';
import { psql } from './server';

export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.E2E_NODE_PID);
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (process.env.E2E_DATABASE) {
    try {
      psql(`drop database if exists ${process.env.E2E_DATABASE} with (force)`);
    } catch (error) {
      console.warn('could not drop the e2e database', error);
    }
  }
  if (process.env.E2E_DATA_DIR && !process.env.E2E_KEEP_DATA) rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
