/** The test database, read and written straight (what a spec needs that no screen shows). */
import { execFileSync } from 'node:child_process';

/** Runs `sql` on the suite's database; answers the output unaligned, tuples only, trimmed. */
export function psql(sql: string): string {
  return execFileSync('psql', [process.env.E2E_DATABASE_URL ?? '', '-v', 'ON_ERROR_STOP=1', '-tAc', sql]).toString().trim();
}
