import { type Locator, type Page } from '@playwright/test';
import { apiSession, baseUrl, expect, shot, test, type Api, signIn } from './helpers';
import { cell, exactProductTotal, gridLoaded, header, headerCell, menu, menuItem, openColumnMenu, openProductLibrary, resetLayout, staticAssortmentRows } from './grid-kit';

/**
 * The grid kit's column menu on every header (docs/grid.md §9), against the real server: in the
 * product library (server-filtered product query, 50,000 products), the sample inventory (the
 * grid protocol) and an assortment's detail grid (every row loaded, filtered in the browser):
 * sort either way, filter by a column (a removable chip; the rows are the server's answer to the
 * same filter), group, hide, pin, autosize, and the menu from the keyboard.
 */

// The hides, moves and pins of these tests are saved as the editor's layout: each test starts
// from the default and leaves it for the specs after.
test.beforeEach(() => resetLayout('editor', 'products.catalog'));
test.afterEach(() => resetLayout('editor', 'products.catalog'));

async function filterBy(page: Page, grid: Locator, field: string, op: string | null, value: string) {
  await openColumnMenu(page, grid, field);
  await menuItem(page, 'filter').click();
  const editor = page.getByTestId('grid-filter-editor');
  await expect(editor).toBeVisible();
  if (op) await editor.getByTestId('grid-filter-op').selectOption(op);
  await editor.getByTestId('grid-filter-value').fill(value);
  return editor;
}

/** How many products the grid's conditions match (exactly, as the grid shows once its footer came). */
const productTotal = (api: Api, conditions: Record<string, unknown[]>) => exactProductTotal(api, { conditions });

test('product library: sort, filter by a column, hide, pin and autosize from the column menu', async ({ page }) => {
  const api = await apiSession('editor');
  const grid = await openProductLibrary(page);

  // Filter by division: "is any of" with a duplicate and an empty value (ignored and dropped).
  await openColumnMenu(page, grid, 'division');
  await shot(page, 'grid-column-menu-products');
  await menuItem(page, 'filter').click();
  const editor = page.getByTestId('grid-filter-editor');
  await expect(editor.getByTestId('grid-filter-op').locator('option')).toHaveText(['is any of']);
  await editor.getByTestId('grid-filter-value').fill('Work, Kids, work, ');
  await shot(page, 'grid-filter-editor-products');
  await editor.getByTestId('grid-filter-apply').click();
  await expect(page.getByTestId('grid-filter-chip')).toHaveText('Division is any of Work, Kids');
  const expected = await productTotal(api, { division: ['Work', 'Kids'] });
  expect(expected).toBeGreaterThan(0);
  await expect(page.getByTestId('catalog-count')).toHaveAttribute('data-total', String(expected));
  await gridLoaded(grid);
  for (let i = 0; i < 5; i++) await expect(cell(grid, i, 'division')).toHaveText(/^(Work|Kids)$/);
  await expect(header(grid, 'division').getByTestId('grid-header-filtered')).toBeVisible();

  // Sort descending by wholesale price from the menu (the server sorts).
  await openColumnMenu(page, grid, 'wholesalePrice');
  await menuItem(page, 'sortDesc').click();
  await gridLoaded(grid);
  await expect(header(grid, 'wholesalePrice').getByTestId('grid-header-sort')).toHaveAttribute('data-sort', 'desc');
  const price = async (row: number) => Number((await cell(grid, row, 'wholesalePrice').innerText()).replace(/[^0-9.]/g, ''));
  await expect.poll(async () => (await price(0)) >= (await price(1)) && (await price(1)) >= (await price(2))).toBe(true);

  // Hide two columns, pin style to the right and back, autosize the name.
  for (const f of ['colorDescription', 'channel']) {
    await openColumnMenu(page, grid, f);
    await menuItem(page, 'hide').click();
    await expect(headerCell(grid, f)).toHaveCount(0);
  }
  await openColumnMenu(page, grid, 'style');
  await menuItem(page, 'pinRight').click();
  // Pinned right: the style header sits after the last scrolling column.
  await expect.poll(async () => (await headerCell(grid, 'style').boundingBox())!.x).toBeGreaterThan((await headerCell(grid, 'region').boundingBox())!.x);
  await openColumnMenu(page, grid, 'style');
  await expect(menuItem(page, 'showAll')).toHaveText(/2 hidden/);
  await menuItem(page, 'unpin').click();
  await expect.poll(async () => (await headerCell(grid, 'style').boundingBox())!.x).toBeLessThan((await headerCell(grid, 'name').boundingBox())!.x);
  const before = (await headerCell(grid, 'name').boundingBox())!.width;
  await openColumnMenu(page, grid, 'name');
  await menuItem(page, 'autosize').click();
  await expect.poll(async () => (await headerCell(grid, 'name').boundingBox())!.width).not.toBe(before);
  await shot(page, 'grid-column-menu-products-after');

  // Removing the chip brings every product back.
  await page.getByTestId('grid-filter-chip-remove').click();
  await expect(page.getByTestId('grid-filter-chip')).toHaveCount(0);
  await expect(page.getByTestId('catalog-count')).toHaveAttribute('data-total', String(await productTotal(api, {})));
  await api.ctx.dispose();
});

test('the column menu from the keyboard: header focus, Shift+F10, arrows, Enter, Escape', async ({ page }) => {
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/products`);
  const grid = page.getByTestId('product-grid');
  await gridLoaded(grid);
  await cell(grid, 0, 'name').click();
  await page.keyboard.press('ArrowUp');
  await expect(headerCell(grid, 'name')).toBeFocused();
  await page.keyboard.press('Shift+F10');
  await expect(menu(page)).toBeVisible();
  await expect(menu(page)).toHaveAttribute('aria-label', 'Column menu: Name');
  await expect(menuItem(page, 'sortAsc')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menuItem(page, 'sortDesc')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu(page)).toHaveCount(0);
  await expect(header(grid, 'name').getByTestId('grid-header-sort')).toHaveAttribute('data-sort', 'desc');
  await expect(headerCell(grid, 'name')).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(menu(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu(page)).toHaveCount(0);
  await expect(headerCell(grid, 'name')).toBeFocused();
});

test('sample inventory: filter by a column on the grid protocol and group by it from the menu', async ({ page }) => {
  const api = await apiSession('editor');
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/samples/production`);
  const grid = page.getByTestId('sample-grid');
  await expect(grid).toBeVisible();
  await gridLoaded(grid);

  // Sorted from the menu, the rows are read again in that order: the largest quantity of the
  // library first (it is more than one block, so sorting the loaded rows would not find it).
  const most = await api.ctx.post('/api/sampleInventory/Production/query', {
    data: { sort: [{ field: 'totalQty', dir: 'desc' }], limit: 1 },
    headers: { 'X-CSRF-Token': api.csrf },
  });
  expect(most.ok()).toBeTruthy();
  const sorted = (await most.json()).data as { rows: Array<{ totalQty: number }>; totalCount: number };
  expect(sorted.totalCount).toBeGreaterThan(100);
  const top = sorted.rows[0]!.totalQty;
  await openColumnMenu(page, grid, 'totalQty');
  await menuItem(page, 'sortDesc').click();
  await expect(cell(grid, 0, 'totalQty')).toHaveText(top.toLocaleString('en-US'));
  await openColumnMenu(page, grid, 'totalQty');
  await menuItem(page, 'sortNone').click();
  await gridLoaded(grid);

  const editor = await filterBy(page, grid, 'totalQty', 'gt', '10');
  await editor.getByTestId('grid-filter-apply').click();
  await expect(page.getByTestId('grid-filter-chip')).toHaveText('Total Qty > 10');
  const res = await api.ctx.post('/api/sampleInventory/Production/query', { data: { filters: { totalQty: { gt: 10 } }, limit: 1 }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok()).toBeTruthy();
  const total = ((await res.json()).data as { totalCount: number }).totalCount;
  expect(total).toBeGreaterThan(0);
  await gridLoaded(grid);
  await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(total));
  expect(Number(await cell(grid, 0, 'totalQty').innerText())).toBeGreaterThan(10);

  // A value that is not a number is refused in the editor (nothing is sent).
  const bad = await filterBy(page, grid, 'totalQty', 'lt', 'many');
  await bad.getByTestId('grid-filter-apply').click();
  await expect(bad.getByRole('alert')).toHaveText('Total Qty must be a whole number');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('grid-filter-chip')).toHaveCount(1);

  await openColumnMenu(page, grid, 'division');
  await menuItem(page, 'group').click();
  await expect(grid.getByTestId('grid-group-row').first()).toBeVisible();
  await expect(grid.getByTestId('grid-group-by')).toHaveValue('division');
  await shot(page, 'grid-column-menu-samples-grouped');
  await openColumnMenu(page, grid, 'division');
  await expect(menuItem(page, 'ungroup')).toBeVisible();
  await menuItem(page, 'ungroup').click();
  await expect(grid.getByTestId('grid-group-row')).toHaveCount(0);
  // The export gets the view's filters.
  await page.getByTestId('grid-filter-chip-remove').click();
  await gridLoaded(grid);
  await expect(page.getByTestId('grid-filter-chip')).toHaveCount(0);
  await api.ctx.dispose();
});

test('assortment detail: the column menu filters the loaded rows and groups by style', async ({ page }) => {
  const api = await apiSession('editor');
  const { id, rows } = await staticAssortmentRows(api);
  const style = String(rows[0]!.style);
  const expected = rows.filter((r) => String(r.style).startsWith(style)).length;
  expect(expected).toBeLessThan(rows.length);

  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/manage`);
  const grid = page.getByTestId('detail-grid');
  await gridLoaded(grid);
  await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(rows.length));
  const editor = await filterBy(page, grid, 'style', 'startsWith', style);
  await editor.getByTestId('grid-filter-apply').click();
  await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(expected));
  await expect(page.getByTestId('grid-filter-chip')).toContainText(`starts with ${style}`);
  await openColumnMenu(page, grid, 'style');
  await menuItem(page, 'group').click();
  await expect(grid.getByTestId('grid-group-row').first()).toBeVisible();
  await shot(page, 'grid-column-menu-assortment');
  await openColumnMenu(page, grid, 'style');
  await menuItem(page, 'ungroup').click();
  await page.getByTestId('grid-filter-chip-remove').click();
  await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(rows.length));
  await api.ctx.dispose();
});
