import { apiSession, baseUrl, expect, shot, test, signIn } from './helpers';
import { cell, figure, footCell, gridLoaded, resetLayout, summary } from './grid-kit';

/**
 * The footer row (docs/grid.md §7.1, §9.5): under each column one figure of the whole filtered
 * set, computed by the server; the product library's sum of wholesale prices is the API's, a
 * new filter asks again, the figure is chosen per column; sample inventory's footer counts every
 * row, and its last row is reached by scrolling.
 */

test.beforeEach(() => resetLayout('editor', 'products.catalog'));
test.afterEach(() => resetLayout('editor', 'products.catalog'));

test('product library: the footer sums the wholesale price of every product and follows the filters', async ({ page }) => {
  const api = await apiSession('editor');
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/products`);
  const grid = page.getByTestId('product-grid');
  await expect(cell(grid, 0, 'style')).not.toHaveText('', { timeout: 30_000 });
  await gridLoaded(grid);

  // The whole catalog: the footer's sum is the API's figure over all 50,000 products.
  const price = footCell(page, 'wholesalePrice');
  await expect(price).toHaveAttribute('data-figure', 'sum');
  const all = await summary(api, '/api/products/summary', { query: {}, fields: ['wholesalePrice'], aggregates: { wholesalePrice: ['sum'] } });
  expect(all.totalCount).toBeGreaterThanOrEqual(50_000);
  await expect.poll(() => figure(price)).toBeCloseTo(all.columns.wholesalePrice?.sum ?? NaN, 2);
  await expect(price.locator('output')).toHaveText(new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(all.columns.wholesalePrice?.sum ?? 0));
  await shot(page, 'grid-footer-products');

  // A filter of the bar: the footer asks again, over the Kids products only.
  await page.getByTestId('filter-division').selectOption('Kids');
  const kids = await summary(api, '/api/products/summary', { query: { conditions: { division: ['Kids'] } }, fields: ['wholesalePrice', 'style'], aggregates: { wholesalePrice: ['sum'], style: ['unique'] } });
  expect(kids.totalCount).toBeLessThan(all.totalCount);
  await expect.poll(() => figure(price), { timeout: 15_000 }).toBeCloseTo(kids.columns.wholesalePrice?.sum ?? NaN, 2);

  // Another figure from the cell's menu: the different styles of the filtered set.
  const style = footCell(page, 'style');
  await style.getByRole('combobox', { name: 'Summary of Style' }).selectOption('unique');
  await expect(style).toHaveAttribute('data-figure', 'unique');
  await expect.poll(() => figure(style), { timeout: 15_000 }).toBe(kids.columns.style?.unique);
  // The average of prices from the keyboard.
  const pick = price.getByRole('combobox');
  await pick.focus();
  await pick.selectOption('avg');
  await expect.poll(() => figure(price), { timeout: 15_000 }).toBeCloseTo((kids.columns.wholesalePrice?.sum ?? 0) / (await summary(api, '/api/products/summary', { query: { conditions: { division: ['Kids'] } }, fields: ['wholesalePrice'], aggregates: { wholesalePrice: ['filled'] } })).columns.wholesalePrice!.filled!, 4);
  await shot(page, 'grid-footer-products-kids');
  await api.ctx.dispose();
});

test('sample inventory: the footer counts every sample, and the last row is reached by scrolling', async ({ page }) => {
  const api = await apiSession('editor');
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/samples/production`);
  const grid = page.getByTestId('sample-grid');
  await expect(cell(grid, 0, 'style')).not.toHaveText('', { timeout: 30_000 });
  await gridLoaded(grid);

  const style = footCell(page, 'style');
  await expect(style).toHaveAttribute('data-figure', 'filled');
  const sums = await summary(api, '/api/sampleInventory/Production/summary', { fields: ['style', 'totalQty'] });
  expect(sums.totalCount).toBeGreaterThan(0);
  await expect.poll(() => figure(style)).toBe(sums.columns.style?.filled);
  const qty = footCell(page, 'totalQty');
  await expect(qty).toHaveAttribute('data-figure', 'sum');
  await expect.poll(() => figure(qty)).toBeCloseTo(sums.columns.totalQty?.sum ?? NaN, 4);

  // Every row by scrolling: the grid's last row is the set's last, with the count the footer shows.
  const viewport = grid.locator('.ag-grid-viewport').first();
  await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const last = grid.locator(`.ag-row[row-index="${sums.totalCount - 1}"]`).first();
  await expect(last).toBeVisible({ timeout: 15_000 });
  await expect(grid.locator(`.ag-row[row-index="${sums.totalCount}"]`)).toHaveCount(0);
  await shot(page, 'grid-footer-samples-end');
  await api.ctx.dispose();
});
