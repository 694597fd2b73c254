import { type Page } from '@playwright/test';
import { apiSession, assortmentRows, baseUrl, expect, login, shot, test, type Api, signIn } from './helpers';
import { apiLayout, drag, groupSort as readGroupSort, pageLayout, saved } from './sort';

const groupSort = (api: Api, id: string) => readGroupSort(api, id, 'internalAssortments');

/**
 * Internal assortments against the real server: an admin editor with internal wholesale rights
 * creates a domestic wholesale internal assortment from a product query in 'Select Assortment
 * Attributes', lands on its sort page grouped by pillar (the internal default), drags a style
 * into another group, reloads and finds the same order, and is refused a second assortment of
 * the same name, season, year, region and gender with the spec's message.
 */

/** The division of men's FA footwear with the fewest products, a dozen at least (a query takes them whole). */
async function pickDivision(api: Api, divisions: string[]): Promise<string> {
  const totals: Array<[string, number]> = [];
  for (const division of divisions) {
    const res = await api.ctx.post('/api/products/query', {
      data: { conditions: { gender: ['Mens'], productType: ['Footwear'], season: ['FA'], division: [division] }, limit: 1 },
      headers: { 'X-CSRF-Token': api.csrf },
    });
    const head = (await res.text()).split('\n')[0] ?? '{}';
    totals.push([division, Number((JSON.parse(head) as { totalCount?: number }).totalCount ?? 0)]);
  }
  const fit = totals.filter(([, n]) => n >= 12 && n <= 1500).sort((a, b) => a[1] - b[1]);
  if (!fit.length) throw new Error(`no division of a workable size: ${JSON.stringify(totals)}`);
  return fit[0]![0];
}

async function fillAttributes(page: Page, title: string, division: string) {
  const dialog = page.getByTestId('new-internal-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('internal-title').fill(title);
  await dialog.getByTestId('internal-region').selectOption('Domestic');
  await dialog.getByTestId('internal-season').selectOption('FA');
  await dialog.getByTestId('internal-gender').selectOption('Mens');
  await dialog.getByTestId('internal-productType').selectOption('Footwear');
  await dialog.getByTestId('internal-location').selectOption('US');
  await dialog.getByTestId('internal-source-query').check();
  await expect(dialog.getByTestId('internal-division').locator('option', { hasText: division })).toHaveCount(1);
  await dialog.getByTestId('internal-division').selectOption(division);
  await dialog.getByTestId('internal-productSeason').selectOption('FA');
  return dialog;
}

test('an internal editor creates a domestic wholesale assortment from a query, sorts it by pillar and is refused a duplicate name', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await apiSession('adminEditor');
  const options = (await (await api.ctx.post('/api/internalAssortments/products/options', { data: { productType: 'Footwear' }, headers: { 'X-CSRF-Token': api.csrf } })).json()).data as {
    divisions: string[];
  };
  const division = await pickDivision(api, options.divisions);
  const title = `Key initiatives ${Date.now()}`;

  await login(page, 'adminEditor');
  // The list is read in blocks, grouped by gender on the server's counts, newest year first;
  // the season picker asks for the seasons only.
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  page.on('request', (r) => {
    const m = /\/api\/internalAssortments\/(query\/Wholesale|groups\/Wholesale|discover)$/.exec(r.url());
    if (r.method() === 'POST' && m) calls.push({ path: m[1]!, body: r.postDataJSON() as Record<string, unknown> });
  });
  await page.goto(`${baseUrl()}/product/assortments/internal/wholesale`);
  await expect(page.getByTestId('internal-list')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('internal-open').first()).toBeVisible({ timeout: 30_000 });
  const list = page.getByTestId('internal-list');
  await expect(list.getByTestId('grid-group-row').first()).toContainText(/^Gender: \w+ \([\d,]+\)$/);
  expect(calls.find((c) => c.path === 'groups/Wholesale')?.body).toMatchObject({ field: 'gender' });
  expect(calls.find((c) => c.path === 'query/Wholesale')?.body).toMatchObject({
    limit: 100,
    sort: [{ field: 'gender', dir: 'asc' }, { field: 'year', dir: 'desc' }, { field: 'title', dir: 'asc' }],
  });
  expect(calls.filter((c) => c.path === 'discover').every((c) => c.body.seasonsOnly === true)).toBe(true);
  const years = await list.locator('.ag-center-cols-container .ag-row:not(.ag-row-group) [col-id="year"]').allTextContents();
  const firstGroup = years.slice(0, 5).map(Number);
  expect(firstGroup).toEqual([...firstGroup].sort((x, y) => y - x));
  await shot(page, 'internal-wholesale-list');

  // Select Assortment Attributes, products from a query.
  await page.getByTestId('internal-new').click();
  const dialog = await fillAttributes(page, title, division);
  await shot(page, 'internal-new-dialog');
  await dialog.getByTestId('internal-create').click();

  // The sort page, grouped by pillar by default, Uncategorized last.
  await expect(page).toHaveURL(/\/product\/assortments\/internal\/[0-9a-f-]+\/sort\?season=FA&year=\d{4}&locations=US&title=/, { timeout: 30_000 });
  const id = /internal\/([0-9a-f-]+)\/sort/.exec(page.url())![1]!;
  await expect(page.getByTestId('sort-board')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sort-group-by')).toHaveValue('pillar');
  const groups = page.getByTestId('sort-group');
  await expect.poll(async () => groups.count()).toBeGreaterThan(2);
  await expect(groups.last()).toHaveAttribute('data-id', 'uncategorized');
  const before = await groupSort(api, id);
  expect(before.groupBy).toBe('pillar');
  expect(apiLayout(before)).toEqual(await pageLayout(page));
  await shot(page, 'internal-sort-pillar');

  // Drag the first style of the second group onto the first group's header: it goes last there.
  const firstTitle = (await groups.first().getAttribute('data-title'))!;
  await groups.first().getByTestId('group-toggle').click();
  await expect(groups.first()).toHaveAttribute('data-open', 'false');
  const second = groups.nth(1);
  const moved = (await second.getByTestId('sort-style').first().getAttribute('data-style'))!;
  await drag(page, second.getByTestId('sort-style').first().locator('.gs-handle'), groups.first().locator('.gs-group__head'));
  await expect(second.locator(`[data-testid=sort-style][data-style="${moved}"]`)).toHaveCount(0);
  await saved(page);
  const after = await groupSort(api, id);
  expect(after.groups.find((g) => g.title === firstTitle)!.styles.at(-1)!.style).toBe(moved);
  await groups.first().getByTestId('group-toggle').click();
  await saved(page);
  const shown = await pageLayout(page);

  // Reload: the same order.
  await page.reload();
  await expect(page.getByTestId('sort-board')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => pageLayout(page)).toEqual(shown);
  expect(apiLayout(await groupSort(api, id))).toEqual(shown);
  await shot(page, 'internal-sort-after-reload');

  // The same name in the same season, year, region and gender is refused with the spec's words.
  await page.goto(`${baseUrl()}/product/assortments/internal/wholesale`);
  await expect(page.getByTestId('internal-list')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('internal-new').click();
  const again = await fillAttributes(page, title, division);
  await again.getByTestId('internal-create').click();
  await expect(again.getByTestId('internal-error')).toContainText('This assortment already exists. Please create a unique one.');
  await shot(page, 'internal-duplicate-refused');
  const toc = (await (await api.ctx.post('/api/internalAssortments/discover', { data: { channel: 'Wholesale', season: 'FA', force: true }, headers: { 'X-CSRF-Token': api.csrf } })).json()).data as {
    assortments: Array<{ title: string }>;
  };
  expect(toc.assortments.filter((a) => a.title === title)).toHaveLength(1);
});

/** A domestic wholesale men's footwear internal assortment of a dozen catalog products, made through the API. */
async function makeInternal(api: Api, title: string): Promise<{ id: string; year: number }> {
  const q = await api.ctx.post('/api/products/query', { data: { conditions: { gender: ['Mens'], productType: ['Footwear'] }, limit: 12 }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(q.ok()).toBeTruthy();
  const products = (await q.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .flatMap((l) => (Array.isArray(l.rows) ? (l.rows as Array<Record<string, unknown>>) : typeof l.style === 'string' ? [l] : []))
    .map((r) => ({ style: String(r.style), color: String(r.color) }));
  expect(products.length).toBeGreaterThan(3);
  const year = new Date().getFullYear() + 1;
  const res = await api.ctx.post('/api/internalAssortments', {
    data: { title, channel: 'Wholesale', region: 'Domestic', season: 'SP', year, gender: 'Mens', productType: 'Footwear', locationId: 'US', products },
    headers: { 'X-CSRF-Token': api.csrf },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { id: ((await res.json()).data as { _id: string })._id, year };
}

test('an internal editor opens a domestic wholesale assortment, edits a cell, exports its images and opens its showroom', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await apiSession('adminEditor');
  const title = `Domestic key styles ${Date.now()}`;
  const { id, year } = await makeInternal(api, title);

  // The manage page fills in the internal screens' values from the assortment.
  await signIn(page, 'adminEditor');
  await page.goto(`${baseUrl()}/product/assortments/internal/${id}/manage`);
  await expect(page).toHaveURL(new RegExp(`/internal/${id}/manage\\?season=SP&year=${year}&locations=US&title=`), { timeout: 30_000 });
  const grid = page.getByTestId('detail-grid');
  await expect(grid.locator('.ag-cell[col-id="style"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('lock-state')).toHaveAttribute('data-status', 'mine', { timeout: 15_000 });
  await expect(page.getByTestId('assortment-title')).toHaveText(title);
  // initialMarkup, and for the US suggestedRetail, are not columns of an internal assortment.
  await expect(grid.locator('.ag-header-cell[col-id="cost"]')).toHaveCount(1);
  await expect(grid.locator('.ag-header-cell[col-id="initialMarkup"]')).toHaveCount(0);
  await expect(grid.locator('.ag-header-cell[col-id="suggestedRetail"]')).toHaveCount(0);
  // Grouped by pillar (the internal default); no star, labels, copy or archive.
  await expect(grid.getByTestId('grid-group-row').first()).toBeVisible();
  await expect(page.getByTestId('header-star')).toHaveCount(0);
  await expect(page.getByTestId('header-archive')).toHaveCount(0);
  // The dropdown offers the internal assortments the editor may edit; the state is published only.
  await expect(page.getByTestId('internal-switch').locator(`option[value="${id}"]`)).toHaveCount(1);
  await expect(page.getByTestId('internal-state')).toHaveAttribute('data-options', 'published');
  await shot(page, 'internal-manage');

  // Edit a discount: the server keeps it.
  const target = grid.locator('.ag-row:not(:has([data-testid="grid-group-row"]))').filter({ has: page.locator('.ag-cell[col-id="style"]:not(:empty)') }).first();
  const rowId = await target.getAttribute('row-id');
  await target.locator('.ag-cell[col-id="discountPercent"]').dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('15');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await assortmentRows<Record<string, unknown>>(api, id, 'internalAssortments')).find((r) => r.id === rowId)?.discountPercent, { timeout: 15_000 }).toBe(15);
  await shot(page, 'internal-manage-edited');

  // The search-all bar: the assortment's gender and product type unless 'Search all products'.
  await page.getByTestId('tab-search').click();
  await expect(page.getByTestId('internal-search-all')).toBeVisible();
  await expect(page.getByTestId('internal-search-all-toggle')).toBeVisible();

  // Export: the zip of its images through the download queue.
  await page.getByTestId('header-export').click();
  await expect(page).toHaveURL(new RegExp(`/internal/${id}/export\\?season=SP`));
  await expect(page.getByTestId('internal-export')).toBeVisible();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('zip-start').click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);
  await shot(page, 'internal-export');

  // The showroom of the internal assortment, its groups in the sort page's order.
  await page.goto(`${baseUrl()}/product/assortments/internal/${id}/manage`);
  await page.getByTestId('header-showroom').click();
  await expect(page).toHaveURL(new RegExp(`/internal/${id}/showroom\\?season=SP&year=${year}`));
  await expect(page.getByTestId('showroom')).toHaveAttribute('data-org', 'internalAssortments');
  const groups = await groupSort(api, id);
  await expect(page.getByTestId('showroom-open-group').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('showroom-open-group')).toHaveCount(groups.groups.filter((g) => g.styles.length > 0).length);
  await shot(page, 'internal-showroom');
  await page.getByTestId('showroom-open-group').first().click();
  await expect(page).toHaveURL(new RegExp(`/internal/${id}/showroom/divider/[^?]+\\?`));
  await shot(page, 'internal-showroom-divider');
});

test('an internal page with a season that is not the assortment’s goes to the seasons screen; a plain user is refused', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const api = await apiSession('adminEditor');
  const { id } = await makeInternal(api, `Gate check ${Date.now()}`);
  await signIn(page, 'adminEditor');
  await page.goto(`${baseUrl()}/product/assortments/internal/${id}/manage?season=FA&year=2001`);
  await expect(page).toHaveURL(/\/product\/libraries\/internal\/seasons-wholesale/, { timeout: 30_000 });
  await expect(page.getByTestId('internal-seasons')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'internal-bad-season-redirect');

  // A user without the internal assortments permission: every internal call is a 403, the page is not theirs.
  const plain = await apiSession('editor');
  for (const [method, path] of [
    ['GET', `/api/internalAssortments/${id}`],
    ['POST', '/api/internalAssortments/discover'],
    ['GET', `/api/internalAssortments/zip/images/true/true/${id}`],
  ] as const) {
    const res = method === 'GET' ? await plain.ctx.get(path) : await plain.ctx.post(path, { data: { channel: 'Wholesale' }, headers: { 'X-CSRF-Token': plain.csrf } });
    expect(res.status(), path).toBe(403);
  }
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, 'editor');
  await other.goto(`${baseUrl()}/product/assortments/internal/${id}/manage`);
  await expect(other).not.toHaveURL(/\/internal\//, { timeout: 30_000 });
  await expect(other.getByTestId('assortment-detail')).toHaveCount(0);
  await shot(other, 'internal-plain-user-redirected');
  await context.close();
});
