import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, closing after each test the browser contexts the test opened itself.
 *
 * Playwright closes the context behind its `context` and `page` fixtures, but not one a test
 * opens with `browser.newContext()` (a second person, a guest): those stayed open for the rest of
 * the run, each page with its live stream, its timers and its share of the server, all in the
 * one browser every test of the worker shares.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
});
