/**
 * The suite's `test`: Playwright's, plus a watch on every page of every browser context the test
 * opens (its own `page` and any `browser.newContext()`): an uncaught exception or an unhandled
 * promise rejection in the web app fails the test, with the errors listed.
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';

export { expect };

export const test = base.extend<{ failOnPageError: void }>({
  failOnPageError: [
    async ({ browser, context }, run) => {
      const errors: string[] = [];
      const watch = (watched: BrowserContext) =>
        watched.on('weberror', (webError) => {
          const error = webError.error();
          errors.push(`${webError.page()?.url() ?? '(page closed)'}: ${error.stack ?? error.message}`);
        });
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        watch(created);
        return created;
      };
      try {
        await run();
      } finally {
        browser.newContext = newContext;
      }
      expect(errors, 'uncaught errors in the web app').toEqual([]);
    },
    { auto: true },
  ],
});
