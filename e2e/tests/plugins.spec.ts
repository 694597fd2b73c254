import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { alive, itsBin, repoRoot, startServer } from '../server.mjs';
import { expect, login, shot, test } from './helpers';

/**
 * The product team's path: scaffold a microsite, build its bundle, install it into a running ITS
 * and open it, with the core process and the shell bundle untouched; remove it and it is gone.
 */
test('a scaffolded microsite is installed into a running ITS and removed again', async ({ page }) => {
  test.setTimeout(300_000);
  const dir = join(repoRoot, 'plugins', 'fall26');
  rmSync(dir, { recursive: true, force: true });
  const server = await startServer();
  try {
    const env = { ...process.env, ITS_DATA_DIR: server.dataDir, ITS_ADDR: `127.0.0.1:${server.port}` };
    const its = (...args: string[]) => execFileSync(itsBin(), args, { cwd: repoRoot, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const shellBuilt = statSync(join(repoRoot, 'shell', 'dist', 'index.html')).mtimeMs;

    its('plugins', 'new', 'microsite', 'fall26', dir);
    execFileSync('make', ['-C', dir], { cwd: repoRoot, env, stdio: 'ignore' });
    expect(existsSync(join(dir, 'fall26.tar.gz'))).toBe(true);
    expect(its('plugins', 'install', join(dir, 'fall26.tar.gz'))).toContain('installed fall26');

    await login(page, 'user', server.url);
    await expect(async () => {
      await page.goto(`${server.url}/global/conference/fall26`);
      await expect(page.getByTestId('fall26-landing')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('fall26-landing')).toContainText('Welcome to fall26');
    await expect(page.getByTestId('fall26-landing')).toContainText('Uma User');
    await shot(page, 'plugin-fall26-landing');
    expect(alive(server.pid)).toBe(true);
    expect(statSync(join(repoRoot, 'shell', 'dist', 'index.html')).mtimeMs).toBe(shellBuilt);

    its('plugins', 'remove', 'fall26');
    await expect(async () => {
      const res = await page.request.get(`${server.url}/api/fall26/landing`);
      expect(res.status()).toBe(404);
    }).toPass({ timeout: 30_000 });
    await page.goto(`${server.url}/global/conference/fall26`);
    await expect(page.getByTestId('fall26-landing')).toHaveCount(0);
    expect(alive(server.pid)).toBe(true);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
