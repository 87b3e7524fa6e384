/** Manuscripts as their specs open them: the demo's first one, two people on it, typing at its end. */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { psql } from './db';
import { expect } from './fixtures';
import { logIn } from './session';

/** The demo's first manuscript and its task. */
export function firstManuscript(): { id: number; taskId: number } {
  const [id, taskId] = psql('select id, task_id from manuscripts order by id limit 1').split('|').map(Number);
  return { id, taskId };
}

export interface Together {
  /** One page per person, in the order their addresses were given. */
  pages: Page[];
  contexts: BrowserContext[];
  close: () => Promise<void>;
}

/** Each person logs in in a browser of their own and opens manuscript `id`; returns once every page is synced. */
export async function openTogether(browser: Browser, id: number, mailAddresses: string[]): Promise<Together> {
  const contexts = await Promise.all(mailAddresses.map(() => browser.newContext()));
  const close = async () => {
    await Promise.all(contexts.map((context) => context.close()));
  };
  try {
    const pages: Page[] = [];
    for (const [index, mailAddress] of mailAddresses.entries()) {
      const page = await contexts[index].newPage();
      await logIn(page, mailAddress);
      pages.push(page);
    }
    for (const page of pages) {
      await page.goto(`/manuscripts/${id}`);
      await expect(page.getByTestId('manuscript-status')).toHaveText('同期済み');
    }
    return { pages, contexts, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Types `text` as a new paragraph at the end of the manuscript. */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.getByTestId('manuscript-editor').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText(text);
}
