import type { FullConfig } from '@playwright/test';
import { startServer } from './server.mjs';

/** One server for the suite; tests that need other settings start their own. */
export default async function globalSetup(_config: FullConfig) {
  const server = await startServer({ log: process.env.E2E_SERVER_LOG ? (l) => console.error(`[its] ${l}`) : undefined });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
