import { apiSession, baseUrl, expect, shot, test, signIn } from './helpers';
import { gridLoaded, openBuilder, productTotal, resetLayout } from './grid-kit';

/**
 * The product library's one filter model (spec §2.6, §5.3): the bar's fields are shortcuts of
 * the grid's filter tree. Two values picked in a bar field are one "is any of" chip of the grid
 * and one condition of the builder; a saved view keeps it and brings the same rows back.
 */
test('product library: the bar edits the filter tree; a view keeps and restores it', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiSession('editor');
  await resetLayout('editor', 'products.catalog');
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/products`);
  const grid = page.getByTestId('product-grid');
  await gridLoaded(grid);

  await page.getByTestId('filter-division').selectOption('Work');
  await page.getByTestId('filter-division').selectOption('Kids');
  const chips = page.getByTestId('grid-filter-chip');
  await expect(chips).toHaveText(['Division is any of Work, Kids']);
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  const tree = { field: 'division', op: 'in', values: ['Work', 'Kids'] };
  const total = await productTotal(api, tree);
  const count = page.getByTestId('catalog-count');
  await expect(count).toHaveAttribute('data-total', String(total));
  await gridLoaded(grid);

  // The builder shows the same single condition with both values ticked.
  const panel = await openBuilder(page);
  await expect(panel.getByTestId('grid-fb-condition')).toHaveCount(1);
  await expect(panel.getByRole('checkbox', { name: 'Work', exact: true })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Kids', exact: true })).toBeChecked();
  await shot(page, 'products-filter-builder');
  await page.keyboard.press('Escape');
  const first = await grid.locator('.ag-row[row-index="0"]').first().getAttribute('row-id');

  const name = `Work and Kids ${Date.now()}`;
  await page.getByTestId('grid-views').click();
  await page.getByTestId('grid-view-save').click();
  const dialog = page.getByTestId('grid-view-dialog');
  await dialog.getByTestId('grid-view-name').fill(name);
  await dialog.getByTestId('grid-view-dialog-save').click();
  await expect(dialog).toHaveCount(0);

  // A fresh page: nothing filters; opening the view gives the same chip and rows.
  await page.goto(`${baseUrl()}/product/libraries/products`);
  await gridLoaded(grid);
  await expect(chips).toHaveCount(0);
  await page.getByTestId('grid-views').click();
  await page.locator(`[data-testid="grid-view"][data-name="${name}"]`).getByTestId('grid-view-open').click();
  await expect(chips).toHaveText(['Division is any of Work, Kids']);
  await expect(count).toHaveAttribute('data-total', String(total));
  await gridLoaded(grid);
  await expect(grid.locator('.ag-row[row-index="0"]').first()).toHaveAttribute('row-id', first ?? '');
  // The bar shows the tree's values as chosen.
  await expect(page.getByTestId('filter-division').locator('option').first()).toHaveText('2 chosen');
  await shot(page, 'products-filter-view');
  await api.ctx.dispose();
});

/**
 * The grouping is part of the address both ways: an address with ?groupBy= opens grouped by it
 * (history kept as it was: the pick replaces the address), a pick writes it with the filters kept,
 * and a field the library cannot group by is ignored and taken out of the address.
 */
test('product library: the grouping is in the address; an unknown one is dropped', async ({ page }) => {
  test.setTimeout(120_000);
  await resetLayout('editor', 'products.catalog');
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/products?groupBy=division`);
  const grid = page.getByTestId('product-grid');
  await gridLoaded(grid);
  await expect(grid.getByTestId('grid-group-by')).toHaveValue('division');
  await expect(grid.getByTestId('grid-group-row').first()).toBeVisible();

  await page.getByTestId('filter-division').selectOption('Work');
  await expect(page).toHaveURL(/[?&]f=/);
  const length = await page.evaluate(() => history.length);
  await grid.getByTestId('grid-group-by').selectOption('season');
  await expect(page).toHaveURL(/[?&]groupBy=season(&|$)/);
  await expect(page).toHaveURL(/[?&]f=/);
  expect(await page.evaluate(() => history.length)).toBe(length);
  await grid.getByTestId('grid-group-by').selectOption('');
  await expect(page).not.toHaveURL(/groupBy=/);
  await expect(grid.getByTestId('grid-group-row')).toHaveCount(0);

  await page.goto(`${baseUrl()}/product/libraries/products?groupBy=price`);
  await gridLoaded(grid);
  await expect(page).not.toHaveURL(/groupBy=/);
  await expect(grid.getByTestId('grid-group-by')).toHaveValue('');
  await expect(grid.getByTestId('grid-group-row')).toHaveCount(0);
});
