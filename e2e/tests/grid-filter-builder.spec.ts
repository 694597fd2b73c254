import { type Api, apiSession, baseUrl, expect, shot, test, signIn } from './helpers';
import { gridLoaded, menuItem, openBuilder, openColumnMenu, openProductLibrary, productTotal, setCondition, staticAssortmentRows } from './grid-kit';

/**
 * The grid kit's filter builder (docs/grid.md §9.2) against the real server: conditions on any
 * filterable column with the operators of its type, nested AND / OR groups, chips under the
 * toolbar, the keyboard; the rows are the server's answer to the same `where` tree (the product
 * query in the product library, the grid protocol in sample inventory) or, in the assortment
 * detail, the loaded rows the tree keeps.
 */

/** The issue's filter: division is any of Work, Kids AND (wholesale price > 50 OR season = SP). */
const issueTree = {
  and: [
    { field: 'division', op: 'in', values: ['Work', 'Kids'] },
    { or: [{ field: 'wholesalePrice', op: 'gt', values: ['50'] }, { field: 'season', op: 'in', values: ['SP'] }] },
  ],
};

async function sampleTotal(api: Api, where: unknown): Promise<number> {
  const res = await api.ctx.post('/api/sampleInventory/Production/query', { data: { where, limit: 1 }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data as { totalCount: number }).totalCount;
}

test('product library: build "division is any of Work, Kids AND (wholesale price > 50 OR season = SP)"', async ({ page }) => {
  const api = await apiSession('editor');
  const grid = await openProductLibrary(page);

  const panel = await openBuilder(page);
  // The panel opens with one empty condition; the first control has the focus.
  await expect(panel.getByTestId('grid-fb-join').first()).toBeFocused();
  const division = await setCondition(panel, 0, 'division', 'in');
  await division.getByRole('checkbox', { name: 'Work', exact: true }).check();
  await division.getByRole('checkbox', { name: 'Kids', exact: true }).check();
  // A group: OR (the other word of its parent's), with a condition of its own.
  await panel.getByTestId('grid-fb-add-group').first().click();
  const group = panel.getByTestId('grid-fb-group').nth(1);
  await expect(group).toHaveAttribute('data-join', 'or');
  await setCondition(panel, 1, 'wholesalePrice', 'gt', '50');
  await group.getByTestId('grid-fb-add-condition').click();
  const season = await setCondition(panel, 2, 'season', 'in', 'SP');
  await shot(page, 'grid-filter-builder-products');
  // Enter applies; the panel closes and the focus is back on the button.
  await season.getByTestId('grid-fb-value').press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('grid-filter-builder')).toBeFocused();
  await expect(page.getByTestId('grid-filter-builder')).toHaveAttribute('data-count', '3');

  // One chip per condition, the OR group as a chip group.
  const chips = page.getByTestId('grid-filter-chips');
  await expect(chips.getByTestId('grid-filter-chip')).toHaveText(['Division is any of Work, Kids', 'Wholesale > 50', 'Season is SP']);
  await expect(chips.getByTestId('grid-filter-group')).toHaveAttribute('data-join', 'or');
  const expected = await productTotal(api, issueTree);
  expect(expected).toBeGreaterThan(0);
  // Past the count cap the product query only estimates; the footer's exact count replaces it.
  await expect(page.getByTestId('catalog-count')).toHaveAttribute('data-total', String(expected));
  await expect(page.getByTestId('catalog-count')).toHaveAttribute('data-estimated', 'false');
  await expect(page.getByTestId('catalog-count')).toHaveText(`${expected.toLocaleString('en-US')} products`);
  await gridLoaded(grid);
  await shot(page, 'grid-filter-builder-products-chips');

  // The column menu edits the same filter: division's condition is there.
  await openColumnMenu(page, grid, 'division');
  await menuItem(page, 'filter').click();
  await expect(page.getByTestId('grid-filter-editor').getByTestId('grid-filter-value')).toHaveValue('Work, Kids');
  await page.keyboard.press('Escape');

  // Removing the wholesale price chip leaves division AND season = SP (the group of one goes).
  await chips.locator('[data-testid="grid-filter-chip"][data-field="wholesalePrice"]').getByTestId('grid-filter-chip-remove').click();
  await expect(chips.getByTestId('grid-filter-group')).toHaveCount(0);
  await expect(chips.getByTestId('grid-filter-chip')).toHaveText(['Division is any of Work, Kids', 'Season is SP']);
  const narrower = await productTotal(api, { and: [issueTree.and[0], { field: 'season', op: 'in', values: ['SP'] }] });
  expect(narrower).toBeGreaterThan(0);
  await expect(page.getByTestId('catalog-count')).toHaveAttribute('data-total', String(narrower));

  // From the keyboard: Enter opens the builder with the applied filter, Escape closes it.
  await page.getByTestId('grid-filter-builder').focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('grid-fb-condition')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('grid-filter-builder')).toBeFocused();

  await chips.getByTestId('grid-filter-clear-all').click();
  await expect(chips).toHaveCount(0);
  await expect(page.getByTestId('catalog-count')).toHaveAttribute('data-total', /^[1-9]\d{4,}$/);
  await api.ctx.dispose();
});

test('sample inventory: the same builder on the grid protocol', async ({ page }) => {
  const api = await apiSession('editor');
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/samples/production`);
  const grid = page.getByTestId('sample-grid');
  await gridLoaded(grid);

  const panel = await openBuilder(page);
  await setCondition(panel, 0, 'totalQty', 'gt', '10');
  await panel.getByTestId('grid-fb-add-group').first().click();
  const division = await setCondition(panel, 1, 'division', 'in');
  await division.getByRole('checkbox', { name: 'POP', exact: true }).check();
  await panel.getByTestId('grid-fb-group').nth(1).getByTestId('grid-fb-add-condition').click();
  await setCondition(panel, 2, 'totalQty', 'gte', '20');
  await shot(page, 'grid-filter-builder-samples');
  await panel.getByTestId('grid-filter-builder-apply').click();
  await expect(panel).toHaveCount(0);

  const where = {
    and: [
      { field: 'totalQty', op: 'gt', values: ['10'] },
      { or: [{ field: 'division', op: 'in', values: ['POP'] }, { field: 'totalQty', op: 'gte', values: ['20'] }] },
    ],
  };
  const total = await sampleTotal(api, where);
  expect(total).toBeGreaterThan(0);
  await gridLoaded(grid);
  await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(total));
  await expect(page.getByTestId('grid-filter-chip')).toHaveText(['Total Qty > 10', 'Division is any of POP', 'Total Qty ≥ 20']);
  await shot(page, 'grid-filter-builder-samples-chips');

  // The group's × removes the whole group.
  await page.getByTestId('grid-filter-group-remove').click();
  await gridLoaded(grid);
  await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(await sampleTotal(api, where.and[0])));
  await page.getByTestId('grid-filter-chip-remove').click();
  await expect(page.getByTestId('grid-filter-chips')).toHaveCount(0);
  await api.ctx.dispose();
});

test('assortment detail: the builder filters the loaded rows with an OR at the top', async ({ page }) => {
  const api = await apiSession('editor');
  const { id, rows } = await staticAssortmentRows(api);
  const styles = [...new Set(rows.map((r) => String(r.style)))];
  expect(styles.length).toBeGreaterThan(2);
  const [a, b] = [styles[0]!, styles[styles.length - 1]!];
  const expected = rows.filter((r) => String(r.style).startsWith(a) || String(r.style).startsWith(b)).length;
  expect(expected).toBeLessThan(rows.length);

  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/manage`);
  const grid = page.getByTestId('detail-grid');
  await gridLoaded(grid);
  const panel = await openBuilder(page);
  await panel.getByTestId('grid-fb-join').first().selectOption('or');
  await setCondition(panel, 0, 'style', 'startsWith', a);
  await panel.getByTestId('grid-fb-add-condition').first().click();
  await setCondition(panel, 1, 'style', 'startsWith', b);
  await panel.getByTestId('grid-filter-builder-apply').click();
  await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(expected));
  await expect(page.getByTestId('grid-filter-chips')).toHaveAttribute('data-join', 'or');
  await expect(page.getByTestId('grid-filter-join')).toHaveText('OR');
  await shot(page, 'grid-filter-builder-assortment');
  await page.getByTestId('grid-filter-clear-all').click();
  await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(rows.length));
  await api.ctx.dispose();
});
