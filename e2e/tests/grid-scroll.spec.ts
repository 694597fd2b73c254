import { type Locator } from '@playwright/test';
import { apiSession, baseUrl, expect, shot, test, signIn } from './helpers';

/**
 * Every row by scrolling (docs/grid.md §10): the product library reads its 50,000 products in
 * blocks as the user scrolls, with the total shown; the jump to the end shows the last rows,
 * the rows are the server's order, and a new sort starts again at the top.
 */

const cell = (grid: Locator, row: number, field: string) => grid.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${field}"]`).first();
const viewport = (grid: Locator) => grid.locator('.ag-grid-viewport').first();

test('product library: scroll to the last of 50,000 products, range copy across blocks, sort resets', async ({ page, context }) => {
  const api = await apiSession('editor');
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/products`);
  const grid = page.getByTestId('product-grid');
  await expect(cell(grid, 0, 'style')).not.toHaveText('', { timeout: 30_000 });
  const count = page.getByTestId('catalog-count');
  await expect(count).toHaveAttribute('data-total', /^[1-9]\d{4,}$/);
  expect(Number(await count.getAttribute('data-total'))).toBeGreaterThanOrEqual(50_000);
  await expect(page.getByTestId('catalog-more')).toHaveCount(0);

  // The jump to the end: the last block is read (and the estimated total becomes exact).
  await viewport(grid).evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(count).toHaveAttribute('data-estimated', 'false', { timeout: 15_000 });
  await viewport(grid).evaluate((el) => (el.scrollTop = el.scrollHeight));
  const total = Number(await count.getAttribute('data-total'));
  expect(total).toBeGreaterThanOrEqual(50_000);
  // The last rows are the server's last rows of the same order (style, then colour).
  const res = await api.ctx.post('/api/products/query', { data: { skip: total - 1, limit: 1 }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok()).toBeTruthy();
  const lastId = (JSON.parse((await res.text()).split('\n')[1] ?? '{}') as { id?: string }).id ?? '';
  expect(lastId).not.toBe('');
  const last = grid.locator(`.ag-row[row-index="${total - 1}"]`).first();
  await expect(last).toHaveAttribute('row-id', lastId, { timeout: 10_000 });
  await expect(cell(grid, total - 1, 'style')).toHaveText(lastId.split('_')[0] ?? '');
  await shot(page, 'grid-scroll-end');

  // A range over two blocks (rows 95 to 104) copies the rows of both.
  await viewport(grid).evaluate((el) => (el.scrollTop = 90 * 34));
  await expect(cell(grid, 104, 'style')).not.toHaveText('');
  await expect(grid.locator('.ag-row[row-index="104"]').first()).not.toHaveClass(/its-grid-row--placeholder/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await cell(grid, 95, 'style').click();
  for (let i = 0; i < 9; i++) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Control+c');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const lines = copied.trim().split(/\r?\n/);
  expect(lines).toHaveLength(10);
  for (const l of lines) expect(l).toMatch(/^\d+$/);
  // The status bar sums up the range: 10 cells, all filled, no number figures for text.
  const summary = page.getByTestId('grid-range-summary');
  await expect(summary.locator('[data-figure="count"]')).toHaveAttribute('data-value', '10');
  await expect(summary.locator('[data-figure="filled"]')).toHaveAttribute('data-value', '10');
  await expect(summary.locator('[data-figure="unique"]')).toHaveAttribute('data-value', String(new Set(lines).size));
  await expect(summary.locator('[data-figure="sum"]')).toHaveCount(0);
  // Over prices: the sum, average, minimum and maximum of the numbers.
  await cell(grid, 95, 'wholesalePrice').click();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
  await expect(summary.locator('[data-figure="count"]')).toHaveAttribute('data-value', '5');
  await expect(summary.locator('[data-figure="sum"]')).toHaveAttribute('data-value', /^\d+(\.\d+)?$/);
  const sum = Number(await summary.locator('[data-figure="sum"]').getAttribute('data-value'));
  const avg = Number(await summary.locator('[data-figure="avg"]').getAttribute('data-value'));
  const max = Number(await summary.locator('[data-figure="max"]').getAttribute('data-value'));
  expect(sum).toBeGreaterThan(0);
  expect(avg * Number(await summary.locator('[data-figure="filled"]').getAttribute('data-value'))).toBeCloseTo(sum, 1);
  expect(max).toBeLessThanOrEqual(sum);
  await shot(page, 'grid-range-summary');

  // A new sort: the rows of the new order from the top, the old ones until they came.
  // (The first click sorts ascending, the order the rows already have; the second descending.)
  const styleHeader = grid.locator('[data-testid="grid-header"][data-field="style"]');
  await styleHeader.click();
  await expect(grid).not.toHaveAttribute('data-loading', 'true', { timeout: 30_000 });
  await styleHeader.click();
  await expect(grid).not.toHaveAttribute('data-loading', 'true', { timeout: 30_000 });
  const desc = await api.ctx.post('/api/products/query', { data: { sort: { styleNumeric: -1 }, limit: 1 }, headers: { 'X-CSRF-Token': api.csrf } });
  const firstDesc = (JSON.parse((await desc.text()).split('\n')[1] ?? '{}') as { id?: string }).id ?? '';
  await expect(grid.locator('.ag-row[row-index="0"]').first()).toHaveAttribute('row-id', firstDesc, { timeout: 10_000 });
});
