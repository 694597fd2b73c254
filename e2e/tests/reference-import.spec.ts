import ExcelJS from 'exceljs';
import { apiSession, baseUrl, expect, shot, test, signIn } from './helpers';

/**
 * The reference data import, against the real server: an admin exports the currencies to
 * Excel, changes a currency's decimal places in the workbook, imports it, reads the review
 * (the changed row with its old value, the others unchanged), applies it, sees the grid show
 * the new value and the import's entry in the audit log.
 */

interface Row {
  id: string;
  version: number;
  [field: string]: unknown;
}

test('an admin exports the currencies, edits the workbook and imports it after the review', async ({ page }) => {
  const { ctx, csrf } = await apiSession('admin');
  const jpy = async () => {
    const res = await ctx.post('/api/admin/data/currencies/query', { data: { filters: { currencyCode: 'JPY' } }, headers: { 'X-CSRF-Token': csrf } });
    expect(res.ok()).toBeTruthy();
    return ((await res.json()).data as { rows: Row[] }).rows[0]!;
  };
  const start = await jpy();
  const target = start.decimalPlaces === 1 ? 0 : 1;

  try {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/admin/data/currencies`);
    const grid = page.getByTestId('data-grid-currencies');
    await expect(grid).not.toHaveAttribute('data-loading', 'true', { timeout: 20_000 });
    await expect(grid.locator('.ag-row').filter({ hasText: 'JPY' })).toHaveCount(1, { timeout: 20_000 });

    // The export, edited as in Excel.
    const [download] = await Promise.all([page.waitForEvent('download'), grid.getByTestId('grid-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const codeCol = headers.indexOf('Currency Code') + 1;
    const placesCol = headers.indexOf('Decimal Places') + 1;
    expect(codeCol).toBeGreaterThan(0);
    expect(placesCol).toBeGreaterThan(0);
    let edited = false;
    sheet.eachRow((r) => {
      if (r.getCell(codeCol).text === 'JPY') {
        r.getCell(placesCol).value = target;
        edited = true;
      }
    });
    expect(edited).toBe(true);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    // The review: one row changed, with its old value; nothing is written yet.
    await page.getByTestId('data-import').click();
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('import-file').setInputFiles({ name: 'currencies.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await expect(dialog.getByTestId('import-count-changed')).toHaveText('1 changed', { timeout: 15_000 });
    await expect(dialog.getByTestId('import-count-refused')).toHaveText('0 refused');
    const changed = dialog.locator('[data-status="changed"]');
    await expect(changed).toHaveCount(1);
    await expect(changed).toContainText('JPY');
    expect((await jpy()).version).toBe(start.version);
    await shot(page, 'reference-import-review');

    // Applied: the grid shows the new value, the row's version moved on.
    await dialog.getByTestId('import-apply').click();
    await expect(dialog).toHaveCount(0, { timeout: 15_000 });
    const cell = grid.locator('.ag-row').filter({ hasText: 'JPY' }).locator('.ag-cell[col-id="decimalPlaces"]');
    await expect(cell).toHaveText(String(target), { timeout: 15_000 });
    const after = await jpy();
    expect(after.decimalPlaces).toBe(target);
    expect(after.version).toBeGreaterThan(start.version);
    await shot(page, 'reference-import-applied');

    // The audit log has the import and the row's change.
    const audit = await ctx.get('/api/admin/audit?text=admin.currencies', { headers: { 'X-CSRF-Token': csrf } });
    expect(audit.ok()).toBeTruthy();
    const entries = JSON.stringify(await audit.json());
    expect(entries).toContain('admin.currencies.import');
    expect(entries).toContain('currencies.xlsx');
    await page.goto(`${baseUrl()}/admin/audit`);
    await page.getByTestId('audit-text').fill('admin.currencies.import');
    await expect(page.getByTestId('audit-row').first()).toContainText('admin.currencies.import', { timeout: 15_000 });
    await shot(page, 'reference-import-audit');
  } finally {
    // Leave JPY as it was for the other specs.
    const now = await jpy();
    if (now.decimalPlaces !== start.decimalPlaces) {
      await ctx.patch('/api/admin/data/currencies/batch', { data: { update: [{ id: now.id, version: now.version, changes: { decimalPlaces: start.decimalPlaces } }] }, headers: { 'X-CSRF-Token': csrf } });
    }
    await ctx.dispose();
  }
});
