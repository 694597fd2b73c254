import { type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSession, baseUrl, expect, login, shot, test, signIn } from './helpers';

/**
 * The reference data admins keep, against the real server: an admin opens the customers grid
 * from the admin navigation, edits a customer's terms (a term of another country is refused
 * with its message), the wholesale customer lookup answers the new term, and the grid exports
 * to Excel; a plain user is refused (403) and is not shown the page.
 */

const grid = (page: Page) => page.getByTestId('data-grid-customers');

interface Row {
  id: string;
  version: number;
  [field: string]: unknown;
}

test('an admin edits a customer’s terms in the customers grid and exports it', async ({ page }) => {
  const { ctx, csrf } = await apiSession('admin');
  const find = async (account: string) => {
    const res = await ctx.post('/api/admin/data/customers/query', { data: { filters: { account } }, headers: { 'X-CSRF-Token': csrf } });
    expect(res.ok()).toBeTruthy();
    return ((await res.json()).data as { rows: Row[] }).rows[0]!;
  };
  // Start from the region's default term, whatever an earlier run left.
  const start = await find('A100400');
  if (start.terms !== null) {
    const res = await ctx.patch('/api/admin/data/customers/batch', { data: { update: [{ id: start.id, version: start.version, changes: { terms: null } }] }, headers: { 'X-CSRF-Token': csrf } });
    expect(res.ok()).toBeTruthy();
  }

  // Tall enough that the grid renders every customer row (ag-grid renders what is in view).
  await page.setViewportSize({ width: 1440, height: 1800 });
  await login(page, 'admin');
  await page.getByTestId('nav-group-admin').click();
  await page.locator('[role=menu] [data-nav-id="admin-data-customers"]').click();
  await expect(page).toHaveURL(/\/admin\/data\/customers$/);
  await expect(grid(page)).not.toHaveAttribute('data-loading', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('data-tabs').getByTestId('data-tab-currencies')).toBeVisible();

  // Maple Leaf Shoes (Canada, whose own term is N45).
  const row = grid(page).locator('.ag-row').filter({ hasText: 'Maple Leaf Shoes' });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  const terms = row.locator('.ag-cell[col-id="terms"]');

  // A term of another country is refused with the server's message and the cell goes back.
  await terms.dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('S30');
  await page.keyboard.press('Enter');
  const rejected = grid(page).getByTestId('grid-rejected-row');
  await expect(rejected).toHaveCount(1, { timeout: 15_000 });
  await expect(rejected).toContainText("'S30' is not a term of US CA: N45");
  await expect(terms).toHaveText('');
  await shot(page, 'reference-data-customers-refused');
  await grid(page).getByTestId('grid-rejected-close').click();

  // Canada's own term is taken.
  await terms.dblclick();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('N45');
  await page.keyboard.press('Enter');
  await expect(terms).toHaveText('N45');
  await expect(grid(page).getByTestId('grid-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  const saved = await find('A100400');
  expect(saved.terms).toBe('N45');
  expect(saved.version).toBeGreaterThan(start.version);
  const details = await ctx.post('/api/orders/wof/customer/details', { data: { email: 'buyer@example.com', region: 'US', id: 'C1004' }, headers: { 'X-CSRF-Token': csrf } });
  expect(((await details.json()).data as { termsInfo: { code: string } }).termsInfo.code).toBe('N45');
  await shot(page, 'reference-data-customers');

  // The export is the grid as shown.
  const [download] = await Promise.all([page.waitForEvent('download'), grid(page).getByTestId('grid-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^Customers.*\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toContain('Terms');
  const termsCol = headers.indexOf('Terms') + 1;
  const nameCol = headers.indexOf('Name') + 1;
  let found = false;
  sheet.eachRow((r) => {
    if (r.getCell(nameCol).text === 'Maple Leaf Shoes') found = r.getCell(termsCol).text === 'N45';
  });
  expect(found).toBe(true);

  // The other sets open from the tabs.
  await page.getByTestId('data-tab-territories').click();
  await expect(page.getByTestId('data-grid-territories').locator('.ag-row').filter({ hasText: 'US-WEST' })).toHaveCount(1, { timeout: 20_000 });
  await shot(page, 'reference-data-territories');
  await ctx.dispose();
});

test('a plain user is refused the reference data (403) and not shown the page', async ({ page }) => {
  const { ctx, csrf } = await apiSession('user');
  for (const set of ['customers', 'territories', 'divisionGroups', 'locations', 'currencies']) {
    const res = await ctx.post(`/api/admin/data/${set}/query`, { data: {}, headers: { 'X-CSRF-Token': csrf } });
    expect(res.status(), set).toBe(403);
    expect((await res.json()).messageCode).toBe('ITS_ERR_FORBIDDEN');
  }
  await ctx.dispose();
  await signIn(page, 'user');
  await page.goto(`${baseUrl()}/admin/data/customers`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('admin-data-customers')).toHaveCount(0);
  await expect(page.getByTestId('nav-group-admin')).toHaveCount(0);
  await shot(page, 'reference-data-refused');
});
