/** What a person does to get in: open the login page and log in. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Tsumugi-demo-2026';

export async function fillLogin(page: Page, mailAddress: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('メールアドレス').fill(mailAddress);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

export async function logIn(page: Page, mailAddress: string, landing = '/projects'): Promise<void> {
  await page.goto('/');
  await fillLogin(page, mailAddress);
  await expect(page).toHaveURL(landing);
}

/**
 * Waits until the page's live socket is connected: a push reaches only a page that is, and a
 * logged-in page connects after its first render (the member session is a chunk of its own).
 */
export async function liveConnected(page: Page): Promise<void> {
  await expect(page.getByTestId('connection-live-region')).toHaveAttribute('data-connection', 'online');
}

/** The bearer token the web app stored after login (for API calls a test makes on the side). */
export async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('tsumugi.token'))) ?? '';
}

/** The newest mail the server wrote to DATA_DIR/mail. */
export function latestMail(): string {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const files = readdirSync(dir).map((name) => join(dir, name));
  files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return readFileSync(files[0], 'utf8');
}

/**
 * The tab title of the page `name`, whatever the member's unread count before it (「(2) 」):
 * other tests post in the demo channels a member belongs to, in parallel.
 */
export function tabTitle(name: string): RegExp {
  const escaped = `${name} | Tsumugi`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(\\(\\d+\\) )?${escaped}$`);
}
