import type { FullConfig } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startServer } from './server.mjs';

/**
 * Every spec takes `test` and `expect` from tests/helpers.ts, whose fixture scans each page it
 * shows with axe-core; a spec taking Playwright's own `test` would go unscanned (and one taking
 * its `expect` invites the next to take `test` too), so the suite refuses to start.
 */
function checkSpecsAreScanned() {
  const dir = join(repoRoot, 'e2e', 'tests');
  const unscanned = readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .filter((f) => /import\s*\{[^}]*\b(?:test|expect)\b[^}]*\}\s*from\s*'@playwright\/test'/.test(readFileSync(join(dir, f), 'utf8')));
  if (unscanned.length > 0) {
    throw new Error(`import test and expect from './helpers' (its pages are scanned for accessibility), not from '@playwright/test': ${unscanned.join(', ')}`);
  }
}

/** One server for the suite; tests that need other settings start their own. */
export default async function globalSetup(_config: FullConfig) {
  checkSpecsAreScanned();
  const server = await startServer({ log: process.env.E2E_SERVER_LOG ? (l) => console.error(`[its] ${l}`) : undefined });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
