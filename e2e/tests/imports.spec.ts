import { type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { apiSession, baseUrl, expect, pasteText, shot, test, type Api, signIn } from './helpers';

/**
 * The Excel import (spec §2.6, §4.4, §5.4) against the real server: a 5,000-row workbook with 20
 * critical rows (styles the catalog does not know) and 30 warning rows (styles of another region)
 * is uploaded, its columns associated, the criticals fixed in the import grid, the warnings
 * ignored and the rows imported; a broken workbook is refused with a message.
 */

interface Product {
  style: string;
  color: string;
  discountPercent?: number | null;
}

/** Catalog style/colours of a region available in the US (the assortment's location). */
async function products(api: Api, region: string, count: number, skip = 0): Promise<Product[]> {
  const out: Product[] = [];
  while (out.length < count) {
    const res = await api.ctx.post('/api/products/query', {
      data: { locationId: 'US', conditions: { region: [region] }, sort: { styleNumeric: 1, color: 1 }, skip: skip + out.length, limit: Math.min(1000, count - out.length) },
      headers: { 'X-CSRF-Token': api.csrf },
    });
    expect(res.ok()).toBeTruthy();
    const rows = (await res.text())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => typeof l.style === 'string') as unknown as Product[];
    expect(rows.length).toBeGreaterThan(0);
    out.push(...rows);
  }
  return out.slice(0, count);
}

async function rowCount(api: Api, id: string): Promise<number> {
  const res = await api.ctx.get(`/api/assortments/${id}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data as { productCount: number }).productCount;
}

async function workbook(rows: Array<Array<string | number | null>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Styles');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const grid = (page: Page) => page.getByTestId('import-grid');
const action = (page: Page) => page.getByTestId('import-action');

test.describe('Excel import', () => {
  test.setTimeout(240_000);

  test('imports 5,000 rows after the criticals are fixed and the warnings ignored', async ({ page }) => {
    const api = await apiSession('editor');
    const created = await api.ctx.post('/api/assortments', { data: { title: `Excel import ${Date.now()}`, region: 'Europe' }, headers: { 'X-CSRF-Token': api.csrf } });
    expect(created.ok()).toBeTruthy();
    const id = ((await created.json()).data as { _id: string })._id;

    const good = await products(api, 'Europe', 4970);
    const fixes = good.splice(0, 20); // the pairs the criticals are fixed to
    const other = await products(api, 'Domestic', 30);
    const rows: Array<Array<string | number>> = [['Style Number', 'Colour', 'Cost', 'Discount %', 'MSRP']];
    for (let i = 0; i < 20; i++) rows.push([`NOSUCH${i}`, 'ZZZ', 10, 0, 20]);
    for (const p of other) rows.push([p.style, p.color, 30, 5, 60]);
    for (const p of good) rows.push([` ${p.style.toLowerCase()} `, p.color, 40, 10, 80]);
    expect(rows.length).toBe(5001);

    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/manage`);
    await page.getByTestId('header-import').click();
    await expect(page.getByTestId('import-page')).toBeVisible();
    await page.getByTestId('import-file').setInputFiles({ name: 'styles.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbook(rows) });

    const dialog = page.getByTestId('import-columns');
    await expect(dialog).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('import-map-style')).toHaveValue('0');
    await expect(page.getByTestId('import-map-color')).toHaveValue('1');
    await expect(page.getByTestId('import-map-suggestedRetail')).toHaveValue('4');
    await shot(page, 'imports-columns');
    await page.getByTestId('import-validate').click();

    await expect(page.getByTestId('import-summary')).toContainText('5,000 rows: 20 critical, 30 with warnings', { timeout: 60_000 });
    await expect(action(page)).toHaveText('Critical Issues Fixed - Resubmit');
    const firstIssue = grid(page).locator('.ag-row[row-index="0"] [data-testid="import-issue"]');
    await expect(firstIssue).toHaveAttribute('data-severity', 'critical');
    await expect(firstIssue).toHaveAttribute('title', 'Style/Color Not Found');
    await shot(page, 'imports-critical');
    expect(await rowCount(api, id)).toBe(0);

    // Fix the 20 criticals: paste real style/colours over them (style and colour columns).
    await grid(page).locator('.ag-row[row-index="0"] .ag-cell[col-id="style"]').click();
    await pasteText(page, fixes.map((p) => `${p.style}\t${p.color}`).join('\n'));
    await expect(action(page)).toHaveText('Revalidate Items');
    expect(await rowCount(api, id)).toBe(0); // editing never writes to the assortment
    await action(page).click();
    await expect(page.getByTestId('import-summary')).toContainText('0 critical, 50 with warnings', { timeout: 60_000 });
    await expect(action(page)).toHaveText('Ignore Warnings & Import');
    await expect(grid(page).locator('.ag-row[row-index="25"] [data-testid="import-issue"]')).toHaveAttribute('title', 'Product is not allowed');
    await shot(page, 'imports-warnings');

    await action(page).click();
    await expect(page.locator('.its-toast').filter({ hasText: 'Items Imported' })).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(new RegExp(`/assortment/${id}/manage`));
    expect(await rowCount(api, id)).toBe(5000);
    await shot(page, 'imports-done');
    await api.ctx.dispose();
  });

  test('the upload step lists the columns and offers the template; Delete item drops rows, which are not imported', async ({ page }) => {
    const api = await apiSession('editor');
    const created = await api.ctx.post('/api/assortments', { data: { title: `Import delete ${Date.now()}` }, headers: { 'X-CSRF-Token': api.csrf } });
    expect(created.ok()).toBeTruthy();
    const id = ((await created.json()).data as { _id: string })._id;
    const pool = await products(api, 'Europe', 400);
    const discounted = pool.find((p) => (p.discountPercent ?? 0) > 0);
    expect(discounted).toBeTruthy();
    const good = pool.filter((p) => p !== discounted).slice(0, 3);
    const rows: Array<Array<string | number | null>> = [['Style', 'Color', 'Cost', 'Discount %']];
    rows.push(['NOSUCH1', 'ZZZ', 10, 0], ['NOSUCH2', 'ZZZ', 10, 0]);
    for (const p of good) rows.push([p.style, p.color, 40, 10]);
    rows.push([discounted!.style, discounted!.color, 35, null]); // blank discount: the catalog's is imported

    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/import`);
    const expected = page.getByTestId('import-expected');
    await expect(expected).toBeVisible();
    await expect(page.getByTestId('import-expected-style')).toContainText('Required');
    await expect(page.getByTestId('import-expected-discountPercent')).toContainText('Number');
    await expect(page.getByTestId('import-expected-pillar')).toContainText('One of:');
    await shot(page, 'imports-upload-columns');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = template.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Style');
    expect(sheet.getRow(1).getCell(4).value).toBe('Discount %');

    await page.getByTestId('import-file').setInputFiles({ name: 'delete.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbook(rows) });
    await expect(page.getByTestId('import-columns')).toBeVisible({ timeout: 60_000 });
    const answer = page.waitForResponse((r) => r.url().endsWith('/rows'));
    await page.getByTestId('import-validate').click();
    const read = (await (await answer).json()) as { data: { rows: Array<{ values: Record<string, string>; filled?: Array<{ field: string; value: string }> }> } };
    await expect(page.getByTestId('import-summary')).toContainText('6 rows: 2 critical, 0 with warnings', { timeout: 60_000 });

    // The blank discount shows the catalog's value, marked as filled, and so does the net cost
    // it gives: each value the import fills in is in its own column of the row.
    const filledCells = read.data.rows[5]!.filled ?? [];
    expect(filledCells.map((f) => f.field)).toEqual(expect.arrayContaining(['discountPercent', 'discountAmount', 'netCost']));
    expect(filledCells.find((f) => f.field === 'discountPercent')?.value).toBe(String(discounted!.discountPercent));
    for (const f of filledCells) {
      const c = grid(page).locator(`.ag-row[row-index="5"] .ag-cell[col-id="${f.field}"]`);
      await expect(c).toHaveText(f.value);
      await expect(c).toHaveClass(/imp-cell--filled/);
    }
    // Placed under its own header (the mark must not move the cell).
    const netCell = await grid(page).locator('.ag-row[row-index="5"] .ag-cell[col-id="netCost"]').boundingBox();
    const netHead = await grid(page).locator('.ag-header-cell[col-id="netCost"]').boundingBox();
    expect(Math.abs(netCell!.x - netHead!.x)).toBeLessThan(2);
    await expect(grid(page).locator('.ag-row[row-index="2"] .ag-cell[col-id="discountPercent"]')).not.toHaveClass(/imp-cell--filled/);
    await grid(page).locator('.ag-row[row-index="5"] .ag-cell[col-id="discountPercent"]').hover();
    await expect(page.locator('.ag-tooltip')).toContainText(`the import takes ${discounted!.discountPercent} from the catalog`);
    await shot(page, 'imports-review-filled');

    // Select the two bad rows and delete them.
    for (const i of [0, 1]) await grid(page).locator(`.ag-row[row-index="${i}"] .ag-selection-checkbox input`).first().check();
    await shot(page, 'imports-delete-selected');
    await grid(page).locator('.ag-row[row-index="0"] .ag-cell[col-id="style"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Delete item' }).click();
    await expect(page.locator('.its-toast').filter({ hasText: /2 Item\(s\) Deleted/ })).toBeVisible();
    await expect(page.getByTestId('import-summary')).toContainText('4 rows: 0 critical, 0 with warnings');
    await expect(grid(page).locator('.ag-cell[col-id="style"]').filter({ hasText: 'NOSUCH' })).toHaveCount(0);
    await expect(action(page)).toHaveText('Revalidate Items');
    await shot(page, 'imports-after-delete');

    await action(page).click();
    await expect(action(page)).toHaveText('Import to Assortment', { timeout: 60_000 });
    await action(page).click();
    await expect(page.locator('.its-toast').filter({ hasText: 'Items Imported' })).toBeVisible({ timeout: 60_000 });
    expect(await rowCount(api, id)).toBe(4);
    await api.ctx.dispose();
  });

  test('a broken workbook is refused with a message', async ({ page }) => {
    const api = await apiSession('editor');
    const created = await api.ctx.post('/api/assortments', { data: { title: `Broken import ${Date.now()}` }, headers: { 'X-CSRF-Token': api.csrf } });
    const id = ((await created.json()).data as { _id: string })._id;
    const good = await workbook([['Style', 'Color'], ['A', 'B']]);
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/import`);
    await page.getByTestId('import-file').setInputFiles({ name: 'broken.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: good.subarray(0, Math.floor(good.length / 2)) });
    await expect(page.getByTestId('import-refused')).toContainText('This workbook is damaged and cannot be read.');
    await expect(page.getByTestId('import-columns')).toHaveCount(0);
    await shot(page, 'imports-refused');
    expect(await rowCount(api, id)).toBe(0);
    await api.ctx.dispose();
  });
});
