import { type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import ExcelJS from 'exceljs';
import { animationsDone, apiSession, baseUrl, dragRange, expect, login, pasteText, shot, test, signIn } from './helpers';

/**
 * The grid kit on the Sample Inventory, against the real server: editing, range selection, copy
 * and paste (with Excel's TSV), undo and redo, a 1,000-row paste, the Excel export; every step is
 * checked against the server through the API.
 */

const PRODUCTION = '/product/libraries/samples/production';

interface Row {
  id: string;
  version: number;
  [field: string]: unknown;
}

async function allRows(ctx: APIRequestContext, csrf: string): Promise<Row[]> {
  const res = await ctx.post('/api/sampleInventory/Production/stream', { data: {}, headers: { 'X-CSRF-Token': csrf } });
  expect(res.ok()).toBeTruthy();
  const lines = (await res.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  return lines.filter((l) => typeof l.id === 'string') as Row[];
}

const grid = (page: Page) => page.getByTestId('sample-grid');

/** A data cell by display row index and field. */
const cell = (page: Page, row: number, field: string): Locator =>
  grid(page).locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${field}"]`);

async function rowIdAt(page: Page, row: number): Promise<string> {
  const id = await grid(page).locator(`.ag-row[row-index="${row}"]`).getAttribute('row-id');
  expect(id).toBeTruthy();
  return id!;
}

async function openProduction(page: Page) {
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}${PRODUCTION}`);
  await expect(grid(page)).toBeVisible();
  await expect(cell(page, 0, 'style')).not.toHaveText('');
  await expect(grid(page)).not.toHaveAttribute('data-loading', 'true', { timeout: 20_000 });
}


/** The text a grid cell shows for a server value. */
function shown(field: string, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (field === 'moldDate' && typeof v === 'string') {
    const [y, mo, d] = v.split('-');
    return `${mo}/${d}/${y}`;
  }
  return String(v);
}

async function expectServerMatchesScreen(page: Page, ctx: APIRequestContext, csrf: string, rows: number[], fields: string[]) {
  const ids = await Promise.all(rows.map((r) => rowIdAt(page, r)));
  const screen = await Promise.all(rows.map((r) => Promise.all(fields.map((f) => cell(page, r, f).innerText()))));
  await expect
    .poll(
      async () => {
        const byId = new Map((await allRows(ctx, csrf)).map((r) => [r.id, r]));
        return ids.map((id) => fields.map((f) => shown(f, byId.get(id)?.[f])));
      },
      { timeout: 15_000 },
    )
    .toEqual(screen.map((line) => line.map((t) => t.trim())));
}

test.describe.serial('sample inventory grid', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the default route opens Production; the grid shows every field of the samples', async ({ page }) => {
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/libraries/samples`);
    await expect(page).toHaveURL(new RegExp(`${PRODUCTION}$`));
    await expect(cell(page, 0, 'style')).not.toHaveText('');
    for (const header of ['Division', 'Style', 'Color', 'Size', 'Side', 'Status', 'Mold #', 'Mold Date', 'Bin', 'Total Qty', 'On Hand Qty']) {
      await expect(grid(page).locator('.ag-header-cell-text', { hasText: new RegExp(`^${header.replace('#', '\\#')}$`) })).toHaveCount(1);
    }
    const { ctx, csrf } = await apiSession('editor');
    const rows = await allRows(ctx, csrf);
    await expect(grid(page).getByTestId('grid-row-count')).toHaveAttribute('data-count', String(rows.length));
    await shot(page, 'samples-production');
    await page.getByTestId('tab-sales').click();
    await expect(page).toHaveURL(/\/samples\/sales$/);
    await expect(cell(page, 0, 'region')).not.toHaveText('');
    await shot(page, 'samples-sales');
    await ctx.dispose();
  });

  test('edit, drag a 3×4 range, copy, paste elsewhere, undo, redo: the server follows every step', async ({ page }) => {
    const { ctx, csrf } = await apiSession('editor');
    await openProduction(page);
    const fields = ['moldNum', 'moldDate', 'bin', 'totalQty'];

    // Typed edits: F2 edits in place, a typed key replaces the cell.
    await cell(page, 0, 'bin').dblclick();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Z-01-01');
    await page.keyboard.press('Enter');
    await expect(cell(page, 0, 'bin')).toHaveText('Z-01-01');
    await cell(page, 1, 'totalQty').click();
    await page.keyboard.type('17');
    await page.keyboard.press('Enter');
    await expect(cell(page, 1, 'totalQty')).toHaveText('17');
    await expect(grid(page).getByTestId('grid-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 });
    await expectServerMatchesScreen(page, ctx, csrf, [0, 1], ['bin', 'totalQty', 'onHandQty']);

    // Numeric cells block keys other than digits, dot and comma; a pasted negative is refused
    // with the rule's message and the cell keeps its value.
    const qty2 = await cell(page, 2, 'totalQty').innerText();
    await cell(page, 2, 'totalQty').click();
    await page.keyboard.press('F2');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('-4x');
    await expect(grid(page).locator('.its-grid-editor')).toHaveValue('4');
    await page.keyboard.press('Escape');
    await expect(cell(page, 2, 'totalQty')).toHaveText(qty2);
    await pasteText(page, '-3');
    await expect(page.getByRole('alert').filter({ hasText: 'Total Qty cannot be negative' })).toBeVisible();
    await expect(cell(page, 2, 'totalQty')).toHaveText(qty2);

    // Drag a 3×4 range: rows 0–2, Mold # … Total Qty.
    await dragRange(page, cell(page, 0, 'moldNum'), cell(page, 2, 'totalQty'));
    await expect(grid(page).locator('.its-grid-cell--range')).toHaveCount(12);
    await expect(grid(page).getByTestId('grid-selection-bar')).toContainText('12 editable cells selected');
    await shot(page, 'samples-range');

    await page.keyboard.press('Control+C');
    const tsv = await page.evaluate(() => navigator.clipboard.readText());
    const copied = tsv.trimEnd().split(/\r?\n/).map((l) => l.split('\t'));
    expect(copied).toHaveLength(3);
    expect(copied.every((l) => l.length === 4)).toBeTruthy();
    expect(copied[0]![2]).toBe('Z-01-01');
    const before = await Promise.all([6, 7, 8].map((r) => Promise.all(fields.map((f) => cell(page, r, f).innerText()))));

    // Paste over rows 6–8 (one step: one batch, one undo).
    await cell(page, 6, 'moldNum').click();
    await page.keyboard.press('Control+V');
    for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) await expect(cell(page, 6 + r, fields[c]!)).toHaveText(copied[r]![c]!);
    await expectServerMatchesScreen(page, ctx, csrf, [6, 7, 8], fields);
    await shot(page, 'samples-pasted');

    // Undo puts rows 6–8 back, on screen and on the server.
    await page.keyboard.press('Control+Z');
    for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) await expect(cell(page, 6 + r, fields[c]!)).toHaveText(before[r]![c]!);
    await expectServerMatchesScreen(page, ctx, csrf, [6, 7, 8], fields);

    // Redo pastes it again.
    await page.keyboard.press('Control+Y');
    for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) await expect(cell(page, 6 + r, fields[c]!)).toHaveText(copied[r]![c]!);
    await expectServerMatchesScreen(page, ctx, csrf, [6, 7, 8], fields);

    // The history survives sorting: sort by Bin, undo the paste, the server has the old values.
    const id6 = await rowIdAt(page, 6);
    await grid(page).locator('.ag-header-cell[col-id="bin"] .ag-header-cell-label').click();
    await grid(page).getByTestId('grid-undo').click();
    await expect
      .poll(async () => (await allRows(ctx, csrf)).find((r) => r.id === id6)?.moldNum ?? '', { timeout: 15_000 })
      .toBe(before[0]![0]);
    await ctx.dispose();
  });

  test('Edit Cells writes one value into a range as one saved step; undo puts every cell back', async ({ page }) => {
    const { ctx, csrf } = await apiSession('editor');
    await openProduction(page);
    const rows = [3, 4, 5];
    const before = await Promise.all(rows.map((r) => cell(page, r, 'moldNum').innerText()));

    // A 3×3 range (Mold # … Bin), then Edit cells… from the context menu.
    await dragRange(page, cell(page, 3, 'moldNum'), cell(page, 5, 'bin'));
    await expect(grid(page).locator('.its-grid-cell--range')).toHaveCount(9);
    await cell(page, 4, 'bin').click({ button: 'right' });
    await page.getByTestId('grid-context-menu').getByRole('menuitem', { name: /Edit cells/ }).click();
    const dialog = page.getByTestId('grid-edit-cells');
    await expect(dialog.getByRole('heading', { name: 'Edit Cells' })).toBeVisible();
    await expect(dialog.getByTestId('grid-edit-field-moldDate')).toBeVisible();
    await dialog.getByTestId('grid-edit-input-moldNum').fill('M7777');
    await expect(dialog.getByTestId('grid-edit-change-moldNum')).toBeChecked();
    await shot(page, 'samples-edit-cells');
    await dialog.getByTestId('grid-edit-apply').click();
    await expect(dialog).toBeHidden();
    for (const r of rows) await expect(cell(page, r, 'moldNum')).toHaveText('M7777');
    await expectServerMatchesScreen(page, ctx, csrf, rows, ['bin', 'moldNum']);

    // One undo step restores the three cells, on screen and on the server.
    await grid(page).getByTestId('grid-undo').click();
    for (const [i, r] of rows.entries()) await expect(cell(page, r, 'moldNum')).toHaveText(before[i]!);
    await expectServerMatchesScreen(page, ctx, csrf, rows, ['moldNum']);
    await ctx.dispose();
  });

  test('a 1,000 × 10 block pasted from Excel saves in a few batches; refused cells are listed', async ({ page }) => {
    const { ctx, csrf } = await apiSession('editor');
    await openProduction(page);
    const batches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/batch/many')) batches.push(r.url());
    });
    const sides = ['L', 'r', 'PAIR'];
    const lines: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const side = i % 250 === 0 ? 'Both' : sides[i % 3]!;
      const qty = i % 333 === 0 ? '-5' : String((i % 20) + 1);
      lines.push([`${7 + (i % 8) / 2}`, side, 'available', 'mens', `m-${i}`, '3/7/2025', `P-${i}`, qty, '99', 'x'].join('\t'));
    }
    await cell(page, 0, 'size').click();
    const before = await allRows(ctx, csrf);
    await pasteText(page, `${lines.join('\r\n')}\r\n`);
    await expect(grid(page).getByTestId('grid-rejected')).toBeVisible();
    // onHandQty and trackingAction are read-only (2 × 1,000), 4 sides are no option, 4 quantities are negative.
    await expect(grid(page).getByTestId('grid-rejected')).toContainText('2,008 cells were not changed');
    await expect(grid(page).getByTestId('grid-rejected')).toContainText("'Both' is not a valid Side");
    await expect(grid(page).getByTestId('grid-rejected')).toContainText('Total Qty cannot be negative');
    await expect(grid(page).getByTestId('grid-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.length).toBeLessThanOrEqual(8);
    await expect(cell(page, 0, 'bin')).toHaveText('P-0');
    await expect(cell(page, 1, 'side')).toHaveText('R');
    await expect(cell(page, 1, 'moldDate')).toHaveText('03/07/2025');
    await shot(page, 'samples-paste-1000');

    // The server has every accepted cell: match the pasted rows by their new, unique bins.
    const after = await allRows(ctx, csrf);
    const byBin = new Map(after.map((r) => [r.bin as string, r]));
    const oldById = new Map(before.map((r) => [r.id, r]));
    for (let i = 0; i < 1000; i++) {
      const r = byBin.get(`P-${i}`);
      expect(r, `row ${i}`).toBeTruthy();
      expect(r!.status).toBe('Available');
      expect(r!.gender).toBe('Mens');
      expect(r!.moldNum).toBe(`m${i}`);
      expect(r!.moldDate).toBe('2025-03-07');
      expect(r!.side).toBe(i % 250 === 0 ? oldById.get(r!.id)!.side : ['L', 'R', 'Pair'][i % 3]);
      expect(r!.totalQty).toBe(i % 333 === 0 ? oldById.get(r!.id)!.totalQty : (i % 20) + 1);
    }
    await ctx.dispose();
  });

  test('export to Excel downloads the rows the grid shows, in its column order', async ({ page }) => {
    const { ctx, csrf } = await apiSession('editor');
    await openProduction(page);
    await page.getByTestId('filter-division').selectOption('Apparel');
    await expect(grid(page)).not.toHaveAttribute('data-loading', 'true', { timeout: 20_000 });
    await expect(cell(page, 0, 'division')).toHaveText('Apparel');
    const count = Number(await grid(page).getByTestId('grid-row-count').getAttribute('data-count'));
    const serverRows = (await (await ctx.post('/api/sampleInventory/Production/query', { data: { filters: { division: 'Apparel' }, limit: 1000 }, headers: { 'X-CSRF-Token': csrf } })).json()).data as { rows: Row[]; totalCount: number };
    expect(count).toBe(serverRows.totalCount);

    const [download] = await Promise.all([page.waitForEvent('download'), grid(page).getByTestId('grid-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^SampleInventory_Production_.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v == null ? '' : String(v)));
    const headers = values(1);
    const shownHeaders = await grid(page).locator('.ag-header-cell[col-id]:not([col-id="ag-Grid-SelectionColumn"]) .ag-header-cell-text').allInnerTexts();
    // Columns off screen are not rendered: the rendered ones come first, in order, then the rest.
    expect(headers.slice(0, shownHeaders.length)).toEqual(shownHeaders.map((h) => h.trim()));
    const schema = (await (await ctx.get('/api/sampleInventory/Production/schema')).json()).data as { columns: Array<{ hide?: boolean }> };
    expect(headers).toHaveLength(schema.columns.filter((c) => !c.hide).length);
    expect(sheet.actualRowCount - 1).toBe(count);
    // Same rows as the server's, in the grid's order (first rows checked cell by cell).
    const styleCol = headers.indexOf('Style');
    const binCol = headers.indexOf('Bin');
    for (let r = 0; r < 5; r++) {
      expect(values(r + 2)[styleCol]).toBe(await cell(page, r, 'style').innerText());
      expect(values(r + 2)[binCol]).toBe(await cell(page, r, 'bin').innerText());
    }
    const sheetBins = Array.from({ length: count }, (_, i) => values(i + 2)[binCol]).sort();
    expect(sheetBins).toEqual(serverRows.rows.map((r) => String(r.bin ?? '')).sort());
    await ctx.dispose();
  });

  test('add, validate, delete and undo; grouping, context menu, history and transfer', async ({ page }) => {
    const { ctx, csrf } = await apiSession('editor');
    await openProduction(page);

    // A new row: saving it with cells missing names them ('Sample Missing Value').
    await page.getByTestId('sample-add').click();
    await expect(grid(page).locator('.its-grid-row--new')).toHaveCount(1);
    await expect(grid(page).locator('.its-grid-editor')).toBeFocused();
    await page.keyboard.type('foot');
    await expect(page.getByTestId('grid-choices')).toContainText('Footwear');
    await page.keyboard.press('Enter');
    await expect(cell(page, 0, 'division')).toHaveText('Footwear');
    await page.getByTestId('sample-save-new').click();
    await expect(grid(page).getByTestId('grid-rejected')).toContainText('Style');
    await expect(grid(page).locator('.its-grid-cell--error').first()).toBeVisible();
    await shot(page, 'samples-add-missing');

    // Filled in by a pasted row, it saves; the same sample again is a 'Duplicate Sample'.
    const sample = ['Footwear', '99901', 'BLK', '10', 'pair', 'Available', 'Mens', 'M1', '01/02/2025', 'NEW-1', '3'];
    await cell(page, 0, 'division').click();
    await pasteText(page, sample.join('\t'));
    await expect(cell(page, 0, 'style')).toHaveText('99901');
    await page.getByTestId('sample-save-new').click();
    await expect(grid(page).locator('.its-grid-row--new')).toHaveCount(0);
    await expect.poll(async () => (await allRows(ctx, csrf)).filter((r) => r.style === '99901').length).toBe(1);
    await page.getByTestId('sample-add').click();
    await page.keyboard.press('Escape');
    await cell(page, 0, 'division').click();
    await pasteText(page, sample.join('\t'));
    await page.getByTestId('sample-save-new').click();
    await expect(grid(page).getByTestId('grid-rejected')).toContainText('Duplicate Sample');
    await grid(page).getByTestId('grid-rejected-close').click();
    await cell(page, 0, 'division').click({ button: 'right' });
    await page.getByTestId('grid-context-menu').locator('[data-menu-id="delete"]').click();
    await expect(grid(page).locator('.its-grid-row--new')).toHaveCount(0);

    // Delete (status Deleted) and undo from the toast.
    await page.getByTestId('filter-style').fill('99901');
    await expect(grid(page).getByTestId('grid-row-count')).toHaveAttribute('data-count', '1', { timeout: 10_000 });
    await grid(page).locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await expect(grid(page).getByTestId('grid-selection-bar')).toContainText('1 row selected');
    await page.getByTestId('sample-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(grid(page).getByTestId('grid-row-count')).toHaveAttribute('data-count', '0');
    const added = async () => {
      const res = await ctx.post('/api/sampleInventory/Production/query', { data: { filters: { style: '99901', status: ['Deleted', 'Available'] } }, headers: { 'X-CSRF-Token': csrf } });
      return ((await res.json()).data as { rows: Row[] }).rows[0]?.status;
    };
    await expect.poll(added).toBe('Deleted');
    await page.locator('.its-toast').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(added).toBe('Available');
    await expect(grid(page).getByTestId('grid-row-count')).toHaveAttribute('data-count', '1');
    await page.getByTestId('filter-clear').click();
    await expect(grid(page)).not.toHaveAttribute('data-loading', 'true', { timeout: 20_000 });

    // Grouping by style, contract all and expand all. The server counts the groups and the rows
    // stay read in blocks (sorted by style first), not streamed whole.
    const calls: string[] = [];
    const seen = (r: Request) => {
      if (r.method() === 'POST' && /\/api\/sampleInventory\/Production\/(groups|query|stream)$/.test(r.url())) calls.push(`${r.url().split('/').at(-1)} ${r.postData() ?? ''}`);
    };
    page.on('request', seen);
    await grid(page).getByTestId('grid-group-by').selectOption('style');
    await expect(grid(page).getByTestId('grid-group-row').first()).toContainText(/^Style: \d+ \([\d,]+\)$/);
    await expect.poll(() => calls.some((c) => c.startsWith('query ') && c.includes('"sort":[{"field":"style","dir":"asc"}') && c.includes('"limit":100'))).toBe(true);
    expect(calls.find((c) => c.startsWith('groups '))).toContain('"field":"style"');
    expect(calls.filter((c) => c.startsWith('stream '))).toEqual([]);
    page.off('request', seen);
    await shot(page, 'samples-grouped');
    await grid(page).getByTestId('grid-contract-all').click();
    await expect(grid(page).locator('.ag-row .ag-cell[col-id="style"]')).toHaveCount(0);
    await grid(page).getByTestId('grid-expand-all').click();
    await expect(cell(page, 1, 'style')).not.toHaveText('');
    await grid(page).getByTestId('grid-group-by').selectOption('');

    // The context menu, and the tracking history of the row.
    await cell(page, 3, 'bin').click({ button: 'right' });
    const menu = page.getByTestId('grid-context-menu');
    await expect(menu.locator('[data-menu-id="delete"]')).toContainText('Delete item');
    await animationsDone(page);
    await shot(page, 'samples-context-menu');
    await menu.locator('[data-menu-id="history"]').click();
    await expect(page.getByTestId('tracking-panel')).toBeVisible();
    await expect(page.getByTestId('tracking-entry').first()).toBeVisible();
    await shot(page, 'samples-history');

    // Transfer one sample to Sales.
    await grid(page).locator('.ag-row[row-index="4"] .ag-selection-checkbox input').check();
    const moving = await rowIdAt(page, 4);
    await page.getByTestId('sample-transfer').click();
    const dialog = page.getByTestId('transfer-dialog');
    await dialog.getByTestId('transfer-region').selectOption('West');
    await dialog.getByTestId('transfer-direction').selectOption('Left');
    await dialog.getByTestId('transfer-aisle').fill('07');
    await dialog.getByTestId('transfer-level').fill('2');
    await shot(page, 'samples-transfer');
    await dialog.getByTestId('transfer-submit').click();
    await expect(page.getByText(/1 sample transferred to Sales/)).toBeVisible();
    await expect.poll(async () => (await allRows(ctx, csrf)).some((r) => r.id === moving)).toBe(false);
    await ctx.dispose();
  });

  test('a stale write (userLock) says so for 5 seconds and reloads the rows', async ({ page }) => {
    const { ctx, csrf } = await apiSession('editor');
    await openProduction(page);
    const id = await rowIdAt(page, 5);
    // Someone else saves the row while the paste's save is on its way: the save names the
    // version the page had, stale by then. (Live rows tell the page of a change made earlier, so
    // the other write lands while the save is held.)
    const row = (await allRows(ctx, csrf)).find((r) => r.id === id)!;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = () => {};
    const saving = new Promise<void>((resolve) => (sent = resolve));
    await page.route('**/api/sampleInventory/Production/batch/**', async (route) => {
      sent();
      await held;
      await route.continue();
    });
    await cell(page, 5, 'moldNum').click();
    await pasteText(page, 'MINE1');
    await saving;
    const res = await ctx.patch('/api/sampleInventory/Production/batch/many', { data: { update: [{ id, version: row.version, changes: { moldNum: 'OTHER1' } }] }, headers: { 'X-CSRF-Token': csrf } });
    expect(res.ok()).toBeTruthy();
    release();
    const toast = page.getByRole('alert').filter({ hasText: 'Your changes were not saved. The underlying data might be different than how you see it.' });
    await expect(toast).toBeVisible();
    await expect(cell(page, 5, 'moldNum')).toHaveText('OTHER1');
    await shot(page, 'samples-user-lock');
    await expect(toast).toBeHidden({ timeout: 8_000 });
    await ctx.dispose();
  });

  test('every row by scrolling: blocks of 100 read as the user scrolls, a cell of the last block edited and saved', async ({ page }) => {
    const { ctx, csrf } = await apiSession('editor');
    const headers = { 'X-CSRF-Token': csrf };
    const count = async () => ((await (await ctx.post('/api/sampleInventory/Production/query', { data: { limit: 1 }, headers })).json()).data as { totalCount: number }).totalCount;
    // More samples than three blocks: added through the API when the library has fewer.
    const have = await count();
    if (have < 350) {
      const add = Array.from({ length: 350 - have }, (_, i) => ({
        tempId: `b${i}`,
        values: { division: 'Footwear', style: `99${String(i).padStart(4, '0')}`, color: 'BLKSCROLL', size: '9', side: 'Pair', status: 'Available', totalQty: 1, bin: `SC-${i}` },
      }));
      const res = await ctx.patch('/api/sampleInventory/Production/batch/many', { data: { add }, headers });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    const total = await count();
    expect(total).toBeGreaterThanOrEqual(350);
    const queries: Array<{ limit?: number; skip?: number; cursor?: string }> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/sampleInventory/Production/query')) queries.push(r.postDataJSON() as (typeof queries)[number]);
    });
    await openProduction(page);
    // The first block only, with the total of every row.
    await expect(grid(page).getByTestId('grid-row-count')).toHaveAttribute('data-count', String(total));
    expect(queries[0]).toMatchObject({ limit: 100 });
    expect(queries.length).toBeLessThanOrEqual(2);
    await expect(page.getByText(/Load 1,000 more/)).toHaveCount(0);

    // The jump to the end: the last block is read (a skip, no block in between).
    const viewport = grid(page).locator('.ag-grid-viewport').first();
    await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const last = grid(page).locator(`.ag-row[row-index="${total - 1}"]`).first();
    await expect(last).not.toHaveClass(/its-grid-row--placeholder/, { timeout: 15_000 });
    expect(queries.some((q) => (q.skip ?? 0) >= 100)).toBe(true);
    // The last row is the server's last of the same order.
    const all = await allRows(ctx, csrf);
    expect(all).toHaveLength(total);
    const lastRow = all[total - 1]!;
    await expect(last).toHaveAttribute('row-id', lastRow.id);

    // An edit in the last block: saved with the row's version, the server has it.
    const bin = `END-${Date.now() % 100000}`;
    await cell(page, total - 1, 'bin').dblclick();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(bin);
    await page.keyboard.press('Enter');
    await expect(cell(page, total - 1, 'bin')).toHaveText(bin);
    await expect(grid(page).getByTestId('grid-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    const after = (await allRows(ctx, csrf)).find((r) => r.id === lastRow.id)!;
    expect(after.bin).toBe(bin);
    expect(after.version).toBe(lastRow.version + 1);
    await shot(page, 'samples-scroll-end');

    // Undo across the jump puts the old bin back on the server.
    await page.keyboard.press('Control+z');
    await expect(cell(page, total - 1, 'bin')).toHaveText(String(lastRow.bin ?? ''));
    await expect(grid(page).getByTestId('grid-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
    await expect.poll(async () => (await allRows(ctx, csrf)).find((r) => r.id === lastRow.id)!.bin).toBe(lastRow.bin);

    // A copy from the first row to the last (Ctrl+Shift+Down): the blocks in between were never
    // scrolled to; they are read first, and the clipboard gets every row's bin in the view's order.
    await viewport.evaluate((el) => (el.scrollTop = 0));
    await cell(page, 0, 'bin').click();
    await page.keyboard.press('Control+Shift+ArrowDown');
    await page.keyboard.press('Control+c');
    const lines = async () => (await page.evaluate(() => navigator.clipboard.readText())).split('\r\n').slice(0, -1);
    await expect.poll(async () => (await lines()).length, { timeout: 20_000 }).toBe(total);
    expect(await lines()).toEqual(all.map((r) => String(r.bin ?? '')));
    await ctx.dispose();
  });

  test('the grid speaks the user\'s language (de-DE)', async ({ page }) => {
    await login(page, 'editor');
    await page.getByTestId('language-menu').click();
    await page.locator('[data-locale="de-DE"]').click();
    await page.goto(`${baseUrl()}${PRODUCTION}`);
    await expect(page.getByRole('heading', { name: 'Produktionsmuster' })).toBeVisible();
    await expect(grid(page).locator('.ag-header-cell-text', { hasText: /^Gesamtmenge$/ })).toHaveCount(1);
    await expect(grid(page).getByText('Gruppieren nach')).toBeVisible();
    await expect(grid(page).getByTestId('grid-row-count')).toContainText('Zeilen');
    await cell(page, 0, 'side').click();
    await pasteText(page, 'Beide');
    await expect(page.getByRole('alert').filter({ hasText: "'Beide' ist kein gültiger Wert für Seite" })).toBeVisible();
    await shot(page, 'samples-de-DE');
  });
});
