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
    testTimeout: 20000,
  },
});
