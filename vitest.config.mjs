// Component and unit tests of the shell, its kit and the remotes (jsdom). Browser tests are in e2e/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['shell/**/*.test.{ts,tsx}', 'remotes/*/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    setupFiles: ['shell/kit/src/test/setup.ts'],
    restoreMocks: true,
    pool: 'threads',
    // A worker keeps its jsdom and its imported modules from one test file to the next instead of
    // making both anew per file (setup.ts empties the DOM, toasts, storage and cookies after each
    // test): on two cores the per-file jsdom and imports took more time than the tests themselves.
    isolate: false,
    testTimeout: 20000,
  },
});
