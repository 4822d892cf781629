import { defineConfig, devices } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from './scripts/chromium.ts';
import { LOCAL_SITE_URL } from './scripts/local-site.ts';

/**
 * Browser tests against `npm start` (wrangler dev on the built site).
 * Where Playwright's own browsers are not installed (as on the CI machine),
 * Debian's Chromium is used: set CHROME_PATH to pick another binary.
 */
export const BASE_URL = LOCAL_SITE_URL;

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // An assertion waits this long for the page to get there (Playwright's default is 5 s): on a busy
  // machine a page that follows a save or a click can take longer with nothing broken.
  expect: { timeout: 30_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROME_PATH, args: CHROME_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A zero list TTL and no edge cache: the publish test sees an editor's change at the next request.
    command: 'npm start -- --var NEWS_LIST_TTL_SECONDS:0 --var EDGE_CACHE:off',
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
