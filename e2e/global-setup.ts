import type { FullConfig } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, makeTemplate, repoRoot, startServer, startTestIdp, testProviders } from './server.mjs';

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
 * One server per worker, each on its own database (a copy of the template with the demo data),
 * signing staff in through its own test identity providers too: a spec sees only what it and the
 * specs before it on its worker did.
 * Tests that need other settings start their own. The servers' addresses go to the workers in
 * E2E_SERVERS (baseUrl() in tests/helpers.ts picks the worker's).
 */
export default async function globalSetup(config: FullConfig) {
  checkSpecsAreScanned();
  const stops: (() => Promise<void> | void)[] = [];
  // The demo data is loaded once: every server after this one, the workers' and those the
  // specs start, begins on a copy of this data dir (fromTemplate in server.mjs).
  if (!process.env.E2E_TEMPLATE_DIR) {
    const template = await makeTemplate();
    process.env.E2E_TEMPLATE_DIR = template;
    stops.push(() => rmSync(template, { recursive: true, force: true }));
  }
  const servers = await Promise.all(
    Array.from({ length: Math.max(1, config.workers) }, async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const dir = mkdtempSync(join(tmpdir(), 'its-idp-'));
      const { idp, stop: stopIdp } = await startTestIdp(url, dir);
      stops.push(() => {
        stopIdp();
        rmSync(dir, { recursive: true, force: true });
      });
      const server = await startServer({
        port,
        env: { ITS_AUTH_PROVIDERS: testProviders(idp, url) },
        log: process.env.E2E_SERVER_LOG ? (l) => console.error(`[its ${port}] ${l}`) : undefined,
      });
      stops.push(() => server.stop());
      return { url: server.url, idp };
    }),
  );
  process.env.E2E_SERVERS = JSON.stringify(servers);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
