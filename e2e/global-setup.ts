import type { FullConfig } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot, startServer, startTestIdp, testProviders } from './server.mjs';

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

/**
 * One server for the suite, signing staff in through the test identity providers too (their
 * addresses in E2E_IDP); tests that need other settings start their own.
 */
export default async function globalSetup(_config: FullConfig) {
  checkSpecsAreScanned();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'its-idp-'));
  const { idp, stop: stopIdp } = await startTestIdp(url, dir);
  const server = await startServer({
    port,
    env: { ITS_AUTH_PROVIDERS: testProviders(idp, url) },
    log: process.env.E2E_SERVER_LOG ? (l) => console.error(`[its] ${l}`) : undefined,
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_IDP = JSON.stringify(idp);
  return async () => {
    await server.stop();
    stopIdp();
    rmSync(dir, { recursive: true, force: true });
  };
}
