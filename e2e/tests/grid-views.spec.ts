import { type Locator, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Api, apiSession, baseUrl, expect, shot, test, signIn } from './helpers';
import { figure, footCell, gridLoaded, headerCell, hideInChooser, menuItem, openBuilder, openColumnMenu, productGroups, productTotal, resetLayout, setCondition, sortDescAndHide, summary } from './grid-kit';
import { csvRows, save, scrollToFirstColumn, shownColumns, xlsxSheet } from './export-files';

/**
 * The views of a grid (issue 18): saved and shared views (the kit's Views menu: save the grid as
 * it is, share it with a user who opens its link and sees the same rows and columns, mail it);
 * export from the assortment lists and the order grids (the view
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

    await signIn(page, 'editor');
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

    await signIn(page, 'user');
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

    await signIn(page, 'user');
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

  test('Manage Seasons and the coordinator assignments export their grids to xlsx and csv', async ({ page }) => {
    // The seasons of a channel; the covers stay out of the file.
    const api = await apiSession('adminEditor');
    const seasons = (await (await api.ctx.get('/api/assortmentSeasons/Wholesale')).json()).data as unknown[];
    await api.ctx.dispose();
    expect(seasons.length).toBeGreaterThan(2);
    await signIn(page, 'adminEditor');
    await page.goto(`${baseUrl()}/product/assortments/seasons/manage`);
    const grid = page.getByTestId('seasons-grid');
    await gridLoaded(grid);
    await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(seasons.length));
    const shown = (await shownColumns(grid)).filter((c) => c.id !== 'previewJpg').map((c) => c.text);
    const download = page.waitForEvent('download');
    await grid.getByTestId('grid-export').click();
    const file = await save(download, dir);
    expect(file.name).toMatch(/^Seasons_Wholesale.*\.xlsx$/);
    const sheet = await xlsxSheet(file.path);
    expect(sheet.header.filter(Boolean)).toEqual(shown);
    expect(sheet.rowCount).toBe(seasons.length + 1);

    // The coordinator assignments, as a senior coordinator manages them.
    const senior = await apiSession('seniorCoordinator');
    const assignments = (await (await senior.ctx.get('/api/coordinatorAssignments')).json()).data as unknown[];
    await senior.ctx.dispose();
    await page.context().clearCookies();
    await signIn(page, 'seniorCoordinator');
    await page.goto(`${baseUrl()}/orders/coordinator-assignments`);
    const assigned = page.getByTestId('assignments-grid');
    await gridLoaded(assigned);
    await shot(page, 'grid-views-assignments');
    await exportBoth(page, assigned, dir, /CoordinatorAssignments/, assignments.length);
  });

  test("an assortment's detail grid exports to xlsx and csv", async ({ page }) => {
    const api = await apiSession('editor');
    const listed = (await (await api.ctx.get('/api/assortments?view=all')).json()).data as { items: Array<{ _id: string; type: string; method: string; productCount?: number }> };
    const pick = listed.items.find((i) => i.type !== 'folder' && i.method === 'static' && (i.productCount ?? 0) > 1);
    expect(pick).toBeTruthy();
    const regular = (await (await api.ctx.get(`/api/assortments/${pick!._id}`)).json()).data as DetailAnswer;
    await api.ctx.dispose();
    await signIn(page, 'editor');
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
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/product/assortments/internal/${internal._id}/manage`);
    const header = await exportDetail(page, dir, internal, 'pillar', 'grid-views-internal-detail');
    expect(header).not.toContain('Initial Markup %');
    expect(header.join('|')).not.toMatch(/markup/i);
  });
});

const VIEW = 'Work and Kids, over 50 or SP';

/** Deletes a role's views of a grid (a test starts from none). */
async function dropViews(api: Api, grid: string) {
  const res = await api.ctx.get(`/api/gridViews/${grid}`);
  expect(res.ok()).toBeTruthy();
  for (const v of (await res.json()).data as Array<{ _id: string; mine: boolean }>) {
    if (v.mine) expect((await api.ctx.delete(`/api/gridViews/view/${v._id}`, { headers: { 'X-CSRF-Token': api.csrf } })).ok()).toBeTruthy();
  }
}

/** Runs a test of a grid's views from none of the role's views and the default layout, and leaves it so. */
async function withCleanViews(role: string, key: string, run: (api: Api) => Promise<void>) {
  const api = await apiSession(role);
  try {
    await dropViews(api, key);
    await resetLayout(role, key);
    await run(api);
  } finally {
    await dropViews(api, key);
    await resetLayout(role, key);
    await api.ctx.dispose();
  }
}

/**
 * One condition from the filter builder, then grouped by a column from its menu: answers the row
 * count the condition left.
 */
async function filterThenGroup(page: Page, grid: Locator, [field, op, value]: [string, string, string], groupBy: string) {
  const panel = await openBuilder(page);
  await setCondition(panel, 0, field, op, value);
  await panel.getByTestId('grid-filter-builder-apply').click();
  await gridLoaded(grid);
  const filtered = await grid.getByTestId('grid-row-count').getAttribute('data-count');
  await openColumnMenu(page, grid, groupBy);
  await menuItem(page, 'group').click();
  await expect(grid.getByTestId('grid-group-row').first()).toBeVisible();
  return filtered;
}

/** Saves the grid as it is as a private view of that name from the Views menu. */
async function saveView(page: Page, name: string) {
  await page.getByTestId('grid-views').click();
  await page.getByTestId('grid-view-save').click();
  const dialog = page.getByTestId('grid-view-dialog');
  await dialog.getByTestId('grid-view-name').fill(name);
  await dialog.getByTestId('grid-view-dialog-save').click();
  await expect(dialog).toHaveCount(0);
}

/** The ids of the rows the grid shows from the top (the first `n`). */
async function firstRowIds(grid: Locator, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await grid.locator(`.ag-row[row-index="${i}"]`).first().getAttribute('row-id')) ?? '');
  return ids;
}

test('product library: a view built, saved, shared with a colleague who opens its link, mailed and exported', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'grid-views-'));
  const api = await apiSession('editor');
  try {
    await dropViews(api, 'products.catalog');
    await resetLayout('editor', 'products.catalog');
    await resetLayout('user', 'products.catalog');
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/libraries/products`);
    const grid = page.getByTestId('product-grid');
    await gridLoaded(grid);
    const count = page.getByTestId('catalog-count');
    await expect(count).toHaveAttribute('data-total', /^[1-9]\d{4,}$/);

    // Scrolls to the last of the 50,000 products.
    const viewport = grid.locator('.ag-grid-viewport').first();
    await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(count).toHaveAttribute('data-estimated', 'false', { timeout: 15_000 });
    await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const all = Number(await count.getAttribute('data-total'));
    expect(all).toBeGreaterThanOrEqual(50_000);
    await expect(grid.locator(`.ag-row[row-index="${all - 1}"] .ag-cell[col-id="style"]`).first()).not.toHaveText('', { timeout: 10_000 });

    // division is any of Work, Kids AND (wholesale price > 50 OR season = SP).
    const panel = await openBuilder(page);
    const division = await setCondition(panel, 0, 'division', 'in');
    await division.getByRole('checkbox', { name: 'Work', exact: true }).check();
    await division.getByRole('checkbox', { name: 'Kids', exact: true }).check();
    await panel.getByTestId('grid-fb-add-group').first().click();
    await setCondition(panel, 1, 'wholesalePrice', 'gt', '50');
    await panel.getByTestId('grid-fb-group').nth(1).getByTestId('grid-fb-add-condition').click();
    await setCondition(panel, 2, 'season', 'in', 'SP');
    // The footer asks the server for the filtered set's figures (the summary call with the tree).
    let summaryBody = '';
    page.on('request', (r) => {
      if (r.url().endsWith('/api/products/summary')) summaryBody = r.postData() ?? '';
    });
    await panel.getByTestId('grid-filter-builder-apply').click();
    const tree = {
      and: [
        { field: 'division', op: 'in', values: ['Work', 'Kids'] },
        { or: [{ field: 'wholesalePrice', op: 'gt', values: ['50'] }, { field: 'season', op: 'in', values: ['SP'] }] },
      ],
    };
    const filtered = await productTotal(api, tree);
    expect(filtered).toBeGreaterThan(0);
    await expect(count).toHaveAttribute('data-total', String(filtered));
    await gridLoaded(grid);

    // Grouped by gender from the column menu: the groups and their counts are the server's, the
    // rows still read by scrolling (the filtered count stays exact).
    const groups = await productGroups(api, { where: tree }, 'gender');
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(filtered);
    await openColumnMenu(page, grid, 'gender');
    await menuItem(page, 'group').click();
    const groupRows = grid.getByTestId('grid-group-row');
    await expect(groupRows.first()).toHaveText(`Gender: ${groups[0]!.value} (${groups[0]!.count.toLocaleString('en-US')})`, { timeout: 15_000 });
    await expect(grid.getByTestId('grid-group-by')).toHaveValue('gender');
    await expect(count).toHaveAttribute('data-total', String(filtered));
    // Its first group folded: the next group's header follows at once, its rows read as they
    // come into view.
    await groupRows.first().click();
    await expect(groupRows.nth(1)).toHaveText(`Gender: ${groups[1]!.value} (${groups[1]!.count.toLocaleString('en-US')})`);
    await expect(grid.locator('.ag-row[row-index="2"] .ag-cell[col-id="gender"]').first()).toHaveText(String(groups[1]!.value), { timeout: 10_000 });
    await expect(grid.locator('.ag-row[row-index="12"] .ag-cell[col-id="gender"]').first()).toHaveText(String(groups[1]!.value));
    await shot(page, 'grid-views-products-grouped');
    await groupRows.first().click();
    await gridLoaded(grid);

    // Sorted by style descending, colour description and channel hidden, from the column menu.
    await sortDescAndHide(page, grid, 'style', ['colorDescription', 'channel']);

    // The footer sums the wholesale price of the filtered set (the server's figure).
    const price = footCell(page, 'wholesalePrice');
    await expect(price).toHaveAttribute('data-figure', 'sum');
    await gridLoaded(grid);
    await expect.poll(() => summaryBody).toContain('"where"');
    const asked = JSON.parse(summaryBody) as { query: { where: unknown } };
    expect(asked.query.where).toEqual(tree);
    const sums = await summary(api, '/api/products/summary', asked);
    const sum = sums.columns.wholesalePrice?.sum ?? NaN;
    expect(sum).toBeGreaterThan(0);
    await expect.poll(() => figure(price), { timeout: 15_000 }).toBeCloseTo(sum, 2);
    // The filtered set counted exactly (the product count above 1,000 rows is an estimate).
    const exact = sums.totalCount;
    expect(exact).toBeGreaterThan(0);
    // The columns from the first one (the grid renders those in view; the colleague's opens there).
    await scrollToFirstColumn(grid);
    await expect(headerCell(grid, 'style')).toBeVisible();
    const shown = await shownColumns(grid);
    expect(shown.map((c) => c.id).slice(0, 2)).toEqual(['thumbnail', 'style']);
    const rows = await firstRowIds(grid, 5);
    await shot(page, 'grid-views-products-built');

    // An empty name is refused in the dialog.
    await page.getByTestId('grid-views').click();
    await expect(page.getByTestId('grid-views-menu')).toBeVisible();
    await page.getByTestId('grid-view-save').click();
    const dialog = page.getByTestId('grid-view-dialog');
    await dialog.getByTestId('grid-view-dialog-save').click();
    await expect(dialog.getByTestId('grid-view-name-error')).toHaveText('Name the view.');
    await dialog.getByTestId('grid-view-name').fill(VIEW);
    await dialog.getByTestId('grid-view-shared').check();
    // The coordinator may not open the product library: the server's refusal shows, nothing kept.
    await dialog.getByTestId('grid-view-user').fill('coordinator@example.com');
    await dialog.getByTestId('grid-view-user-add').click();
    await expect(dialog.getByTestId('grid-view-users').locator('li')).toHaveText(['coordinator@example.com']);
    await dialog.getByTestId('grid-view-dialog-save').click();
    await expect(dialog.getByTestId('grid-view-error')).toHaveText('coordinator@example.com may not open this grid; the view cannot be shared with them');
    await shot(page, 'grid-views-save-refused');
    expect(((await (await api.ctx.get('/api/gridViews/products.catalog')).json()).data as unknown[]).length).toBe(0);
    await dialog.getByRole('button', { name: 'Remove coordinator@example.com' }).click();
    await dialog.getByTestId('grid-view-user').fill('user@example.com');
    await dialog.getByTestId('grid-view-user-add').click();
    await expect(dialog.getByTestId('grid-view-users').locator('li')).toHaveText(['user@example.com']);
    await shot(page, 'grid-views-save-dialog');
    await dialog.getByTestId('grid-view-dialog-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('grid-views')).toHaveAttribute('data-current', VIEW);

    const listed = (await (await api.ctx.get('/api/gridViews/products.catalog')).json()).data as Array<{ _id: string; name: string; sharedWith: string[]; query: Record<string, unknown>; layout: { columns: Array<{ field: string; hide?: boolean }> } }>;
    const saved = listed.find((v) => v.name === VIEW)!;
    expect(saved.sharedWith).toEqual(['user@example.com']);
    expect(saved.query.where).toEqual(tree);
    expect(saved.query.sort).toEqual([{ field: 'style', dir: 'desc' }]);
    expect(saved.query.groupBy).toEqual(['gender']);
    expect(saved.layout.columns.filter((c) => c.hide).map((c) => c.field)).toEqual(expect.arrayContaining(['colorDescription', 'channel']));

    // The menu lists it as mine; its link is the page with ?view=id.
    await page.getByTestId('grid-views').click();
    const mine = page.getByTestId('grid-views-mine').getByTestId('grid-view');
    await expect(mine).toHaveCount(1);
    await expect(mine.first()).toHaveAttribute('data-view-id', saved._id);
    await shot(page, 'grid-views-menu');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await mine.first().getByTestId('grid-view-link').click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(link).searchParams.get('view')).toBe(saved._id);

    // Mailed through the saved search's share call.
    await page.getByTestId('grid-views').click();
    await page.getByTestId('grid-views-mine').getByTestId('grid-view-email').first().click();
    const mail = page.getByTestId('grid-view-email-dialog');
    await expect(mail.getByTestId('grid-view-email-recipients')).toHaveValue('user@example.com');
    await expect(mail.getByTestId('grid-view-email-subject')).toHaveValue(VIEW);
    await mail.getByTestId('grid-view-email-body').fill('The work and kids styles for the meeting.');
    await shot(page, 'grid-views-email');
    const shared = page.waitForRequest((r) => r.url().endsWith('/api/searches/share'));
    await mail.getByTestId('grid-view-email-send').click();
    const body = (await shared).postDataJSON() as { recipients: string[]; path: string; subject: string };
    expect(body.recipients).toEqual(['user@example.com']);
    expect(body.subject).toBe(VIEW);
    // The page's path with the view (beside the page's own parameters, as the copied link).
    const mailed = new URL(body.path, baseUrl());
    expect(mailed.pathname).toBe('/product/libraries/products');
    expect(mailed.searchParams.get('view')).toBe(saved._id);
    await expect(mail).toHaveCount(0);

    // Exported: the file's header is the visible columns, its rows the filtered products.
    const download = page.waitForEvent('download');
    await grid.getByTestId('grid-export').click();
    const xlsx = await save(download, dir);
    const sheet = await xlsxSheet(xlsx.path);
    // Pictures stay out of the file.
    const headers = shown.filter((c) => c.id !== 'thumbnail').map((c) => c.text);
    expect(sheet.header.filter(Boolean).slice(0, headers.length)).toEqual(headers);
    expect(sheet.header).not.toContain('Channel');
    expect(sheet.header).not.toContain('Color description');
    // The header row, a row per group ("Gender: Mens (1,234)") and the products.
    expect(sheet.rowCount).toBe(exact + 1 + groups.length);

    // The user it is shared with opens the link: the same filter, sort, columns and rows.
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const theirs = await other.newPage();
    try {
      await signIn(theirs, 'user');
      await theirs.goto(link);
      const grid2 = theirs.getByTestId('product-grid');
      await expect(theirs.getByTestId('grid-views')).toHaveAttribute('data-current', VIEW, { timeout: 15_000 });
      await gridLoaded(grid2);
      // The same filtered set, counted exactly by the footer (the product count above 1,000 is the planner's estimate, which moves).
      await expect.poll(() => figure(footCell(theirs, 'style')), { timeout: 15_000 }).toBe(exact);
      await expect(theirs.getByTestId('grid-filter-chip')).toHaveText(['Division is any of Work, Kids', 'Wholesale > 50', 'Season is SP']);
      await expect(grid2.getByTestId('grid-group-by')).toHaveValue('gender');
      await expect(grid2.getByTestId('grid-group-row').first()).toHaveText(`Gender: ${groups[0]!.value} (${groups[0]!.count.toLocaleString('en-US')})`);
      await expect(headerCell(grid2, 'channel')).toHaveCount(0);
      await expect(headerCell(grid2, 'colorDescription')).toHaveCount(0);
      await expect.poll(() => shownColumns(grid2)).toEqual(shown);
      await expect.poll(() => firstRowIds(grid2, 5)).toEqual(rows);
      await expect.poll(() => figure(footCell(theirs, 'wholesalePrice')), { timeout: 15_000 }).toBeCloseTo(sum, 2);
      // In their menu it is shared with them, by its owner.
      await theirs.getByTestId('grid-views').click();
      await expect(theirs.getByTestId('grid-views-shared').getByTestId('grid-view')).toHaveAttribute('data-name', VIEW);
      await expect(theirs.getByTestId('grid-views-shared')).toContainText('by editor@example.com');
      await expect(theirs.getByTestId('grid-view-delete')).toHaveCount(0);
      await shot(theirs, 'grid-views-opened-by-link');
    } finally {
      await other.close();
    }
  } finally {
    await dropViews(api, 'products.catalog');
    await resetLayout('editor', 'products.catalog');
    await resetLayout('user', 'products.catalog');
    await api.ctx.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('sample inventory: a view keeps the grouping from the column menu and opens from its link', async ({ page }) => {
  await withCleanViews('editor', 'sampleInventory.Production', async (api) => {
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/libraries/samples/production`);
    const grid = page.getByTestId('sample-grid');
    await gridLoaded(grid);

    // Total Qty > 10 from the builder, grouped by division from the column menu, bin hidden.
    const filtered = await filterThenGroup(page, grid, ['totalQty', 'gt', '10'], 'division');
    await openColumnMenu(page, grid, 'bin');
    await menuItem(page, 'hide').click();
    await expect(headerCell(grid, 'bin')).toHaveCount(0);

    // A name over 200 characters is refused in the dialog; a private view is kept.
    await page.getByTestId('grid-views').click();
    await expect(page.getByTestId('grid-views-menu')).toContainText('No saved views of this grid yet.');
    await page.getByTestId('grid-view-save').click();
    const dialog = page.getByTestId('grid-view-dialog');
    await dialog.getByTestId('grid-view-name').fill('x'.repeat(201));
    await dialog.getByTestId('grid-view-dialog-save').click();
    await expect(dialog.getByTestId('grid-view-name-error')).toHaveText('A view’s name is at most 200 characters.');
    await dialog.getByTestId('grid-view-name').fill('Big samples by division');
    await dialog.getByTestId('grid-view-dialog-save').click();
    await expect(dialog).toHaveCount(0);
    const listed = (await (await api.ctx.get('/api/gridViews/sampleInventory.Production')).json()).data as Array<{ _id: string; query: { groupBy?: string[] }; sharedWith: string[] }>;
    expect(listed).toHaveLength(1);
    expect(listed[0]!.query.groupBy).toEqual(['division']);
    expect(listed[0]!.sharedWith).toEqual([]);

    // Back to the whole library, ungrouped; the link opens the view again.
    await openColumnMenu(page, grid, 'division');
    await menuItem(page, 'ungroup').click();
    await page.getByTestId('grid-filter-chip-remove').click();
    await gridLoaded(grid);
    await page.goto(`${baseUrl()}/product/libraries/samples/production?view=${listed[0]!._id}`);
    await expect(page.getByTestId('grid-views')).toHaveAttribute('data-current', 'Big samples by division', { timeout: 15_000 });
    await gridLoaded(grid);
    await expect(page.getByTestId('grid-filter-chip')).toHaveText(['Total Qty > 10']);
    await expect(grid.getByTestId('grid-group-row').first()).toBeVisible();
    await expect(grid.getByTestId('grid-group-by')).toHaveValue('division');
    await expect(headerCell(grid, 'bin')).toHaveCount(0);
    await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', filtered ?? '');
    await shot(page, 'grid-views-samples-opened');

    // Renamed in place: the same view (its link keeps working) under the new name.
    await page.getByTestId('grid-views').click();
    await page.getByTestId('grid-view-edit').click();
    await dialog.getByTestId('grid-view-name').fill('Samples over 10 by division');
    await dialog.getByTestId('grid-view-dialog-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('grid-views')).toHaveAttribute('data-current', 'Samples over 10 by division');
    const renamed = (await (await api.ctx.get('/api/gridViews/sampleInventory.Production')).json()).data as Array<{ _id: string; name: string; query: { groupBy?: string[] } }>;
    expect(renamed.map((v) => [v._id, v.name])).toEqual([[listed[0]!._id, 'Samples over 10 by division']]);
    expect(renamed[0]!.query.groupBy).toEqual(['division']);

    // Deleted (asked first), it leaves the menu.
    await page.getByTestId('grid-views').click();
    await page.getByTestId('grid-view-delete').click();
    await page.getByRole('alertdialog').getByRole('button', { name: /delete|yes|ok/i }).click();
    await page.getByTestId('grid-views').click();
    await expect(page.getByTestId('grid-views-menu')).toContainText('No saved views of this grid yet.');
  });
});

test('assortment list: a view keeps the title search, the sort and a hidden column, and opens from its link', async ({ page }) => {
  const key = 'assortments.list.all';
  await withCleanViews('editor', key, async (api) => {
    // The word most of the demo assortments' titles share, to search the list by.
    const listed = (await (await api.ctx.get('/api/assortments?view=all')).json()).data as { items: Array<{ title: string; type: string }> };
    const words = new Map<string, number>();
    for (const i of listed.items) for (const w of new Set(i.title.split(/\s+/).filter((w) => /^[A-Za-z]{4,}$/.test(w)))) words.set(w, (words.get(w) ?? 0) + 1);
    const word = [...words].sort((a, b) => b[1] - a[1])[0]![0];

    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments/all`);
    const grid = page.getByTestId('assortment-list');
    await gridLoaded(grid);
    await page.getByTestId('list-search').fill(word);
    await page.getByTestId('list-search').press('Enter');
    await gridLoaded(grid);
    await expect(grid.getByTestId('list-title').first()).toBeVisible();
    await sortDescAndHide(page, grid, 'title', ['region']);
    // The rows the server answers, last title first.
    const titles = async () => {
      // In the order shown (ag-grid keeps a row's element where it was and moves it on screen).
      const n = await grid.getByTestId('list-title').count();
      const out: string[] = [];
      for (let i = 0; i < n; i++) out.push((await grid.locator(`.ag-row[row-index="${i}"] [data-testid="list-title"]`).first().textContent()) ?? '');
      return out;
    };
    await expect
      .poll(async () => {
        const t = await titles();
        return { t, desc: t.length > 1 && t.join('\n') === [...t].sort((a, b) => b.localeCompare(a)).join('\n') };
      })
      .toMatchObject({ desc: true });
    const shown = await titles();

    await saveView(page, `Titles with ${word}`);
    const views = (await (await api.ctx.get(`/api/gridViews/${key}`)).json()).data as Array<{ _id: string; query: { filters?: { q?: string }; sort?: unknown } }>;
    expect(views).toHaveLength(1);
    expect(views[0]!.query.filters?.q).toBe(word);

    // The layout back to its default and the search cleared; the link brings all of it back.
    await resetLayout('editor', key);
    await page.goto(`${baseUrl()}/product/assortments/all?view=${views[0]!._id}`);
    await expect(page.getByTestId('grid-views')).toHaveAttribute('data-current', `Titles with ${word}`, { timeout: 15_000 });
    await gridLoaded(grid);
    await expect(page.getByTestId('list-search')).toHaveValue(word);
    await expect(headerCell(grid, 'region')).toHaveCount(0);
    await expect.poll(titles).toEqual(shown);
    await shot(page, 'grid-views-assortment-list-opened');
  });
});

test('order list: a view keeps a filter and the grouping, and opens from its link', async ({ page }) => {
  const key = 'orders.samples.active-orders';
  await withCleanViews('user', key, async (api) => {
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/orders/samples/active-orders`);
    const grid = page.getByTestId('order-list');
    await gridLoaded(grid);

    // Purpose contains "photo", grouped by status from the column menu.
    const filtered = await filterThenGroup(page, grid, ['purpose', 'contains', 'photo'], 'status');
    expect(Number(filtered)).toBeGreaterThan(0);

    await saveView(page, 'Photo shoots by status');
    const listed = (await (await api.ctx.get(`/api/gridViews/${key}`)).json()).data as Array<{ _id: string; query: { groupBy?: string[] } }>;
    expect(listed).toHaveLength(1);
    expect(listed[0]!.query.groupBy).toEqual(['status']);

    // Back to the whole list, ungrouped; the link opens the view again.
    await openColumnMenu(page, grid, 'status');
    await menuItem(page, 'ungroup').click();
    await page.getByTestId('grid-filter-chip-remove').click();
    await gridLoaded(grid);
    await expect(grid.getByTestId('grid-row-count')).not.toHaveAttribute('data-count', filtered ?? '');
    await page.goto(`${baseUrl()}/orders/samples/active-orders?view=${listed[0]!._id}`);
    await expect(page.getByTestId('grid-views')).toHaveAttribute('data-current', 'Photo shoots by status', { timeout: 15_000 });
    await gridLoaded(grid);
    await expect(page.getByTestId('grid-filter-chip')).toHaveCount(1);
    await expect(grid.getByTestId('grid-group-by')).toHaveValue('status');
    await expect(grid.getByTestId('grid-group-row').first()).toBeVisible();
    await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', filtered ?? '');
    await shot(page, 'grid-views-order-list-opened');
  });
});

test('internal assortment list: a view ungrouped with a column hidden opens so from its link', async ({ page }) => {
  const key = 'internalAssortments.list';
  await withCleanViews('user', key, async (api) => {
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/product/assortments/internal/retail`);
    const grid = page.getByTestId('internal-list');
    await gridLoaded(grid);
    // Grouped by gender as the page opens; ungrouped from the column menu, its last column hidden.
    await expect(grid.getByTestId('grid-group-by')).toHaveValue('gender');
    await openColumnMenu(page, grid, 'gender');
    await menuItem(page, 'ungroup').click();
    await expect(grid.getByTestId('grid-group-row')).toHaveCount(0);
    const field = await hideInChooser(page, grid, key);

    await saveView(page, 'Flat list');
    const listed = (await (await api.ctx.get(`/api/gridViews/${key}`)).json()).data as Array<{ _id: string }>;
    expect(listed).toHaveLength(1);

    // The page's own layout back; the link opens the view.
    await resetLayout('user', key);
    await page.goto(`${baseUrl()}/product/assortments/internal/retail`);
    await gridLoaded(grid);
    await expect(grid.getByTestId('grid-group-by')).toHaveValue('gender');
    await expect(headerCell(grid, field)).toHaveCount(1);
    await page.goto(`${baseUrl()}/product/assortments/internal/retail?view=${listed[0]!._id}`);
    await expect(page.getByTestId('grid-views')).toHaveAttribute('data-current', 'Flat list', { timeout: 15_000 });
    await gridLoaded(grid);
    await expect(grid.getByTestId('grid-group-by')).toHaveValue('');
    await expect(grid.getByTestId('grid-group-row')).toHaveCount(0);
    await expect(headerCell(grid, field)).toHaveCount(0);
  });
});
