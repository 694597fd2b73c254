import type { Page } from '@playwright/test';
import { apiSession, baseUrl, expect, shot, test, type Api, signIn } from './helpers';
import { freshAssortment } from './sort';

/**
 * The manage page's Merge from… and Logo and thumbnail against the real server: an editor merges
 * a demo assortment into one of theirs (the dialog counts the styles it adds and skips, the
 * target then holds both), from the manage page and from the assortment list's context menu
 * (which also opens the row's Documents), and uploads a logo that the page then shows from the
 * server.
 */

async function keysOf(api: Api, id: string): Promise<string[]> {
  const res = await api.ctx.get(`/api/assortments/${id}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data.products as Array<{ style: string; color: string }>).map((r) => `${r.style}_${r.color}`);
}

/** A fresh target of n demo rows, and what merging the demo Holiday 2025 Gift Guide into it gives. */
async function mergeCase(api: Api, title: string, n: number) {
  const target = await freshAssortment(api, title, n);
  const list = (await (await api.ctx.get('/api/assortments?view=all&q=Holiday%202025%20Gift%20Guide')).json()).data.items as Array<{ _id: string; title: string }>;
  const source = list.find((a) => a.title === 'Holiday 2025 Gift Guide')!;
  const before = await keysOf(api, target);
  const union = new Set([...before, ...(await keysOf(api, source._id))]);
  const added = union.size - before.length;
  expect(added).toBeGreaterThan(0);
  return { target, union, added };
}

/** Picks the demo source in the open Merge dialog and waits for its preview. */
async function pickHoliday(page: Page, added: number) {
  const dialog = page.getByTestId('merge-dialog');
  await dialog.getByTestId('merge-find').fill('Holiday 2025');
  await dialog.getByLabel('Holiday 2025 Gift Guide', { exact: true }).check();
  await expect(dialog.getByTestId('merge-preview')).toContainText(`${added} styles will be added`, { timeout: 30_000 });
}

test('merge a demo assortment into another from the manage page', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await apiSession('editor');
  const { target, union, added } = await mergeCase(api, 'Merge target', 4);

  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/assortment/${target}/manage`);
  await expect(page.getByTestId('lock-state')).toHaveAttribute('data-status', 'mine', { timeout: 30_000 });
  await page.getByTestId('header-merge').click();
  const dialog = page.getByTestId('merge-dialog');
  await pickHoliday(page, added);
  await shot(page, 'assortment-merge-dialog');
  await dialog.getByTestId('merge-submit').click();
  await expect(page.locator('.its-toast').filter({ hasText: `${added} styles added to` })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The page counts the merged styles, and the server holds them.
  await expect(page.getByTestId('tab-products')).toContainText(String(union.size));
  expect(new Set(await keysOf(api, target))).toEqual(union);
  await shot(page, 'assortment-merged');
});

test('merge from the assortment list: the context menu offers Documents and Merge from… of a row', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await apiSession('editor');
  const { target, union, added } = await mergeCase(api, 'Merge list target', 3);

  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/all`);
  const grid = page.getByTestId('assortment-list');
  await page.getByTestId('list-search').fill('Merge list target');
  await page.getByTestId('list-search').press('Enter');
  const row = grid.locator('.ag-row', { has: page.locator(`[data-testid=list-title][data-id="${target}"]`) }).first();
  await row.locator('.ag-cell[col-id="channel"]').click({ button: 'right' });
  const menu = page.getByTestId('grid-context-menu');
  await expect(menu.getByRole('menuitem', { name: 'Documents…' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Merge from…' })).toBeVisible();
  await shot(page, 'assortment-list-merge-menu');
  await menu.getByRole('menuitem', { name: 'Merge from…' }).click();
  const dialog = page.getByTestId('merge-dialog');
  await pickHoliday(page, added);
  await dialog.getByTestId('merge-submit').click();
  await expect(page.locator('.its-toast').filter({ hasText: `${added} styles added to` })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(new Set(await keysOf(api, target))).toEqual(union);

  // Documents… opens the assortment's export page.
  await row.locator('.ag-cell[col-id="channel"]').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: 'Documents…' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/assortments/assortment/${target}/export`));
  await api.ctx.dispose();
});

test('upload a logo on the manage page and see it', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await apiSession('editor');
  const id = await freshAssortment(api, 'Logo check', 2);
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/manage`);
  await expect(page.getByTestId('lock-state')).toHaveAttribute('data-status', 'mine', { timeout: 30_000 });
  const logo = page.getByTestId('image-logo');
  await expect(logo).toHaveAttribute('data-has', 'no');
  // A file that is not an image is refused in the page, before any upload.
  await page.getByTestId('image-logo-file').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(logo.getByRole('alert')).toContainText('notes.pdf is not an image');
  const image = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 120 } });
  await page.getByTestId('image-logo-file').setInputFiles({ name: 'brand.png', mimeType: 'image/png', buffer: image });
  await expect(logo).toHaveAttribute('data-has', 'yes', { timeout: 30_000 });
  await expect.poll(() => logo.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const a = (await (await api.ctx.get(`/api/assortments/${id}?_options=${encodeURIComponent('{"products":false}')}`)).json()).data as { logo: string };
  expect(a.logo).toBe(`assortments/${id}/brand.png`);
  // After a reload the page shows it from the server.
  await page.reload();
  await expect(page.getByTestId('image-logo')).toHaveAttribute('data-has', 'yes', { timeout: 30_000 });
  await shot(page, 'assortment-logo');
});
