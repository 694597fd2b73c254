import { type Download } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { baseUrl, expect, shot, test, signIn } from './helpers';
import { gridLoaded, menuItem, openColumnMenu, resetLayout, sortDescAndHide } from './grid-kit';
import { parseCsv, save } from './export-files';

/**
 * Export from every grid (docs/grid.md §7): the view as the user sees it (filters, sort, visible
 * columns in their order) to xlsx and csv from the grid kit's toolbar; the files are opened and
 * their header and row count checked against what the grid shows.
 */

test('product library: export the view (column filter, sort, two hidden columns) to xlsx and csv', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'grid-export-'));
  try {
    await resetLayout('editor', 'products.catalog');
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/libraries/products`);
    const grid = page.getByTestId('product-grid');
    await gridLoaded(grid);

    // Division is any of Work, Kids, season SP, gender Girls, year 2026 (few enough for an exact total);
    // sorted by style descending; colour description and channel hidden.
    for (const [field, value] of [['division', 'Work, Kids'], ['season', 'SP'], ['gender', 'Girls'], ['year', '2026']] as const) {
      await openColumnMenu(page, grid, field);
      await menuItem(page, 'filter').click();
      const editor = page.getByTestId('grid-filter-editor');
      await editor.getByTestId('grid-filter-value').fill(value);
      await editor.getByTestId('grid-filter-apply').click();
      await gridLoaded(grid);
    }
    await expect(page.getByTestId('grid-filter-chip')).toHaveCount(4);
    await expect(page.getByTestId('grid-filter-chip').first()).toHaveText('Division is any of Work, Kids');
    await sortDescAndHide(page, grid, 'style', ['colorDescription', 'channel']);
    // Up to 1,000 products the total is exact (beyond, the product query estimates it).
    const count = page.getByTestId('catalog-count');
    await expect.poll(async () => Number(await count.getAttribute('data-total')), { timeout: 30_000 }).toBeLessThan(1000);
    await gridLoaded(grid);
    const total = Number(await count.getAttribute('data-total'));
    expect(total).toBeGreaterThan(20);
    const firstStyle = (await grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="style"]').first().innerText()).trim();
    await expect(page.getByTestId('grid-export-csv')).toBeVisible();
    await shot(page, 'grid-export-products');

    // The grid's rendered data columns, in order, with their headers as shown (the grid renders
    // the columns in view: the export's header starts with them).
    const shown = await grid.locator('.ag-header-cell[col-id]').evaluateAll((els) =>
      els
        .map((e) => ({ id: e.getAttribute('col-id') ?? '', x: e.getBoundingClientRect().x, text: (e.querySelector('.its-grid-header__label')?.textContent ?? '').trim() }))
        .filter((c) => c.id !== 'thumbnail' && !c.id.startsWith('ag-Grid'))
        .sort((a, b) => a.x - b.x),
    );
    expect(shown.map((c) => c.id)).not.toContain('colorDescription');
    expect(shown.length).toBeGreaterThan(4);
    const styleAt = shown.findIndex((c) => c.id === 'style');
    const divisionAt = shown.findIndex((c) => c.id === 'division');
    const checkHeader = (got: unknown[]) => {
      expect(got.slice(0, shown.length)).toEqual(shown.map((c) => c.text));
      expect(got).not.toContain('Channel');
      expect(got).not.toContain('Color description');
      expect(got).toContain('Wholesale');
      expect(got).not.toContain('');
    };

    const xlsxDownload = page.waitForEvent('download');
    await page.getByTestId('grid-export').click();
    const xlsx = await save(xlsxDownload, dir);
    expect(xlsx.name).toMatch(/^Products_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx.path);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    checkHeader(headers);
    expect(sheet.rowCount).toBe(total + 1);
    expect(String(sheet.getRow(2).getCell(styleAt + 1).value)).toBe(firstStyle);

    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('grid-export-csv').click();
    const csv = await save(csvDownload, dir);
    expect(csv.name).toMatch(/^Products_\d{4}-\d{2}-\d{2}\.csv$/);
    const raw = readFileSync(csv.path, 'utf8');
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    const lines = parseCsv(raw.slice(1));
    expect(lines[0]).toEqual(headers);
    expect(lines.length).toBe(total + 1);
    expect(lines[1]![styleAt]).toBe(firstStyle);
    for (const line of lines.slice(1, 50)) expect(line[divisionAt]).toMatch(/^(Work|Kids)$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
