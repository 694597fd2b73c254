import { expect, type Locator, type Page } from '@playwright/test';
import { apiSession, baseUrl, type Api, signIn } from './helpers';

/** The grid kit's parts as the browser tests reach them (shell/grid). */

export const header = (grid: Locator, field: string) => grid.locator(`[data-testid="grid-header"][data-field="${field}"]`);
export const headerCell = (grid: Locator, field: string) => grid.locator(`.ag-header-cell[col-id="${field}"]`);
export const cell = (grid: Locator, row: number, field: string) => grid.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${field}"]`).first();
export const menu = (page: Page) => page.getByTestId('grid-column-menu');
export const menuItem = (page: Page, id: string) => menu(page).locator(`[data-menu-id="${id}"]`);

/**
 * Forgets a role's saved layout of a grid (the column chooser keeps hides, moves and pins on the
 * server per user): a test that starts from the default layout calls it first.
 */
export async function resetLayout(role: string, gridKey: string) {
  const api = await apiSession(role);
  const res = await api.ctx.delete(`/api/gridLayouts/${gridKey}`, { headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok()).toBe(true);
  await api.ctx.dispose();
}

export async function gridLoaded(grid: Locator) {
  await expect(grid).not.toHaveAttribute('data-loading', 'true', { timeout: 30_000 });
}

export async function openColumnMenu(page: Page, grid: Locator, field: string) {
  await header(grid, field).hover();
  await header(grid, field).getByTestId('grid-header-menu').click();
  await expect(menu(page)).toBeVisible();
}

/** The product library as the editor sees it: the grid loaded with the whole catalog counted. */
export async function openProductLibrary(page: Page): Promise<Locator> {
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/products`);
  const grid = page.getByTestId('product-grid');
  await gridLoaded(grid);
  await expect(page.getByTestId('catalog-count')).toHaveAttribute('data-total', /^[1-9]\d{4,}$/);
  return grid;
}

/** A static assortment of the demo data with at least 10 products, and its rows as the detail grid loads them. */
export async function staticAssortmentRows(api: Api): Promise<{ id: string; rows: Array<Record<string, unknown>> }> {
  const list = await api.ctx.get('/api/assortments?view=all');
  expect(list.ok()).toBeTruthy();
  const items = ((await list.json()).data.items as Array<{ _id: string; method: string; productCount?: number }>).filter((a) => a.method === 'static' && (a.productCount ?? 0) >= 10);
  expect(items.length).toBeGreaterThan(0);
  const id = items[0]!._id;
  const res = await api.ctx.post('/api/assortments/products/query', { data: { assortmentId: id, limit: 1000 }, headers: { 'X-CSRF-Token': api.csrf } });
  const rows = (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => typeof l.id === 'string');
  return { id, rows };
}

/** The builder's n-th condition (in reading order) set to a column, an operator and a value. */
export async function setCondition(panel: Locator, n: number, field: string, op: string, value?: string) {
  const cond = panel.getByTestId('grid-fb-condition').nth(n);
  await cond.getByTestId('grid-fb-field').selectOption(field);
  await cond.getByTestId('grid-fb-op').selectOption(op);
  if (value !== undefined) await cond.getByTestId('grid-fb-value').fill(value);
  return cond;
}

/** Opens the filter builder of the grid's toolbar. */
export async function openBuilder(page: Page) {
  await page.getByTestId('grid-filter-builder').click();
  const panel = page.getByTestId('grid-filter-builder-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** The footer's figure under a column. */
export const footCell = (page: Page, field: string) => page.getByTestId('grid-footer').locator(`[data-field="${field}"]`);

/** The summary call's answer (docs/grid.md §7.1). */
export async function summary(api: Api, path: string, body: Record<string, unknown>) {
  const res = await api.ctx.post(path, { data: body, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as { totalCount: number; columns: Record<string, Record<string, number | null>> };
}

/** A footer cell's figure once the server answered. */
export async function figure(cellLoc: Locator): Promise<number> {
  await expect(cellLoc).not.toHaveAttribute('data-value', '');
  return Number(await cellLoc.getAttribute('data-value'));
}

/** The product query's total of a filter tree (the API's answer to the grid's own query). */
export async function productTotal(api: Api, where: unknown): Promise<number> {
  return exactProductTotal(api, { where });
}

/** The groups of a product query's matches by one column, as the product library's grouping asks them. */
export async function productGroups(api: Api, query: Record<string, unknown>, field: string): Promise<Array<{ value: unknown; count: number }>> {
  const res = await api.ctx.post('/api/products/groups', { data: { query, field }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data.groups;
}

/**
 * How many products a product query matches, exactly: the summary call's count (the product
 * query itself answers the planner's estimate past its count cap; the grid shows the exact count
 * once the footer's summary came).
 */
export async function exactProductTotal(api: Api, query: Record<string, unknown>): Promise<number> {
  return (await summary(api, '/api/products/summary', { query, fields: ['style'], aggregates: { style: ['count'] } })).totalCount;
}

/** From the column menu: sorts by a column descending, then hides columns. */
export async function sortDescAndHide(page: Page, grid: Locator, sortBy: string, hide: string[]) {
  await openColumnMenu(page, grid, sortBy);
  await menuItem(page, 'sortDesc').click();
  await gridLoaded(grid);
  for (const f of hide) {
    await openColumnMenu(page, grid, f);
    await menuItem(page, 'hide').click();
    await expect(headerCell(grid, f)).toHaveCount(0);
  }
}

/**
 * Hides one column from the grid's column chooser (the chooser's last column when none is named),
 * waits until the layout is kept on the server under `layoutKey`, and closes the chooser. Answers
 * the column hidden.
 */
export async function hideInChooser(page: Page, grid: Locator, layoutKey: string, field?: string): Promise<string> {
  await page.getByTestId('grid-columns').click();
  const chooser = page.getByTestId('grid-column-chooser');
  const hidden = field ?? (await chooser.getByTestId('grid-chooser-column').last().getAttribute('data-field')) ?? '';
  await expect(headerCell(grid, hidden)).toHaveCount(1);
  const put = page.waitForResponse((r) => r.url().endsWith(`/api/gridLayouts/${layoutKey}`) && r.request().method() === 'PUT');
  await chooser.locator(`[data-testid="grid-chooser-column"][data-field="${hidden}"]`).getByRole('checkbox').uncheck();
  expect((await put).ok()).toBe(true);
  await expect(headerCell(grid, hidden)).toHaveCount(0);
  await page.keyboard.press('Escape');
  return hidden;
}

/**
 * Posts a comment in the open comments panel that mentions `person`, picked from the @
 * suggestions for `query`: `before` @person `after`. Answers when the thread shows it.
 */
export async function postWithMention(panel: Locator, before: string, query: string, person: string, after: string) {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const text = panel.getByTestId('comments-new-text');
  await text.fill(`${before} @${query}`);
  await expect(panel.getByTestId('comments-mentions').getByRole('option', { name: new RegExp(literal(person)) })).toBeVisible();
  await text.press('Enter');
  await expect(text).toHaveValue(new RegExp(`^${literal(before)} @\\[${literal(person)}\\]\\([0-9a-f-]{36}\\) $`));
  await text.pressSequentially(after);
  await panel.getByTestId('comments-new-send').click();
  const comment = panel.getByTestId('comment');
  await expect(comment).toHaveCount(1);
  await expect(comment.locator('mark.its-mention')).toHaveText(`@${person}`);
}

/**
 * Closes the side panel, adds the Comments column (hidden until the user adds it) from the column
 * chooser and brings it into view along the row of `rowCell`.
 */
export async function showCommentsColumn(page: Page, rowCell: Locator) {
  await page.getByTestId('side-panel').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('grid-columns').click();
  await page.getByTestId('grid-column-chooser').locator('[data-testid="grid-chooser-column"][data-field="comments"]').getByRole('checkbox').check();
  await page.keyboard.press('Escape');
  await rowCell.click();
  await page.keyboard.press('End');
}
