import { apiSession, baseUrl, expect, shot, test, signIn } from './helpers';
import { gridLoaded, headerCell, hideInChooser, resetLayout } from './grid-kit';

/**
 * The column chooser (docs/grid.md §9.2): hide columns, move one, pick the row height; the
 * layout is the user's on the server, so it is back on the next visit; reset brings the default.
 */

test('product library: the column chooser keeps the layout per user and resets it', async ({ page }) => {
  const api = await apiSession('editor');
  await api.ctx.delete('/api/gridLayouts/products.catalog', { headers: { 'X-CSRF-Token': api.csrf } });
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/products`);
  const grid = page.getByTestId('product-grid');
  await gridLoaded(grid);
  const rowHeight = async () => (await grid.locator('.ag-row[row-index="0"]').first().boundingBox())!.height;
  expect(Math.round(await rowHeight())).toBe(34);

  await page.getByTestId('grid-columns').click();
  const chooser = page.getByTestId('grid-column-chooser');
  await expect(chooser).toBeVisible();
  const item = (field: string) => chooser.locator(`[data-testid="grid-chooser-column"][data-field="${field}"]`);
  const saved = () => page.waitForResponse((r) => r.url().endsWith('/api/gridLayouts/products.catalog') && r.request().method() === 'PUT');
  let put = saved();
  await item('colorDescription').getByRole('checkbox').uncheck();
  await put;
  put = saved();
  await item('channel').getByRole('checkbox').uncheck();
  await put;
  await expect(headerCell(grid, 'colorDescription')).toHaveCount(0);
  await expect(headerCell(grid, 'channel')).toHaveCount(0);
  // Name moves up before colour, from the keyboard.
  put = saved();
  await item('name').getByTestId('grid-chooser-up').focus();
  await page.keyboard.press('Enter');
  await put;
  const listed = async () => chooser.getByTestId('grid-chooser-column').evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
  await expect.poll(async () => (await listed()).indexOf('name')).toBe((await listed()).indexOf('style') + 1);
  expect((await listed()).indexOf('name')).toBeLessThan((await listed()).indexOf('color'));
  put = saved();
  await chooser.getByTestId('grid-row-height-compact').check();
  await put;
  await expect.poll(async () => Math.round(await rowHeight())).toBe(28);
  await shot(page, 'grid-column-chooser');
  await page.keyboard.press('Escape');
  await expect(chooser).toHaveCount(0);

  // The next visit shows the same layout (kept on the server, not in this browser).
  const stored = await api.ctx.get('/api/gridLayouts/products.catalog');
  const layout = ((await stored.json()) as { data: { columns: Array<{ field: string; hide?: boolean }>; rowHeight?: string } }).data;
  expect(layout.rowHeight).toBe('compact');
  // The style/colour id column is hidden by default (a filter field of the tree, not shown).
  expect(layout.columns.filter((c) => c.hide && c.field !== 'id').map((c) => c.field).sort()).toEqual(['channel', 'colorDescription']);
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/products`);
  await gridLoaded(grid);
  await expect(headerCell(grid, 'channel')).toHaveCount(0);
  await expect(headerCell(grid, 'colorDescription')).toHaveCount(0);
  await expect.poll(async () => Math.round(await rowHeight())).toBe(28);
  const order = await grid.locator('.ag-header-cell[col-id]').evaluateAll((els) =>
    els
      .map((e) => ({ id: e.getAttribute('col-id') ?? '', x: e.getBoundingClientRect().x }))
      .sort((a, b) => a.x - b.x)
      .map((c) => c.id),
  );
  expect(order.indexOf('name')).toBeLessThan(order.indexOf('color'));

  // Reset to default: every column back, normal rows, nothing kept.
  await page.getByTestId('grid-columns').click();
  await chooser.getByTestId('grid-layout-reset').click();
  await expect(headerCell(grid, 'colorDescription')).toHaveCount(1);
  await expect.poll(async () => Math.round(await rowHeight())).toBe(34);
  await expect.poll(async () => ((await (await api.ctx.get('/api/gridLayouts/products.catalog')).json()) as { data: unknown }).data).toBeNull();
  await api.ctx.dispose();
});

test('assortment lists: each view keeps its own layout on the server', async ({ page }) => {
  await resetLayout('editor', 'assortments.list.all');
  await resetLayout('editor', 'assortments.list.recent');
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/all`);
  const grid = page.getByTestId('assortment-list');
  await gridLoaded(grid);
  await hideInChooser(page, grid, 'assortments.list.all', 'subTitle');
  await shot(page, 'assortments-list-columns');

  // Another view is a grid of its own: its columns are the default ones.
  await page.goto(`${baseUrl()}/product/assortments/recent`);
  await gridLoaded(grid);
  await expect(headerCell(grid, 'subTitle')).toHaveCount(1);
  // Back on All, after a new sign-in: the hidden column stays hidden (kept on the server).
  await page.context().clearCookies();
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/all`);
  await gridLoaded(grid);
  await expect(grid.locator('.ag-row').first()).toBeVisible();
  await expect(headerCell(grid, 'title')).toHaveCount(1);
  await expect(headerCell(grid, 'subTitle')).toHaveCount(0);
  await resetLayout('editor', 'assortments.list.all');
});

// The other grids keep the user's layout the same way: each under its own name on the server.
for (const g of [
  { name: 'an order list view', role: 'user', path: '/orders/samples/active-orders', key: 'orders.samples.active-orders', grid: 'order-list' },
  { name: 'Manage Seasons', role: 'adminEditor', path: '/product/assortments/seasons/manage', key: 'seasons', grid: 'seasons-grid' },
  { name: 'the internal assortment list', role: 'user', path: '/product/assortments/internal/retail', key: 'internalAssortments.list', grid: 'internal-list' },
]) {
  test(`${g.name}: a column hidden in the chooser stays hidden on the next visit`, async ({ page }) => {
    await resetLayout(g.role, g.key);
    try {
      await signIn(page, g.role);
      await page.goto(`${baseUrl()}${g.path}`);
      const grid = page.getByTestId(g.grid);
      await gridLoaded(grid);
      const field = await hideInChooser(page, grid, g.key);

      await page.reload();
      await gridLoaded(grid);
      await expect(grid.locator('.ag-row').first()).toBeVisible();
      await expect(headerCell(grid, field)).toHaveCount(0);
    } finally {
      await resetLayout(g.role, g.key);
    }
  });
}
