import { type Browser, type Locator, type Page } from '@playwright/test';
import { apiSession, assortmentRows, baseUrl, expect, login, shot, test, type Api, signIn } from './helpers';

/**
 * The assortment manager against the real server: an editor creates a static assortment, finds
 * products and adds 200, edits discounts by paste (net cost follows), undoes it, stars, archives,
 * duplicates and copies it to another user; a dynamic assortment follows its filters; a plain
 * user only looks; two editors meet the edit lock and a stale write gets the userLock toast.
 * Every step is checked against the server through the API.
 */

interface Row {
  id: string;
  version: number;
  style: string;
  color: string;
  cost: number | null;
  netCost: number | null;
  discountPercent: number | null;
  discountAmount: number | null;
  [field: string]: unknown;
}

interface Assortment {
  _id: string;
  title: string;
  method: string;
  state: string;
  starred: boolean;
  version: number;
  productCount: number;
  query: { text?: string; conditions?: Record<string, unknown[]>; sort?: Record<string, number> } | null;
  owner: { id: string; email: string };
}

async function getAssortment(api: Api, id: string): Promise<Assortment> {
  const res = await api.ctx.get(`/api/assortments/${id}?_options=${encodeURIComponent('{"products":false}')}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as Assortment;
}

const rowsOf = (api: Api, id: string) => assortmentRows<Row>(api, id);

async function listTitles(api: Api, view: string): Promise<string[]> {
  const res = await api.ctx.get(`/api/assortments?view=${view}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data.items as Assortment[]).map((a) => a.title);
}

const toast = (page: Page, text: string | RegExp) => page.locator('.its-toast').filter({ hasText: text });
const detailGrid = (page: Page) => page.getByTestId('detail-grid');
const cell = (grid: Locator, row: number, field: string): Locator => grid.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${field}"]`).first();
const checkbox = (grid: Locator, row: number): Locator => grid.locator(`.ag-row[row-index="${row}"] input[type=checkbox]`).first();
const idFromUrl = (page: Page) => /\/assortment\/([^/]+)\/manage/.exec(page.url())?.[1] ?? '';
const money = (n: number) => `$${n.toFixed(2)}`;
/** Net cost after a whole-number discount percentage, rounded half-up on the cents as the server does. */
const netAfter = (cost: number, pct: number) => {
  const cents = Math.round(cost * 100);
  return (cents - Math.floor((cents * pct + 50) / 100)) / 100;
};

/** A paste as the browser delivers it: a paste event carrying the clipboard's text. */
async function pasteText(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function loggedIn(browser: Browser, role: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();
  await login(page, role);
  return page;
}

async function openAssortment(page: Page, id: string) {
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/manage`);
  await expect(page.getByTestId('assortment-detail')).toBeVisible();
}

async function gridLoaded(grid: Locator) {
  await expect(grid).not.toHaveAttribute('data-loading', 'true', { timeout: 20_000 });
}

test.describe.serial('assortment manager', () => {
  let staticId = '';
  const title = 'E2E Running Spring 2026';

  test('an editor lands on quick access, creates a static assortment and adds 200 products from the search', async ({ page }) => {
    const api = await apiSession('editor');
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments`);
    await expect(page).toHaveURL(/\/product\/assortments\/quick-access$/);
    await expect(page.getByTestId('assortment-list')).toBeVisible();
    await expect(page.getByTestId('list-title').first()).toBeVisible();
    await shot(page, 'assortments-quick-access');

    await page.getByTestId('view-all').click();
    await expect(page).toHaveURL(/\/all$/);
    const spring = page.getByTestId('list-title').filter({ hasText: 'Spring 2025' });
    await spring.getByTestId('folder-toggle').click();
    await expect(page.getByTestId('list-title').filter({ hasText: "Men's Running SP25" })).toBeVisible();
    await shot(page, 'assortments-all-folders');
    await spring.getByTestId('folder-toggle').click();
    await expect(page.getByTestId('list-title').filter({ hasText: "Men's Running SP25" })).toHaveCount(0);

    // A new assortment goes into the folder focused or selected: from a fresh page, it goes to the top.
    await page.reload();
    await expect(page.getByTestId('list-title').first()).toBeVisible();
    await page.getByTestId('new-assortment').click();
    const dialog = page.getByTestId('new-assortment-dialog');
    await expect(dialog).toContainText('Select Assortment Type');
    await expect(dialog).not.toContainText('Created in the folder');
    await dialog.getByTestId('new-create').click();
    await expect(dialog).toContainText('Give the assortment a title.');
    await dialog.getByTestId('new-title').fill(title);
    await dialog.getByTestId('new-customer').fill('Big 5');
    await dialog.getByTestId('new-customer-options').getByText('Big 5 Sporting Goods', { exact: true }).click();
    await dialog.getByTestId('new-season').selectOption('SP');
    await dialog.getByTestId('new-year').selectOption('2026');
    await dialog.getByTestId('new-gender').selectOption('Mens');
    await shot(page, 'assortments-new-dialog');
    await dialog.getByTestId('new-create').click();
    await expect(toast(page, 'Assortment Created')).toBeVisible();
    await expect(page).toHaveURL(/\/product\/assortments\/assortment\/[0-9a-f-]+\/manage$/);
    staticId = idFromUrl(page);
    await expect(page.getByTestId('assortment-title')).toHaveText(title);
    await expect(page.getByTestId('assortment-meta')).toContainText('Big 5 Sporting Goods');
    await expect(page.getByTestId('lock-state')).toHaveAttribute('data-status', 'mine');
    await expect(detailGrid(page).getByTestId('grid-empty')).toContainText('No products added. To get started add your products above.');

    await page.getByTestId('tab-search').click();
    await expect(page.getByTestId('search-tab')).toContainText('No products added. To get started select filters above.');
    await page.getByTestId('filter-productType').selectOption('Footwear');
    await page.getByTestId('filter-division').selectOption("Men's Sport");
    const search = page.getByTestId('search-grid');
    await gridLoaded(search);
    await expect(cell(search, 0, 'style')).not.toHaveText('');
    await expect(page.getByTestId('catalog-count')).toContainText('products');
    // 200 rows: the first, then Shift+click on the 200th.
    await checkbox(search, 0).click();
    await search.locator('.ag-grid-viewport').first().evaluate((el) => (el.scrollTop = 199 * 34 - 200));
    await expect(checkbox(search, 199)).toBeVisible();
    await checkbox(search, 199).click({ modifiers: ['Shift'] });
    await expect(search.getByTestId('grid-selection-bar')).toContainText('200 rows selected');
    await shot(page, 'assortments-search-selected');
    await page.getByTestId('search-add').click();
    const confirmDialog = page.getByTestId('confirm-dialog');
    await expect(confirmDialog).toContainText('Add to Collection?');
    await expect(confirmDialog).toContainText('the product is also added to the assortment');
    await confirmDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, '200 Item(s) added to assortment')).toBeVisible();
    await expect.poll(async () => (await getAssortment(api, staticId)).productCount).toBe(200);
    await page.getByTestId('tab-products').click();
    await gridLoaded(detailGrid(page));
    await expect(detailGrid(page).getByTestId('grid-row-count')).toHaveAttribute('data-count', '200');
    await expect(page.getByTestId('tab-products')).toContainText('200');
    await api.ctx.dispose();
  });

  test('discount percent pasted on a range recalculates net cost; undo puts the server back', async ({ page }) => {
    const api = await apiSession('editor');
    await login(page, 'editor');
    await openAssortment(page, staticId);
    await expect(page.getByTestId('lock-state')).toHaveAttribute('data-status', 'mine');
    const grid = detailGrid(page);
    await gridLoaded(grid);
    const before = new Map((await rowsOf(api, staticId)).map((r) => [r.id, r]));
    const ids: string[] = [];
    for (let r = 0; r < 4; r++) ids.push((await grid.locator(`.ag-row[row-index="${r}"]`).getAttribute('row-id')) ?? '');

    await cell(grid, 0, 'discountPercent').click();
    await pasteText(page, '10\n20\n30\n40');
    const pct = [10, 20, 30, 40];
    for (let r = 0; r < 4; r++) {
      const cost = before.get(ids[r]!)!.cost!;
      await expect(cell(grid, r, 'discountPercent')).toHaveText(`${pct[r]}%`);
      await expect(cell(grid, r, 'netCost')).toHaveText(money(netAfter(cost, pct[r]!)));
    }
    await expect(grid.getByTestId('grid-save-state')).toHaveAttribute('data-state', 'saved');
    await expect
      .poll(async () => {
        const now = new Map((await rowsOf(api, staticId)).map((r) => [r.id, r]));
        return ids.map((id) => [now.get(id)?.discountPercent, now.get(id)?.netCost]);
      })
      .toEqual(ids.map((id, i) => [pct[i], netAfter(before.get(id)!.cost!, pct[i]!)]));
    await shot(page, 'assortments-detail-pasted');

    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => {
        const now = new Map((await rowsOf(api, staticId)).map((r) => [r.id, r]));
        return ids.map((id) => [now.get(id)?.discountPercent, now.get(id)?.netCost]);
      })
      .toEqual(ids.map((id) => [before.get(id)!.discountPercent, before.get(id)!.netCost]));
    for (let r = 0; r < 4; r++) await expect(cell(grid, r, 'netCost')).toHaveText(money(before.get(ids[r]!)!.netCost!));

    // A discount over 100 is refused with the spec's message and the cell is cleared.
    await cell(grid, 0, 'discountPercent').dblclick();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('140');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Discount Percentage must be between 0-100')).toBeVisible();

    // Details: the side panel shows the focused row's product, follows the focus, and closes.
    const style = (await cell(grid, 1, 'style').textContent())?.trim() ?? '';
    const color = (await cell(grid, 1, 'color').textContent())?.trim() ?? '';
    await cell(grid, 1, 'name').click();
    await page.getByTestId('details-toggle').click();
    const panel = page.getByTestId('product-panel');
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute('data-product', `${style}_${color}`);
    await expect(page.getByTestId('details-toggle')).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'assortments-detail-panel');
    await cell(grid, 2, 'name').click();
    const next = `${(await cell(grid, 2, 'style').textContent())?.trim()}_${(await cell(grid, 2, 'color').textContent())?.trim()}`;
    await expect(panel).toHaveAttribute('data-product', next);
    // The panel covers the toolbar: it closes from its own button, which ends the following.
    await page.getByTestId('side-panel').getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('details-toggle')).toHaveAttribute('aria-pressed', 'false');
    await api.ctx.dispose();
  });

  test('star, archive, unarchive, duplicate for yourself and copy to another user', async ({ page, browser }) => {
    const api = await apiSession('editor');
    await login(page, 'editor');
    await openAssortment(page, staticId);
    await expect(page.getByTestId('lock-state')).toHaveAttribute('data-status', 'mine');
    await page.getByTestId('header-star').click();
    await expect(page.getByTestId('header-star')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await getAssortment(api, staticId)).starred).toBe(true);

    await page.getByTestId('header-archive').click();
    await expect(toast(page, '1 Assortment Archived')).toBeVisible();
    await expect.poll(async () => (await getAssortment(api, staticId)).state).toBe('archived');
    await expect(page.getByTestId('read-only-banner')).toHaveAttribute('data-reason', 'archived');
    await shot(page, 'assortments-detail-archived');
    await page.goto(`${baseUrl()}/product/assortments/archived`);
    await expect(page.getByTestId('list-title').filter({ hasText: title })).toBeVisible();
    const row = page.getByTestId('assortment-list').locator('.ag-row', { has: page.getByTestId('list-title').filter({ hasText: title }) }).first();
    await row.locator('input[type=checkbox]').first().click();
    await page.getByTestId('list-unarchive').click();
    await expect(toast(page, '1 Assortment Unarchived')).toBeVisible();
    await expect.poll(async () => (await getAssortment(api, staticId)).state).toBe('published');

    await page.getByTestId('view-all').click();
    const mine = page.getByTestId('assortment-list').locator('.ag-row', { has: page.getByTestId('list-title').filter({ hasText: new RegExp(`^${title}$`) }) }).first();
    await mine.locator('input[type=checkbox]').first().click();
    await page.getByTestId('list-copy').click();
    const copy = page.getByTestId('copy-dialog');
    await expect(copy.getByTestId('copy-tab-duplicate')).toHaveText('Duplicate for yourself');
    await expect(copy.getByTestId('copy-tab-user')).toHaveText('Copy for another user');
    await expect(copy.getByTestId('copy-title')).toHaveValue(`${title} (Copy)`);
    await copy.getByTestId('copy-submit').click();
    await expect(toast(page, 'Assortment Duplicated')).toBeVisible();
    await expect.poll(async () => (await listTitles(api, 'all')).includes(`${title} (Copy)`)).toBe(true);
    await expect(page.getByTestId('list-title').filter({ hasText: `${title} (Copy)` })).toBeVisible();

    await mine.locator('input[type=checkbox]').first().check();
    await page.getByTestId('list-copy').click();
    await copy.getByTestId('copy-tab-user').click();
    await copy.getByTestId('copy-user').fill('Mona');
    await copy.getByTestId('copy-user-options').getByText('Mona Manager').click();
    await shot(page, 'assortments-copy-dialog');
    await copy.getByTestId('copy-submit').click();
    await expect(toast(page, /sent to Mona Manager/)).toBeVisible();

    const manager = await loggedIn(browser, 'manager');
    await manager.goto(`${baseUrl()}/product/assortments/all`);
    await expect(manager.getByTestId('list-title').filter({ hasText: new RegExp(`^${title}$`) })).toBeVisible();
    await shot(manager, 'assortments-copied-to-manager');
    await manager.context().close();
    await api.ctx.dispose();
  });

  test('a dynamic assortment follows its filters and saves the sort mapping', async ({ page }) => {
    const api = await apiSession('editor');
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments/quick-access`);
    await page.getByTestId('new-assortment').click();
    const dialog = page.getByTestId('new-assortment-dialog');
    await dialog.getByTestId('new-type-dynamic').click();
    await dialog.getByTestId('new-title').fill('E2E Dynamic Kids');
    await dialog.getByTestId('new-channel').selectOption('All');
    await dialog.getByTestId('new-region').selectOption('All');
    await dialog.getByTestId('new-productType').selectOption('All');
    await dialog.getByTestId('new-create').click();
    await expect(dialog).toContainText('A dynamic assortment follows filters');
    await dialog.getByTestId('new-productType').selectOption('Footwear');
    await dialog.getByTestId('new-create').click();
    await expect(toast(page, 'Assortment Created')).toBeVisible();
    const id = idFromUrl(page);
    await expect(page.getByTestId('assortment-method')).toHaveText('Dynamic');
    const grid = detailGrid(page);
    await gridLoaded(grid);
    await expect(cell(grid, 0, 'style')).not.toHaveText('');

    await page.getByTestId('filter-division').selectOption('Kids');
    await expect(toast(page, '1 Filter added and assortment updated')).toBeVisible();
    await expect.poll(async () => (await getAssortment(api, id)).query?.conditions?.division).toEqual(['Kids']);
    const kids = await rowsOf(api, id);
    expect(kids.length).toBeGreaterThan(0);
    expect(kids.every((r) => r.division === 'Kids')).toBe(true);
    await gridLoaded(grid);
    await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(kids.length));
    await expect(cell(grid, 0, 'style')).toHaveText(kids[0]!.style);
    await expect(cell(grid, 0, 'pillar')).toHaveText('Kids');
    await shot(page, 'assortments-dynamic');

    // Sorting by cost saves the §5.3 mapping: cost → locations.wholesalePrice, descending −1.
    await grid.locator('.ag-header-cell[col-id="cost"] .ag-header-cell-label').click();
    await grid.locator('.ag-header-cell[col-id="cost"] .ag-header-cell-label').click();
    await expect.poll(async () => (await getAssortment(api, id)).query?.sort).toEqual({ 'locations.wholesalePrice': -1 });

    await page.getByTestId('filter-chip').filter({ hasText: 'Kids' }).getByRole('button').click();
    await expect(toast(page, '1 Filter removed and assortment updated')).toBeVisible();
    await expect.poll(async () => (await getAssortment(api, id)).query?.conditions?.division).toBeUndefined();
    await api.ctx.dispose();
  });

  test('a plain user sees a copied assortment read-only; a forged write answers 403', async ({ page }) => {
    const editor = await apiSession('editor');
    const users = (await (await editor.ctx.get('/api/users/autocomplete?text=user@example.com')).json()).data as Array<{ id: string }>;
    const res = await editor.ctx.post('/api/assortments/cloneMany', { data: { ids: [staticId], userId: users[0]!.id }, headers: { 'X-CSRF-Token': editor.csrf } });
    expect(res.ok()).toBeTruthy();
    const copyId = ((await res.json()).data as { ids: string[] }).ids[0]!;

    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/product/assortments/all`);
    await expect(page.getByTestId('list-title').filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId('new-assortment')).toHaveCount(0);
    await openAssortment(page, copyId);
    await expect(page.getByTestId('read-only-banner')).toHaveAttribute('data-reason', 'policy');
    await expect(page.getByTestId('lock-state')).toHaveAttribute('data-status', 'off');
    await expect(page.getByTestId('rows-add')).toHaveCount(0);
    await expect(page.getByTestId('header-archive')).toHaveCount(0);
    const grid = detailGrid(page);
    await gridLoaded(grid);
    const shownBefore = await cell(grid, 0, 'discountPercent').innerText();
    await cell(grid, 0, 'discountPercent').dblclick();
    await expect(grid.locator('.its-grid-editor')).toHaveCount(0);
    await page.keyboard.type('55');
    await expect(cell(grid, 0, 'discountPercent')).toHaveText(shownBefore);
    await shot(page, 'assortments-read-only-user');

    const user = await apiSession('user');
    const forged = await user.ctx.patch(`/api/assortments/${copyId}`, { data: { title: 'Forged' }, headers: { 'X-CSRF-Token': user.csrf } });
    expect(forged.status()).toBe(403);
    const forgedBatch = await user.ctx.patch(`/api/assortments/batch/${copyId}`, { data: { clearAlerts: { all: true } }, headers: { 'X-CSRF-Token': user.csrf } });
    expect(forgedBatch.status()).toBe(403);
    expect((await getAssortment(user, copyId)).title).toBe(title);
    await user.ctx.dispose();
    await editor.ctx.dispose();
  });

  test('two editors: the second gets the lock message; a stale write gets the userLock toast; nothing is lost', async ({ page, browser }) => {
    const api = await apiSession('editor');
    await login(page, 'editor');
    await openAssortment(page, staticId);
    await expect(page.getByTestId('lock-state')).toHaveAttribute('data-status', 'mine');
    const grid = detailGrid(page);
    await gridLoaded(grid);

    // A manager may open anyone's assortment: the lock is the editor's, so it is read-only.
    const manager = await loggedIn(browser, 'manager');
    await openAssortment(manager, staticId);
    await expect(manager.getByTestId('read-only-banner')).toHaveAttribute('data-reason', 'locked');
    await expect(manager.getByTestId('lock-holder')).toHaveText('Eddie Editor');
    await expect(manager.getByTestId('lock-state')).toHaveAttribute('data-status', 'locked');
    await shot(manager, 'assortments-locked-by-editor');

    // The editor pastes while the row changes on the server (the editor's other session) before
    // the save arrives: the save names the version the page had, which is stale by then. (Live
    // rows tell the page of a change made earlier, so the other write lands while the save is
    // held; the live update leaves the row with the unsaved edit alone.)
    const rowId = (await grid.locator('.ag-row[row-index="0"]').getAttribute('row-id')) ?? '';
    const row = (await rowsOf(api, staticId)).find((r) => r.id === rowId)!;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent = () => {};
    const saving = new Promise<void>((resolve) => (sent = resolve));
    const batchUrl = `**/api/assortments/batch/${staticId}`;
    await page.route(batchUrl, async (route) => {
      sent();
      await held;
      await route.continue();
    });
    await cell(grid, 0, 'label').click();
    await pasteText(page, 'Drop');
    await expect(cell(grid, 0, 'label')).toHaveText('Drop');
    await saving;
    const changed = await api.ctx.patch(`/api/assortments/batch/${staticId}`, {
      data: { updateProducts: [{ id: rowId, version: row.version, changes: { label: 'Hero' } }] },
      headers: { 'X-CSRF-Token': api.csrf },
    });
    expect(changed.ok()).toBeTruthy();
    release();
    await expect(toast(page, 'Your changes were not saved. The underlying data might be different than how you see it.')).toBeVisible({ timeout: 15_000 });
    await shot(page, 'assortments-user-lock');
    await page.unroute(batchUrl);
    // The grid reloads: the other session's value is shown and kept on the server.
    await expect(cell(grid, 0, 'label')).toHaveText('Hero');
    expect((await rowsOf(api, staticId)).find((r) => r.id === rowId)?.label).toBe('Hero');

    // The editor leaves (the lock is released); the manager asks again and may edit.
    await page.goto(`${baseUrl()}/product/assortments/quick-access`);
    await expect(page.getByTestId('assortment-list')).toBeVisible();
    await expect.poll(async () => ((await getAssortment(api, staticId)) as unknown as { lock?: unknown }).lock ?? null).toBeNull();
    await manager.getByTestId('lock-retry').click();
    await expect(manager.getByTestId('lock-state')).toHaveAttribute('data-status', 'mine');
    await expect(manager.getByTestId('read-only-banner')).toHaveCount(0);
    await manager.context().close();
    await api.ctx.dispose();
  });
});

test('folders: New Folder from the context menu, archiving a folder takes its content, deleting asks first', async ({ page }) => {
  const api = await apiSession('editor');
  const post = async (data: Record<string, unknown>) => {
    const res = await api.ctx.post('/api/assortments', { data, headers: { 'X-CSRF-Token': api.csrf } });
    expect(res.ok()).toBeTruthy();
    return (await res.json()).data as Assortment;
  };
  const outer = await post({ type: 'folder', title: 'E2E Outer Folder' });
  const inner = await post({ type: 'item', title: 'E2E Inside', parentId: outer._id, channel: 'Wholesale' });

  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/all`);
  const list = page.getByTestId('assortment-list');
  const rowOf = (title: string) => list.locator('.ag-row', { has: page.getByTestId('list-title').filter({ hasText: new RegExp(`^${title}`) }) }).first();
  await expect(rowOf('Gift').or(rowOf('Holiday'))).toBeVisible();
  await rowOf('Holiday').locator('.ag-cell[col-id="channel"]').click({ button: 'right' });
  const menu = page.getByTestId('grid-context-menu');
  await expect(menu.getByRole('menuitem', { name: 'Expand all' })).toBeVisible();
  await shot(page, 'assortments-context-menu');
  await menu.getByRole('menuitem', { name: 'New Folder' }).click();
  await page.getByTestId('folder-title').fill('E2E Empty Folder');
  await page.getByTestId('folder-create').click();
  await expect(toast(page, 'Folder Created')).toBeVisible();
  await expect(rowOf('E2E Empty Folder')).toBeVisible();

  // Archiving a folder archives what it holds.
  await rowOf('E2E Outer Folder').locator('input[type=checkbox]').first().click();
  await page.getByTestId('list-archive').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, '1 Assortment Archived')).toBeVisible();
  await expect.poll(async () => (await getAssortment(api, inner._id)).state).toBe('archived');
  await page.getByTestId('view-archived').click();
  await rowOf('E2E Outer Folder').getByTestId('folder-toggle').click();
  await expect(rowOf('E2E Inside')).toBeVisible();

  await page.getByTestId('view-all').click();
  await rowOf('E2E Empty Folder').locator('.ag-cell[col-id="channel"]').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: 'Delete item' }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('cannot be brought back');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, /1 Item(\(s\))? Deleted/)).toBeVisible();
  await expect(rowOf('E2E Empty Folder')).toHaveCount(0);
  expect(await listTitles(api, 'all')).not.toContain('E2E Empty Folder');
  await api.ctx.dispose();
});

test('the product library: filters, the empty message and the product detail', async ({ page }) => {
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/products`);
  const grid = page.getByTestId('product-grid');
  await gridLoaded(grid);
  await expect(cell(grid, 0, 'thumbnail').locator('img')).toBeVisible();
  await expect(page.getByTestId('catalog-count')).toHaveAttribute('data-total', /^[1-9]\d{4,}$/);
  await page.getByTestId('filter-search').fill('1005');
  await expect(page.getByTestId('ac-style').first()).toBeVisible();
  expect(await page.getByTestId('ac-style').count()).toBeLessThanOrEqual(10);
  await page.getByTestId('ac-style').first().click();
  // The pick is a condition of the grid's one filter tree, shown as the grid's chip.
  const chips = page.getByTestId('grid-filter-chip');
  await expect(chips).toHaveCount(1);
  await gridLoaded(grid);
  const style = (await cell(grid, 0, 'style').textContent())?.trim() ?? '';
  expect(style).toMatch(/^1005/);
  await expect(chips.first()).toContainText(style);
  await cell(grid, 0, 'name').click();
  await page.getByTestId('product-details').click();
  const panel = page.getByTestId('product-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('product-info')).toBeVisible();
  await panel.getByTestId('panel-tab-prices').click();
  await expect(panel.getByTestId('product-price-row').first()).toContainText('$');
  await shot(page, 'products-detail-panel');
  await panel.getByTestId('panel-tab-availability').click();
  await expect(panel.getByTestId('product-availability')).toBeVisible();
  // A style of footwear in the POP division: nothing.
  await page.getByTestId('filter-division').selectOption('Marketing');
  await expect(chips).toHaveCount(2);
  await expect(grid.getByTestId('grid-empty')).toContainText('No results found for the filters applied in your location.');
  await shot(page, 'products-empty');
  // Back in the browser brings the previous filters back.
  await page.goBack();
  await expect(chips).toHaveCount(1);
  await gridLoaded(grid);
  await expect(cell(grid, 0, 'style')).toHaveText(style);
});

test('every entry by scrolling: the all view reads blocks of 100 and its last entry shows', async ({ page }) => {
  const api = await apiSession('editor');
  const headers = { 'X-CSRF-Token': api.csrf };
  const query = async (data: Record<string, unknown>) => {
    const res = await api.ctx.post('/api/assortments/query/all', { data, headers });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).data as { rows: Array<{ id: string; title: string }>; totalCount: number };
  };
  // More entries at the top level than two blocks: made through the API (titled to sort last,
  // so the other tests' rows stay in view) and deleted at the end.
  const have = (await query({ limit: 1 })).totalCount;
  const made: string[] = [];
  try {
    for (let i = 0; have + made.length < 250; i++) {
      const res = await api.ctx.post('/api/assortments', { data: { title: `Zz Scroll ${String(i).padStart(3, '0')}`, channel: 'Wholesale' }, headers });
      expect(res.ok()).toBeTruthy();
      made.push(((await res.json()).data as Assortment)._id);
    }
    const whole = await query({ limit: 500 });
    const total = whole.totalCount;
    expect(total).toBeGreaterThanOrEqual(250);
    expect(whole.rows).toHaveLength(total);
    const queries: Array<{ limit?: number; skip?: number; cursor?: string }> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/assortments/query/all')) queries.push(r.postDataJSON() as (typeof queries)[number]);
    });
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments/all`);
    const list = page.getByTestId('assortment-list');
    // The first block only, with the exact total.
    await expect(list.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(total));
    expect(queries[0]).toMatchObject({ limit: 100 });
    // Scrolled to the end: the last block is read and the view's last entry shows.
    await list
      .locator('.ag-grid-viewport')
      .first()
      .evaluate((el) => (el.scrollTop = el.scrollHeight));
    const last = list.locator(`.ag-row[row-index="${total - 1}"]`).first();
    await expect(last).not.toHaveClass(/its-grid-row--placeholder/, { timeout: 15_000 });
    expect(queries.some((q) => (q.skip ?? 0) >= 100 || !!q.cursor)).toBe(true);
    const lastEntry = whole.rows[total - 1]!;
    await expect(last).toHaveAttribute('row-id', lastEntry.id);
    await expect(last.getByTestId('list-title')).toHaveText(lastEntry.title);
  } finally {
    for (const id of made) await api.ctx.delete(`/api/assortments/${id}`, { headers });
    await api.ctx.dispose();
  }
});
