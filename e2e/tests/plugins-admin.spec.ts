import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startServer } from '../server.mjs';
import { expect, login, shot, test } from './helpers';

/**
 * The conference plugin unpacked into the plugins folder (as `make run` does), not installed as a
 * bundle: the plugins page lists it with its version, checksum, source and state, and an admin
 * disables it (its routes stop on the server) and enables it again. The bundle is picked with the
 * kit's file input.
 */
const bundle = join(repoRoot, 'plugins', 'conference', 'conference.tar.gz');

test('an admin sees the conference plugin of the plugins folder and disables and enables it', async ({ page }) => {
  test.setTimeout(240_000);
  expect(existsSync(bundle), 'build the plugin first (make build)').toBe(true);
  const dataDir = mkdtempSync(join(tmpdir(), 'its-e2e-'));
  const folder = join(dataDir, 'plugins', 'conference');
  mkdirSync(folder, { recursive: true });
  execFileSync('tar', ['-xzf', bundle, '-C', folder]);
  const server = await startServer({ dataDir });
  try {
    await login(page, 'admin', server.url);
    const spring23 = async () => (await page.request.get(`${server.url}/api/conference/events/spring23`)).status();
    expect(await spring23()).toBe(200);

    await page.goto(`${server.url}/admin/plugins`);
    const row = page.getByTestId('plugin-row-conference');
    await expect(row).toContainText('1.0.0');
    await expect(row).toContainText('Plugins folder');
    await expect(row).toContainText('Enabled');
    await expect(row).toHaveAttribute('data-state', 'enabled');
    await expect(row.locator('code')).toHaveText(/^[0-9a-f]{16}…$/);
    // A folder put there by hand is the operator's to delete: no Remove.
    await expect(page.getByTestId('plugin-remove-conference')).toHaveCount(0);
    // The kit's file input: its button and the chosen file's name, Install only with a file.
    const upload = page.getByTestId('plugin-upload');
    await expect(upload.locator('label.its-btn', { hasText: 'Choose file' })).toBeVisible();
    await expect(upload).toContainText('No file chosen');
    await expect(page.getByTestId('plugin-install')).toBeDisabled();
    await shot(page, 'admin-plugins-folder');

    await page.getByTestId('plugin-toggle-conference').click();
    await expect(row).toContainText('Disabled');
    await expect(row).toHaveAttribute('data-state', 'disabled');
    await expect(async () => expect(await spring23()).toBe(404)).toPass({ timeout: 30_000 });
    await page.reload();
    await expect(page.getByTestId('plugin-row-conference')).toContainText('Disabled');
    await shot(page, 'admin-plugins-folder-disabled');

    await page.getByTestId('plugin-toggle-conference').click();
    await expect(row).toContainText('Enabled');
    await expect(async () => expect(await spring23()).toBe(200)).toPass({ timeout: 30_000 });

    // A file that is no bundle: its name shows in the control, the refusal names the reason, and
    // the folder plugin is still the only one.
    await page.getByTestId('plugin-file').setInputFiles({ name: 'broken.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('not a bundle') });
    await expect(upload).toContainText('broken.tar.gz');
    await page.getByTestId('plugin-install').click();
    await expect(page.getByTestId('plugin-refused')).toContainText('not a tar.gz');
    await expect(page.getByTestId('plugin-table').locator('tbody tr')).toHaveCount(1);
    await shot(page, 'admin-plugins-folder-refused');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
