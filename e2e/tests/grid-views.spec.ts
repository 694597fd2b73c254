import { type Locator, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiSession, baseUrl, expect, login, shot, test } from './helpers';
import { gridLoaded } from './grid-kit';
import { csvRows, save, shownColumns, xlsxSheet } from './export-files';

/**
 * The views of a grid (issue 18): export from the assortment lists and the order grids (the view
 * as the user sees it, to xlsx and csv from the kit's toolbar; the files opened and their header
 * and row count checked against the grid and the list the server answers).
 */

/** Exports the grid to xlsx and csv and checks both files' header and row count. */
async function exportBoth(page: Page, grid: Locator, dir: string, name: RegExp, rows: number) {
  const shown = (await shownColumns(grid)).map((c) => c.text).filter(Boolean);
  expect(shown.length).toBeGreaterThan(2);

  const xlsxDownload = page.waitForEvent('download');
  await grid.getByTestId('grid-export').click();
  const xlsx = await save(xlsxDownload, dir);
  expect(xlsx.name).toMatch(new RegExp(`${name.source}\\.xlsx$`));
  const sheet = await xlsxSheet(xlsx.path);
  // The grid renders the columns in view: the file's header starts with them, in their order.
  expect(sheet.header.filter(Boolean).slice(0, shown.length)).toEqual(shown);
  expect(sheet.rowCount).toBe(rows + 1);

  const csvDownload = page.waitForEvent('download');
  await grid.getByTestId('grid-export-csv').click();
  const csv = await save(csvDownload, dir);
  expect(csv.name).toMatch(new RegExp(`${name.source}\\.csv$`));
  const lines = csvRows(csv.path);
  expect(lines[0]).toEqual(sheet.header);
  expect(lines.length).toBe(rows + 1);
}

interface DetailAnswer {
  _id: string;
  title: string;
  method: string;
  type: string;
  uiSettings?: { groupSettings?: { groupBy?: string } };
  products: Array<Record<string, unknown>>;
}

/**
 * Exports an assortment's detail grid from the kit's toolbar and checks both files against the
 * rows the server answers: the shown columns (the image left out) head the file, one line per
 * row and a group header row per group of the grouping the page shows.
 */
async function exportDetail(page: Page, dir: string, a: DetailAnswer, defaultGroupBy: string, shotName: string) {
  const grid = page.getByTestId('detail-grid');
  await gridLoaded(grid);
  await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(a.products.length));
  await expect(grid.getByTestId('grid-export')).toBeVisible();
  await shot(page, shotName);
  const saved = a.uiSettings?.groupSettings?.groupBy;
  const groupBy = saved && saved !== 'none' ? saved : saved === 'none' ? '' : defaultGroupBy;
  const groups = groupBy ? new Set(a.products.map((r) => String(r[groupBy] ?? ''))).size : 0;
  const shown = (await shownColumns(grid)).filter((c) => c.id !== 'thumbnail' && c.text).map((c) => c.text);
  expect(shown.length).toBeGreaterThan(2);
  const name = a.title.replace(/ /g, '_').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  const xlsxDownload = page.waitForEvent('download');
  await grid.getByTestId('grid-export').click();
  const xlsx = await save(xlsxDownload, dir);
  expect(xlsx.name).toMatch(new RegExp(`^${name}\\.xlsx$`));
  const sheet = await xlsxSheet(xlsx.path);
  expect(sheet.header.slice(0, shown.length)).toEqual(shown);
  expect(sheet.rowCount).toBe(a.products.length + groups + 1);

  const csvDownload = page.waitForEvent('download');
  await grid.getByTestId('grid-export-csv').click();
  const csv = await save(csvDownload, dir);
  expect(csv.name).toMatch(new RegExp(`^${name}\\.csv$`));
  const lines = csvRows(csv.path);
  expect(lines[0]).toEqual(sheet.header);
  expect(lines.length).toBe(a.products.length + groups + 1);
  // A style of the grid is in the file.
  const style = String(a.products[0]!.style);
  expect(lines.some((l) => l.includes(style))).toBe(true);
  return lines[0]!;
}

test.describe('grid views', () => {
  let dir = '';
  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'grid-views-'));
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('an assortment list view exports to xlsx and csv', async ({ page }) => {
    const api = await apiSession('editor');
    const listed = (await (await api.ctx.get('/api/assortments?view=all')).json()).data as { items: unknown[] };
    await api.ctx.dispose();
    expect(listed.items.length).toBeGreaterThan(2);

    await login(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments/all`);
    const grid = page.getByTestId('assortment-list');
    await gridLoaded(grid);
    await expect(grid.getByTestId('list-title')).toHaveCount(listed.items.length);
    await expect(grid.getByTestId('grid-export')).toBeVisible();
    await shot(page, 'grid-views-assortment-list');
    await exportBoth(page, grid, dir, /Assortments_all/, listed.items.length);
  });

  test('an internal assortment list, grouped by gender, exports to xlsx and csv', async ({ page }) => {
    const api = await apiSession('user');
    const res = await api.ctx.post('/api/internalAssortments/discover', { data: { channel: 'Retail' }, headers: { 'X-CSRF-Token': api.csrf } });
    const toc = (await res.json()).data as { assortments: Array<{ gender: string }> };
    await api.ctx.dispose();
    expect(toc.assortments.length).toBeGreaterThan(2);
    // Each gender opens with a group header row ("Gender: Mens (12)").
    const groups = new Set(toc.assortments.map((a) => a.gender)).size;

    await login(page, 'user');
    await page.goto(`${baseUrl()}/product/assortments/internal/retail`);
    const grid = page.getByTestId('internal-list');
    await gridLoaded(grid);
    await expect(grid.getByTestId('internal-open').first()).toBeVisible();
    await shot(page, 'grid-views-internal-list');
    await exportBoth(page, grid, dir, /InternalAssortments_Retail/, toc.assortments.length + groups);
  });

  test('an order list and an order\'s lines export to xlsx and csv', async ({ page }) => {
    const api = await apiSession('user');
    const res = await api.ctx.post('/api/orders/samples/active-orders/query', { data: { limit: 1000 }, headers: { 'X-CSRF-Token': api.csrf } });
    const list = (await res.json()).data as { rows: Array<{ orderNumber: number; _id: string }>; nextCursor: string | null };
    expect(list.nextCursor).toBeNull();
    expect(list.rows.length).toBeGreaterThan(0);

    await login(page, 'user');
    await page.goto(`${baseUrl()}/orders/samples/active-orders`);
    const grid = page.getByTestId('order-list');
    await gridLoaded(grid);
    await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(list.rows.length));
    await expect(grid.getByTestId('grid-export')).toBeVisible();
    await shot(page, 'grid-views-order-list');
    await exportBoth(page, grid, dir, /samples-active-orders/, list.rows.length);

    // The newest order's lines.
    const newest = list.rows[0]!;
    const order = (await (await api.ctx.post('/api/orders/samples/order/query', { data: { orderId: newest._id }, headers: { 'X-CSRF-Token': api.csrf } })).json()).data as { products: unknown[] };
    await api.ctx.dispose();
    await page.goto(`${baseUrl()}/orders/samples/order/${newest.orderNumber}`);
    const lines = page.getByTestId('order-lines');
    await gridLoaded(lines);
    await expect(lines.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(order.products.length));
    await shot(page, 'grid-views-order-lines');
    await exportBoth(page, lines, dir, new RegExp(`Order_${newest.orderNumber}`), order.products.length);
  });

  test("an assortment's detail grid exports to xlsx and csv", async ({ page }) => {
    const api = await apiSession('editor');
    const listed = (await (await api.ctx.get('/api/assortments?view=all')).json()).data as { items: Array<{ _id: string; type: string; method: string; productCount?: number }> };
    const pick = listed.items.find((i) => i.type !== 'folder' && i.method === 'static' && (i.productCount ?? 0) > 1);
    expect(pick).toBeTruthy();
    const regular = (await (await api.ctx.get(`/api/assortments/${pick!._id}`)).json()).data as DetailAnswer;
    await api.ctx.dispose();
    await login(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments/assortment/${regular._id}/manage`);
    await exportDetail(page, dir, regular, '', 'grid-views-assortment-detail');
  });

  test("an internal assortment's detail grid, grouped by pillar, exports without its hidden fields", async ({ page }) => {
    const user = await apiSession('user');
    const res = await user.ctx.post('/api/internalAssortments/discover', { data: { channel: 'Wholesale' }, headers: { 'X-CSRF-Token': user.csrf } });
    const toc = (await res.json()).data as { assortments: Array<{ _id: string; productCount?: number }> };
    const ia = toc.assortments.find((x) => (x.productCount ?? 0) > 1) ?? toc.assortments[0]!;
    const internal = (await (await user.ctx.get(`/api/internalAssortments/${ia._id}`)).json()).data as DetailAnswer;
    await user.ctx.dispose();
    await login(page, 'user');
    await page.goto(`${baseUrl()}/product/assortments/internal/${internal._id}/manage`);
    const header = await exportDetail(page, dir, internal, 'pillar', 'grid-views-internal-detail');
    expect(header).not.toContain('Initial Markup %');
    expect(header.join('|')).not.toMatch(/markup/i);
  });
});
