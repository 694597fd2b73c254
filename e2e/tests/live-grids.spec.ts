/**
 * Live rows beyond the assortment (issue 32), on two ITS servers sharing one database: an edit
 * saved in a library's manage grid and in a sample library in a browser on one server shows in
 * a browser on the other within a second, without a reload; so does an order's header (its
 * status) in the order lists, which name to each user only the orders they may read, and an
 * assortment created, renamed and deleted in the assortment lists. The same
 * user's change made in one tab is another tab's news like anyone's: a row it takes out of that
 * tab's filter leaves it. A dynamic assortment's filters changed in one browser make its page on
 * the other server read its rows and its filters again (a reload event); an order submitted on one
 * server brings its lines into the coordinator's sample styles view on the other, and so does a
 * change of a line alone (its tracking number); a coordinator
 * assignment added, changed and deleted on one server shows in the assignments grid on the other.
 * A sample added on one server lands in the sample library read by scrolling on the other where
 * the server's sort puts it, not at the top; one deleted from a group of the grouped library whose
 * rows the other has not read shortens that group's count there.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Locator, Page, Request, Response } from '@playwright/test';
import { databaseUrl, itsBin, repoRoot, serverEnv } from '../server.mjs';
import { cell, gridLoaded, summary } from './grid-kit';
import { apiSession, assortmentRows, draftSampleOrder, expect, shot, test, twoServers, type Api, signIn } from './helpers';

const servers = twoServers();

/** A role's page at path on the server at url, its grid loaded and its stream live. */
async function open(browser: Browser, role: string, url: string, path: string, gridId: string): Promise<{ page: Page; grid: Locator }> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, role, url);
  await page.goto(`${url}${path}`);
  const grid = page.getByTestId(gridId);
  await gridLoaded(grid);
  await expect(page.getByTestId('rows-live')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  return { page, grid };
}

/** Types text into a cell of page's grid and waits for its save (to batch) to answer 200. */
async function typeSaved(page: Page, target: Locator, batch: string, text: string) {
  const saved = page.waitForResponse((r) => r.url().includes(batch) && r.request().method() === 'PATCH');
  await target.dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  const res = await saved;
  expect(res.status(), await res.text()).toBe(200);
}

/** The cell of the row with id in a grid. */
const cellOf = (grid: Locator, id: string, field: string) => grid.locator(`.ag-row[row-id="${id}"] .ag-cell[col-id="${field}"]`).first();

/**
 * Types text into the first row's field in the grid of a (a save follows: waited for) and checks
 * the same row of b's grid shows it within a second.
 */
async function editShowsOnOther(a: { page: Page; grid: Locator }, b: { page: Page; grid: Locator }, batch: string, field: string, text: string) {
  const first = cell(a.grid, 0, field);
  const id = await first.locator('xpath=ancestor::div[contains(@class, "ag-row")][1]').getAttribute('row-id');
  expect(id).toBeTruthy();
  await expect(cellOf(b.grid, id!, field)).not.toHaveText(text);
  await typeSaved(a.page, first, batch, text);
  const t0 = Date.now();
  await expect(cellOf(b.grid, id!, field)).toHaveText(text, { timeout: 1000 });
  test.info().annotations.push({ type: `live ${batch}`, description: `${Date.now() - t0} ms` });
}

test('an edit in a library manage grid shows in a browser on the other server', async ({ browser }) => {
  test.setTimeout(120_000);
  const path = '/advertising/libraries/manage/assets/pending';
  const a = await open(browser, 'editor', servers.a.url, path, 'manage-grid');
  const b = await open(browser, 'seniorEditor', servers.b.url, path, 'manage-grid');
  await editShowsOnOther(a, b, '/api/assets/AdvertisingAsset/batch/many', 'name', `Live asset ${Date.now() % 100_000}`);
  await a.page.context().close();
  await b.page.context().close();
});

test('a sample deleted on one server from a group of the sample library not read yet shortens that group on the other', async ({ browser }) => {
  test.setTimeout(120_000);
  const api = await apiSession('editor', servers.a.url);
  const headers = { 'X-CSRF-Token': api.csrf };
  type Sample = { id: string; version: number } & Record<string, unknown>;
  type Group = { value: string | null; count: number };
  const groupsNow = async () =>
    ((await (await api.ctx.post('/api/sampleInventory/Production/groups', { data: { field: 'division' }, headers })).json()).data as { groups: Group[] }).groups;
  // A division whose rows start past the first block the grid reads (100 rows): none of them is read.
  const groups = await groupsNow();
  let start = 0;
  let far: { group: Group; start: number } | null = null;
  for (const g of groups) {
    if (start > 100 && g.value !== null && g.count > 0) far = { group: g, start };
    start += g.count;
  }
  expect(far, JSON.stringify(groups)).not.toBeNull();
  const division = far!.group.value!;
  const query = await api.ctx.post('/api/sampleInventory/Production/query', { data: { sort: [{ field: 'division', dir: 'asc' }], skip: far!.start, limit: 1 }, headers });
  const like = ((await query.json()).data as { rows: Sample[] }).rows[0]!;
  expect(like.division).toBe(division);
  // A sample like its first one, another size: one row more in the division.
  const size = `${typeof like.size === 'string' ? like.size : ''}D${Date.now() % 10_000}`;
  const created = await api.ctx.post('/api/sampleInventory', {
    data: { library: 'Production', division, style: like.style, color: like.color, size, side: like.side, status: like.status, totalQty: 1, bin: like.bin },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const sample = (await created.json()).data as Sample;
  const count = (await groupsNow()).find((g) => g.value === division)!.count;
  const b = await open(browser, 'coordinator', servers.b.url, '/product/libraries/samples/production', 'sample-grid');
  await b.grid.getByTestId('grid-group-by').selectOption('division');
  await expect(b.grid.getByTestId('grid-group-row').first()).toBeVisible();
  // Every group folded: their headers in view, the division's rows not read.
  await b.grid.getByTestId('grid-contract-all').click();
  const header = b.grid.locator(`[data-testid="grid-group-row"][data-group-key="${division}"]`);
  // The count the header shows, in the user's number format.
  const shown = async () => Number(((await header.textContent()) ?? '').match(/\(([^()]*)\)\s*$/)?.[1]?.replace(/\D/g, '') ?? NaN);
  await expect.poll(shown).toBe(count);
  await expect(b.grid.locator(`.ag-row[row-id="${sample.id}"]`)).toHaveCount(0);
  const deleted = await api.ctx.delete(`/api/sampleInventory/${sample.id}?version=${sample.version}`, { headers });
  expect(deleted.status(), await deleted.text()).toBeLessThan(300);
  const t0 = Date.now();
  await expect.poll(shown, { timeout: 3000 }).toBe(count - 1);
  test.info().annotations.push({ type: 'live grouped delete unseen', description: `${Date.now() - t0} ms` });
  // Unfolded, the division's rows are read where the server has them: the deleted one is not among them.
  await header.click();
  await expect(b.grid.locator(`.ag-row[row-id="${like.id}"]`).first()).toBeVisible();
  await expect(b.grid.locator(`.ag-row[row-id="${sample.id}"]`)).toHaveCount(0);
  await b.page.context().close();
});

test('an edit in a sample library shows in a browser on the other server', async ({ browser }) => {
  test.setTimeout(120_000);
  const path = '/product/libraries/samples/production';
  const a = await open(browser, 'editor', servers.a.url, path, 'sample-grid');
  const b = await open(browser, 'coordinator', servers.b.url, path, 'sample-grid');
  await editShowsOnOther(a, b, '/api/sampleInventory/Production/batch/many', 'moldNum', `L${Date.now() % 100_000}`);
  await a.page.context().close();
  await b.page.context().close();
});

test('a sample added on one server lands where the sort puts it in the sample library read by scrolling on the other, not at the top', async ({ browser }) => {
  test.setTimeout(120_000);
  const b = await open(browser, 'coordinator', servers.b.url, '/product/libraries/samples/production', 'sample-grid');
  const api = await apiSession('editor', servers.a.url);
  const headers = { 'X-CSRF-Token': api.csrf };
  type Sample = { id: string } & Record<string, unknown>;
  const firstRows = async () =>
    ((await (await api.ctx.post('/api/sampleInventory/Production/query', { data: { limit: 40 }, headers })).json()).data as { rows: Sample[] }).rows;
  // The grid shows the library in the server's order (style, colour, size, side, then the id).
  const before = await firstRows();
  await expect(b.grid.locator('.ag-row[row-index="0"]').first()).toHaveAttribute('row-id', before[0]!.id);
  // A sample like the sixth one, another size: it sorts among the first rows, which b has read.
  const like = before[5]!;
  const size = `${typeof like.size === 'string' ? like.size : ''}Z${Date.now() % 10_000}`;
  const created = await api.ctx.post('/api/sampleInventory', {
    data: { library: 'Production', division: like.division, style: like.style, color: like.color, size, side: like.side, status: like.status, totalQty: 1, bin: like.bin },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()).data as Sample).id;
  const at = (await firstRows()).findIndex((r) => r.id === id);
  expect(at).toBeGreaterThan(0);
  await expect(b.grid.locator(`.ag-row[row-id="${id}"]`).first()).toHaveAttribute('row-index', String(at), { timeout: 2000 });
  await expect(b.grid.locator('.ag-row[row-index="0"]').first()).toHaveAttribute('row-id', before[0]!.id);
  await api.ctx.delete(`/api/sampleInventory/${id}?version=1`, { headers });
  await b.page.context().close();
});

test('a change made in one tab takes a row out of the same user\'s other tab whose filter it no longer meets', async ({ browser }) => {
  test.setTimeout(120_000);
  const path = '/advertising/libraries/manage/assets/pending';
  const batch = '/api/assets/AdvertisingAsset/batch/many';
  const a = await open(browser, 'editor', servers.a.url, path, 'manage-grid');
  const first = cell(a.grid, 0, 'name');
  const id = await first.locator('xpath=ancestor::div[contains(@class, "ag-row")][1]').getAttribute('row-id');
  expect(id).toBeTruthy();
  const stamp = `Twin ${Date.now() % 100_000}`;
  await typeSaved(a.page, first, batch, stamp);

  // A second tab of the same browser, searching for the name just given.
  const page = await a.page.context().newPage();
  await page.goto(`${servers.a.url}${path}?q=${encodeURIComponent(stamp)}`);
  const grid = page.getByTestId('manage-grid');
  await gridLoaded(grid);
  await expect(page.getByTestId('rows-live')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  await expect(cellOf(grid, id!, 'name')).toHaveText(stamp);

  // Renamed in the first tab, the row no longer meets the second tab's search: it leaves there,
  // and stays in the first, which made the change.
  await typeSaved(a.page, cellOf(a.grid, id!, 'name'), batch, `Moved ${stamp.slice(5)}`);
  await expect(grid.locator(`.ag-row[row-id="${id}"]`)).toHaveCount(0, { timeout: 2000 });
  await expect(cellOf(a.grid, id!, 'name')).toHaveText(`Moved ${stamp.slice(5)}`);
  await a.page.context().close();
});

test("an order submitted in a browser on one server shows in the coordinator's order list on the other", async ({ browser }) => {
  test.setTimeout(120_000);
  // The requester's draft for the coordinator, made on server A.
  const api = await apiSession('user', servers.a.url);
  const o = await draftSampleOrder(api, 'E2E live list');

  // The coordinator's active orders on server B: a draft is not theirs to see.
  const list = await open(browser, 'coordinator', servers.b.url, '/orders/samples/active-orders', 'order-list');
  const row = list.grid.locator(`.ag-row[row-id="${o._id}"]`);
  await expect(row).toHaveCount(0);
  // The demo coordinator has active orders: the label counts them once the first block is read
  // (the grid may be shown before its first read starts, with a count of 0).
  const rowCount = list.page.getByTestId('grid-row-count');
  await expect(list.grid.locator('.ag-row[row-id]').first()).toBeVisible();
  await expect.poll(async () => Number(await rowCount.getAttribute('data-count'))).toBeGreaterThan(0);
  const before = Number(await rowCount.getAttribute('data-count'));

  // The requester submits it from its page on server A.
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'user', servers.a.url);
  await page.goto(`${servers.a.url}/orders/samples/order/${o.orderNumber}`);
  await expect(page.getByTestId('order-status')).toHaveText('DRAFT');
  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('order-status')).toHaveText('SUBMITTED');
  const t0 = Date.now();
  await expect(cellOf(list.grid, o._id, 'status')).toHaveText('SUBMITTED', { timeout: 2000 });
  await expect(cellOf(list.grid, o._id, 'purpose')).toHaveText('E2E live list');
  // The rows label under the grid counts it too (the footer's COUNT is the server's).
  await expect(rowCount).toHaveAttribute('data-count', String(before + 1));
  await shot(list.page, 'live-order-list');
  test.info().annotations.push({ type: 'live order list', description: `${Date.now() - t0} ms` });
  await page.context().close();
  await list.page.context().close();
  await api.ctx.dispose();
});

test('an assortment created, renamed and deleted on one server shows in the list on the other', async ({ browser }) => {
  test.setTimeout(120_000);
  // The editor's recent assortments on both servers: the newest change comes first.
  const path = '/product/assortments/recent';
  const a = await open(browser, 'editor', servers.a.url, path, 'assortment-list');
  const b = await open(browser, 'editor', servers.b.url, path, 'assortment-list');
  const api = await apiSession('editor', servers.a.url);
  const headers = { 'X-CSRF-Token': api.csrf };
  const title = `E2E live list ${Date.now() % 100_000}`;
  const created = await api.ctx.post('/api/assortments', { data: { title, channel: 'Retail' }, headers });
  expect(created.status(), await created.text()).toBe(200);
  const id = ((await created.json()).data as { _id: string })._id;
  let t0 = Date.now();
  await expect(cellOf(b.grid, id, 'title')).toContainText(title, { timeout: 2000 });
  test.info().annotations.push({ type: 'live assortment list: create', description: `${Date.now() - t0} ms` });

  const renamed = await api.ctx.patch(`/api/assortments/${id}`, { data: { title: `${title} renamed` }, headers });
  expect(renamed.status(), await renamed.text()).toBe(200);
  t0 = Date.now();
  await expect(cellOf(b.grid, id, 'title')).toContainText(`${title} renamed`, { timeout: 1000 });
  test.info().annotations.push({ type: 'live assortment list: rename', description: `${Date.now() - t0} ms` });
  await expect(cellOf(a.grid, id, 'title')).toContainText(`${title} renamed`);
  await shot(b.page, 'live-assortment-list');

  // Deleted in the browser on server A: it leaves the list on server B.
  await a.grid.locator(`.ag-row[row-id="${id}"] input[type=checkbox]`).first().click();
  await a.page.getByTestId('list-delete').click();
  await a.page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(a.grid.locator(`.ag-row[row-id="${id}"]`)).toHaveCount(0);
  await expect(b.grid.locator(`.ag-row[row-id="${id}"]`)).toHaveCount(0, { timeout: 2000 });
  await a.page.context().close();
  await b.page.context().close();
  await api.ctx.dispose();
});

test("a dynamic assortment's filters changed in a browser on one server reload its page on the other", async ({ browser }) => {
  test.setTimeout(120_000);
  const api = await apiSession('editor', servers.a.url);
  const { id, a, b } = await openDynamic(browser, api, 'E2E live dynamic');
  await expect(cell(b.grid, 0, 'style')).not.toHaveText('');
  const kidsChip = (p: Page) => p.getByTestId('filter-chip').and(p.locator('[data-key="division"][data-value="Kids"]'));
  await expect(kidsChip(b.page)).toHaveCount(0);

  // The editor narrows the filters on server A; B's grid holds Kids' products alone, and its
  // filter bar says so, without a reload.
  const saved = a.page.waitForResponse((r) => r.url().endsWith(`/api/assortments/${id}`) && r.request().method() === 'PATCH');
  await a.page.getByTestId('filter-division').selectOption('Kids');
  expect((await saved).status()).toBe(200);
  const t0 = Date.now();
  await expect(kidsChip(b.page)).toHaveCount(1, { timeout: 3000 });
  const kids = await assortmentRows<{ style: string; division: string }>(api, id);
  expect(kids.length).toBeGreaterThan(0);
  expect(kids.every((r) => r.division === 'Kids')).toBe(true);
  await expect(b.grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(kids.length), { timeout: 10_000 });
  await expect(cell(b.grid, 0, 'style')).toHaveText(kids[0]!.style);
  test.info().annotations.push({ type: 'live dynamic assortment', description: `${Date.now() - t0} ms` });
  await shot(b.page, 'live-dynamic-assortment');
  await a.page.context().close();
  await b.page.context().close();
  await api.ctx.dispose();
});

test("an order submitted on one server brings its lines into the coordinator's sample styles view on the other", async ({ browser }) => {
  test.setTimeout(120_000);
  const api = await apiSession('user', servers.a.url);
  const o = await draftSampleOrder(api, 'E2E live styles');
  const list = await open(browser, 'coordinator', servers.b.url, '/orders/samples/sample-styles', 'order-list');
  // The order number as the grid shows it (with or without a thousands separator).
  const number = new RegExp(`^(${o.orderNumber}|${o.orderNumber.toLocaleString('en-US')})$`);
  await expect(cell(list.grid, 0, 'orderNumber')).not.toHaveText(number);

  const submitted = await api.ctx.patch(`/api/orders/samples/active-orders/batch/${o._id}`, { data: { version: o.version, submit: true }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  const t0 = Date.now();
  // The newest order's lines come first.
  await expect(cell(list.grid, 0, 'orderNumber')).toHaveText(number, { timeout: 3000 });
  test.info().annotations.push({ type: 'live sample styles', description: `${Date.now() - t0} ms` });

  // The coordinator ships the line on server A: its first edit moves the order on (a list
  // field), the second changes the line's tracking number alone; the view on B shows both.
  const coord = await apiSession('coordinator', servers.a.url);
  const headers = { 'X-CSRF-Token': coord.csrf };
  for (const tracking of ['1Z999AA10123456784', '1Z999AA10123456785']) {
    const read = await coord.ctx.post('/api/orders/samples/order/query', { data: { orderId: o._id }, headers });
    const line = ((await read.json()).data as { products: Array<{ id: string; version: number }> }).products[0]!;
    const res = await coord.ctx.patch(`/api/orders/samples/active-orders/batch/${o._id}`, { data: { updateProducts: [{ id: line.id, version: line.version, changes: { tracking } }] }, headers });
    expect(res.status(), await res.text()).toBe(200);
    const t1 = Date.now();
    await expect(cell(list.grid, 0, 'tracking')).toHaveText(tracking, { timeout: 2000 });
    test.info().annotations.push({ type: 'live sample styles: tracking', description: `${Date.now() - t1} ms` });
  }
  await list.page.context().close();
  await api.ctx.dispose();
  await coord.ctx.dispose();
});

test('a coordinator assignment added, changed and deleted on one server shows in the assignments grid on the other', async ({ browser }) => {
  test.setTimeout(120_000);
  const b = await open(browser, 'seniorCoordinator', servers.b.url, '/orders/coordinator-assignments', 'assignments-grid');
  const api = await apiSession('seniorCoordinator', servers.a.url);
  const headers = { 'X-CSRF-Token': api.csrf };
  const code = `LV${Date.now() % 100_000}`;
  const created = await api.ctx.post('/api/coordinatorAssignments', { data: { coordinatorCode: code, name: 'Lena', lastName: 'Live', email: 'lena.live@example.com' }, headers });
  expect(created.status(), await created.text()).toBe(200);
  const a = (await created.json()).data as { _id: string; version: number };
  let t0 = Date.now();
  await expect(cellOf(b.grid, a._id, 'coordinatorCode')).toHaveText(code, { timeout: 2000 });
  test.info().annotations.push({ type: 'live assignments: add', description: `${Date.now() - t0} ms` });

  const patched = await api.ctx.patch(`/api/coordinatorAssignments/${a._id}`, { data: { version: a.version, name: 'Leni' }, headers });
  expect(patched.status(), await patched.text()).toBe(200);
  t0 = Date.now();
  await expect(cellOf(b.grid, a._id, 'name')).toHaveText('Leni', { timeout: 1000 });
  test.info().annotations.push({ type: 'live assignments: change', description: `${Date.now() - t0} ms` });
  await shot(b.page, 'live-assignments');

  const deleted = await api.ctx.delete(`/api/coordinatorAssignments/${a._id}`, { headers });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await expect(b.grid.locator(`.ag-row[row-id="${a._id}"]`)).toHaveCount(0, { timeout: 2000 });
  await b.page.context().close();
  await api.ctx.dispose();
});

// A catalog load by another process on the same database makes the open product library and an
// assortment's product search read their rows again; an internal assortment created, renamed and
// deleted on one server shows in its channel's list on the other; a dynamic assortment's page
// reads its rows once for another browser's change of its filters.

/**
 * Grows the catalog of the servers' database by n products in a process of its own (`its seed
 * --products`, which loads no demo data into a database that has accounts): a catalog load made
 * on neither server, told to both by a reload event at its commit. Answers when the process ended
 * (after its commit).
 */
async function catalogLoad(api: Api, n: number): Promise<number> {
  const { totalCount } = await summary(api, '/api/products/summary', { query: {}, fields: ['style'], aggregates: { style: ['filled'] } });
  const dataDir = mkdtempSync(join(tmpdir(), 'its-e2e-catalog-load-'));
  let ended = 0;
  try {
    await promisify(execFile)(itsBin(), ['seed', '--products', String(totalCount + n)], {
      cwd: repoRoot,
      env: { ...serverEnv(), ITS_DATABASE_URL: databaseUrl(servers.a.dataDir), ITS_DATA_DIR: dataDir, ITS_LOG_LEVEL: 'warn' },
    });
    ended = Date.now();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const after = await summary(api, '/api/products/summary', { query: {}, fields: ['style'], aggregates: { style: ['filled'] } });
  expect(after.totalCount).toBe(totalCount + n);
  return ended;
}

/** The POSTs page sends to path (a grid's reads) from now on, counted as they go. */
function readsOf(page: Page, path: string): { n: number } {
  const reads = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) reads.n++;
  });
  return reads;
}

/**
 * A new dynamic assortment of the footwear, titled title, made by api's editor: its page open as
 * the editor's on server A and as a manager's on server B.
 */
async function openDynamic(browser: Browser, api: Api, title: string) {
  const created = await api.ctx.post('/api/assortments', {
    data: { title: `${title} ${Date.now() % 100_000}`, method: 'dynamic', query: { conditions: { productType: ['Footwear'] } } },
    headers: { 'X-CSRF-Token': api.csrf },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()).data as { _id: string })._id;
  const path = `/product/assortments/assortment/${id}/manage`;
  const a = await open(browser, 'editor', servers.a.url, path, 'detail-grid');
  const b = await open(browser, 'manager', servers.b.url, path, 'detail-grid');
  return { id, a, b };
}

/** Page's next read of the product catalog (the grid's query): when it was sent, and its answer. */
function catalogRead(page: Page): Promise<{ sent: number; res: Response }> {
  const isRead = (r: Request) => new URL(r.url()).pathname === '/api/products/query' && r.method() === 'POST';
  const sent = page.waitForRequest(isRead, { timeout: 30_000 }).then(() => Date.now());
  return Promise.all([sent, page.waitForResponse((r) => isRead(r.request()), { timeout: 30_000 })]).then(([at, res]) => ({ sent: at, res }));
}

test('a catalog load on another server makes the open product library read its rows again', async ({ browser }) => {
  test.setTimeout(180_000);
  const api = await apiSession('editor', servers.a.url);
  const b = await open(browser, 'editor', servers.b.url, '/product/libraries/products', 'product-grid');
  await expect(cell(b.grid, 0, 'style')).not.toHaveText('');
  // Nothing reads the catalog again until it is loaded.
  const reads = readsOf(b.page, '/api/products/query');
  const reread = catalogRead(b.page);
  await b.page.waitForTimeout(1000);
  expect(reads.n).toBe(0);

  const t0 = await catalogLoad(api, 3);
  const { sent, res } = await reread;
  expect(res.status()).toBe(200);
  expect(reads.n).toBeGreaterThan(0);
  await gridLoaded(b.grid);
  await expect(cell(b.grid, 0, 'style')).not.toHaveText('');
  await expect(b.page.getByTestId('rows-live')).toHaveAttribute('data-state', 'live');
  test.info().annotations.push({ type: 'live product library: catalog load', description: `read again ${sent - t0} ms after the load process ended` });
  await b.page.context().close();
  await api.ctx.dispose();
});

test("a catalog load on another server makes an assortment's open product search read its rows again", async ({ browser }) => {
  test.setTimeout(180_000);
  const api = await apiSession('editor', servers.a.url);
  const created = await api.ctx.post('/api/assortments', { data: { title: `E2E live search ${Date.now() % 100_000}` }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()).data as { _id: string })._id;
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'editor', servers.b.url);
  await page.goto(`${servers.b.url}/product/assortments/assortment/${id}/manage?tab=search`);
  const tab = page.getByTestId('search-tab');
  await page.getByTestId('filter-productType').selectOption('Footwear');
  await page.getByTestId('filter-division').selectOption("Men's Sport");
  const search = page.getByTestId('search-grid');
  await gridLoaded(search);
  await expect(cell(search, 0, 'style')).not.toHaveText('');
  // The search follows the catalog's topic, as the product library does.
  await expect(tab.getByTestId('rows-live')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  const reads = readsOf(page, '/api/products/query');
  const reread = catalogRead(page);
  await page.waitForTimeout(1000);
  expect(reads.n).toBe(0);

  const t0 = await catalogLoad(api, 3);
  const { sent, res } = await reread;
  expect(res.status()).toBe(200);
  // The same search, read again: the filters the user chose, in the assortment's location.
  expect(res.request().postDataJSON()).toMatchObject({ conditions: { productType: ['Footwear'], division: ["Men's Sport"] } });
  await gridLoaded(search);
  await expect(cell(search, 0, 'style')).not.toHaveText('');
  test.info().annotations.push({ type: 'live assortment search: catalog load', description: `read again ${sent - t0} ms after the load process ended` });
  await page.context().close();
  await api.ctx.dispose();
});

test('an internal assortment created, renamed and deleted on one server shows in its channel list on the other', async ({ browser }) => {
  test.setTimeout(120_000);
  const api = await apiSession('adminEditor', servers.a.url);
  const headers = { 'X-CSRF-Token': api.csrf };
  // A season the channel holds, the list on server B filtered to it (as its seasons screen opens it).
  const toc = await api.ctx.post('/api/internalAssortments/discover', { data: { channel: 'Wholesale', seasonsOnly: true }, headers });
  expect(toc.ok(), await toc.text()).toBeTruthy();
  const season = ((await toc.json()).data as { seasons: Array<{ season: string; year: number }> }).seasons.find((s) => ['SP', 'SU', 'FA', 'HO'].includes(s.season))!;
  expect(season).toBeTruthy();
  const b = await open(browser, 'adminEditor', servers.b.url, `/product/assortments/internal/wholesale?season=${season.season}&year=${season.year}`, 'internal-list');

  const title = `E2E live internal ${Date.now() % 100_000}`;
  const created = await api.ctx.post('/api/internalAssortments', {
    data: { title, channel: 'Wholesale', region: 'Domestic', season: season.season, year: season.year, gender: 'Mens', productType: 'Footwear', locationId: 'US' },
    headers,
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()).data as { _id: string })._id;
  let t0 = Date.now();
  await expect(cellOf(b.grid, id, 'title')).toContainText(title, { timeout: 2000 });
  test.info().annotations.push({ type: 'live internal list: create', description: `${Date.now() - t0} ms` });

  const renamed = await api.ctx.patch(`/api/internalAssortments/${id}`, { data: { title: `${title} renamed` }, headers });
  expect(renamed.ok(), await renamed.text()).toBeTruthy();
  t0 = Date.now();
  await expect(cellOf(b.grid, id, 'title')).toContainText(`${title} renamed`, { timeout: 1000 });
  test.info().annotations.push({ type: 'live internal list: rename', description: `${Date.now() - t0} ms` });
  await shot(b.page, 'live-internal-list');

  const deleted = await api.ctx.delete(`/api/internalAssortments/${id}`, { headers });
  expect(deleted.ok(), await deleted.text()).toBeTruthy();
  await expect(b.grid.locator(`.ag-row[row-id="${id}"]`)).toHaveCount(0, { timeout: 2000 });
  await b.page.context().close();
  await api.ctx.dispose();
});

test("a dynamic assortment's filters changed on one server make its page on the other read its rows once", async ({ browser }) => {
  test.setTimeout(120_000);
  const api = await apiSession('editor', servers.a.url);
  const { id, a, b } = await openDynamic(browser, api, 'E2E live dynamic once');
  await expect(cell(b.grid, 0, 'style')).not.toHaveText('');
  const reads = readsOf(b.page, '/api/assortments/products/query');

  // The editor narrows the filters on server A: B's page reads the assortment and, once, its rows.
  const saved = a.page.waitForResponse((r) => r.url().endsWith(`/api/assortments/${id}`) && r.request().method() === 'PATCH');
  await a.page.getByTestId('filter-division').selectOption('Kids');
  expect((await saved).status()).toBe(200);
  await expect(b.page.getByTestId('filter-chip').and(b.page.locator('[data-key="division"][data-value="Kids"]'))).toHaveCount(1, { timeout: 3000 });
  const kids = await assortmentRows<{ style: string }>(api, id);
  await expect(b.grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(kids.length), { timeout: 10_000 });
  await expect(cell(b.grid, 0, 'style')).toHaveText(kids[0]!.style);
  // A second read would have followed the first at once: give it time to show, then count.
  await b.page.waitForTimeout(2000);
  expect(reads.n).toBe(1);

  // A change of its settings that leaves its filters as they were (its location) reads the rows once too.
  const located = await api.ctx.patch(`/api/assortments/${id}`, { data: { locationId: 'CA' }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(located.ok(), await located.text()).toBeTruthy();
  await expect.poll(() => reads.n, { timeout: 3000 }).toBe(2);
  await b.page.waitForTimeout(2000);
  expect(reads.n).toBe(2);
  await a.page.context().close();
  await b.page.context().close();
  await api.ctx.dispose();
});
