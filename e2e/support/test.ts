import { test as base } from '@playwright/test';
import { slotServer } from './slots.ts';

export { expect } from '@playwright/test';

/**
 * The specs' `test`: Playwright's, with `baseURL` pointing at this worker's own server (one
 * server, database and set of peers per worker: support/slots.ts). Every page, `request` and
 * `browser.newContext()` of a test takes its URLs from here.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(slotServer(testInfo.parallelIndex).baseURL);
  },
});
