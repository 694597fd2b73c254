import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './server.mjs';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // E2E_WORKERS=N runs N workers, each with its own server and database (global-setup.ts); a spec
  // file runs whole on one worker, in order. On two cores two workers took as long as one (26 min
  // for the suite), the browsers being the bottleneck, so one is the default.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // One retry, reported as "flaky" in the list: a two-core CI machine under the axe scans of every
  // page is slow enough that a rare wait runs out; a test that fails twice fails the run.
  retries: 1,
  // Every page a test opens is scanned by axe before the next action (tests/helpers.ts): a long
  // flow through many pages needs more than the default 90 s on a busy two-core machine.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
