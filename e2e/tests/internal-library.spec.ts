import { apiSession, baseUrl, expect, login, shot, test, signIn } from './helpers';

/**
 * The product library's internal pages against the real server and its demo data: an admin
 * editor with internal assortments opens the wholesale landing, which without a season sends
 * them to the seasons screen; picks the live fall season, a domestic title, a display group's
 * divider (its custom content) and a product's detail viewer. A season that is not a season, or
 * not the assortment's own, goes to the seasons screen; a plain user is refused by the server.
 */

const LIB = '/product/libraries/internal';

test('an internal editor goes from the landing to a season, an assortment, a divider and a product', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, 'adminEditor');

  // Without a season and year the landing is the channel's seasons screen.
  await page.goto(`${baseUrl()}${LIB}/landing-wholesale`);
  await expect(page).toHaveURL(new RegExp(`${LIB}/seasons-wholesale$`), { timeout: 30_000 });
  const season = page.locator('[data-testid="internal-season"][data-season="FA2026"]');
  await expect(season).toBeVisible({ timeout: 30_000 });
  await expect(season.locator('img')).toHaveJSProperty('complete', true);
  await shot(page, 'internal-library-seasons');
  await season.focus();
  await page.keyboard.press('Enter');

  // The season's landing: its cover and both regions' titles with their counts.
  await expect(page).toHaveURL(new RegExp(`${LIB}/landing-wholesale\\?season=FA&year=2026$`));
  const landing = page.getByTestId('library-landing');
  await expect(landing).toBeVisible();
  await expect(landing.getByTestId('library-cover')).toBeVisible();
  await expect(landing.getByTestId('library-region')).toHaveCount(2);
  const domestic = landing.locator('[data-testid="library-title"][data-region="Domestic"]');
  await expect(domestic.first()).toBeVisible({ timeout: 30_000 });
  expect(await landing.locator('[data-testid="library-title"][data-region="International"]').count()).toBeGreaterThan(0);
  await expect(domestic.first()).toContainText(/\d+ products?/);
  await shot(page, 'internal-library-landing');
  const title = (await domestic.first().getAttribute('data-title')) ?? '';
  await domestic.first().click();

  // The title's assortment in its display groups, each with its custom content and products.
  await expect(page).toHaveURL(new RegExp(`${LIB}/domestic-wholesale\\?season=FA&year=2026&locations=US&tab=browse&title=`));
  const assortment = page.getByTestId('library-assortment');
  await expect(assortment).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const groups = assortment.getByTestId('library-group');
  await expect(groups.first()).toBeVisible({ timeout: 30_000 });
  await expect(groups.first().getByTestId('group-content-html')).toBeVisible();
  await expect(groups.first().getByTestId('group-content-image')).toBeVisible();
  await expect(groups.first().getByTestId('showroom-tile').first()).toBeVisible();
  await shot(page, 'internal-library-variant');
  const id = (await assortment.getAttribute('data-id')) ?? '';
  const slug = (await groups.first().getAttribute('data-slug')) ?? '';
  await groups.first().getByTestId('library-open-group').click();

  // The group's divider: its custom content and its products, the trail back to the title.
  await expect(page).toHaveURL(new RegExp(`${LIB}/divider/${slug}\\?.*assortment=${id}`));
  const divider = page.getByTestId('library-divider');
  await expect(divider.getByTestId('showroom-category')).toHaveAttribute('data-slug', slug);
  await expect(divider.getByTestId('group-content-html')).toBeVisible();
  await expect(divider.getByTestId('library-crumbs')).toContainText(title);
  await shot(page, 'internal-library-divider');
  const tile = divider.getByTestId('showroom-tile').first();
  const item = (await tile.getAttribute('data-id')) ?? '';
  await tile.click();

  // The product detail viewer, next and previous through the assortment's order.
  await expect(page).toHaveURL(new RegExp(`${LIB}/detail/${item}\\?.*assortment=${id}`));
  const detail = page.getByTestId('library-detail');
  await expect(detail.getByTestId('showroom-detail')).toHaveAttribute('data-id', item);
  await expect(detail.getByTestId('showroom-position')).toHaveAttribute('data-at', /\d+/);
  await expect.poll(() => detail.locator('.pr-gallery__main img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  await shot(page, 'internal-library-detail');
  await detail.getByTestId('showroom-detail-next').click();
  await expect(detail.getByTestId('showroom-detail')).not.toHaveAttribute('data-id', item);

  // Back on the trail: the title's variant screen.
  await detail.getByTestId('library-crumbs').getByRole('link', { name: title }).click();
  await expect(page.getByTestId('library-assortment')).toHaveAttribute('data-id', id);
});

test('an internal library page without what it needs, or with a season not its own, redirects', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'adminEditor');
  // Not a season: the channel's seasons screen.
  await page.goto(`${baseUrl()}${LIB}/domestic-retail?season=XX&year=2026&title=Anything`);
  await expect(page).toHaveURL(new RegExp(`${LIB}/seasons-retail$`), { timeout: 30_000 });
  await expect(page.getByTestId('internal-seasons')).toHaveAttribute('data-channel', 'Retail');
  // A domestic wholesale screen without its locations code: the season's landing.
  await page.goto(`${baseUrl()}${LIB}/domestic-wholesale?season=SP&year=2026&title=Anything`);
  await expect(page).toHaveURL(new RegExp(`${LIB}/landing-wholesale\\?season=SP&year=2026$`));
  await expect(page.getByTestId('library-landing')).toBeVisible();
  // A title this season does not have: an empty state that leads back to the season.
  await page.goto(`${baseUrl()}${LIB}/international-wholesale?season=SP&year=2026&title=No+such+title`);
  await expect(page.getByTestId('library-back')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'internal-library-not-found');
  // The international-seasons address is the wholesale seasons screen.
  await page.goto(`${baseUrl()}${LIB}/international-seasons`);
  await expect(page).toHaveURL(new RegExp(`${LIB}/seasons-wholesale$`));

  // A divider of an assortment asked with a year not its own: the assortment's channel's seasons.
  const api = await apiSession('adminEditor');
  const res = await api.ctx.post('/api/internalAssortments/discover', { data: { channel: 'Wholesale', season: 'HO', year: 2026 }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok()).toBeTruthy();
  type Toc = { assortments: Array<{ _id: string }> };
  const body = (await res.json()) as Toc & { data?: Toc };
  const entry = (body.data ?? body).assortments[0];
  expect(entry).toBeTruthy();
  await page.goto(`${baseUrl()}${LIB}/divider/performance?season=HO&year=2001&assortment=${entry!._id}`);
  await expect(page).toHaveURL(new RegExp(`${LIB}/seasons-wholesale$`), { timeout: 30_000 });
  await expect(page.getByTestId('internal-seasons')).toHaveAttribute('data-channel', 'Wholesale');
  // Without an assortment: the seasons screen of the channel the query names.
  await page.goto(`${baseUrl()}${LIB}/detail/1234_BLK?season=HO&year=2026&channel=retail`);
  await expect(page).toHaveURL(new RegExp(`${LIB}/seasons-retail$`), { timeout: 30_000 });
});

test('a plain user is refused the internal library pages and their calls', async ({ page }) => {
  test.setTimeout(90_000);
  const plain = await apiSession('editor');
  const modules = ((await (await plain.ctx.get('/api/modules')).json()) as { data: Array<{ routes?: Array<{ path: string }> }> }).data;
  expect(modules.flatMap((m) => m.routes ?? []).filter((r) => r.path.startsWith(LIB))).toEqual([]);
  const res = await plain.ctx.post('/api/internalAssortments/discover', { data: { channel: 'Wholesale', season: 'FA', year: 2026 }, headers: { 'X-CSRF-Token': plain.csrf } });
  expect(res.status()).toBe(403);

  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}${LIB}/landing-wholesale?season=FA&year=2026`);
  await expect(page).not.toHaveURL(/\/libraries\/internal\//, { timeout: 30_000 });
  await expect(page.getByTestId('library-landing')).toHaveCount(0);
  await shot(page, 'internal-library-plain-user');
});

test('an internal editor downloads an internal assortment’s line sheet from its export page', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await apiSession('adminEditor');
  const res = await api.ctx.post('/api/internalAssortments/discover', { data: { channel: 'Wholesale', region: 'Domestic', season: 'FA', year: 2026 }, headers: { 'X-CSRF-Token': api.csrf } });
  type Toc = { assortments: Array<{ _id: string; title: string }> };
  const body = (await res.json()) as Toc & { data?: Toc };
  const entry = (body.data ?? body).assortments[0]!;
  await signIn(page, 'adminEditor');
  await page.goto(`${baseUrl()}/product/assortments/internal/${entry._id}/export`);
  const card = page.getByTestId('internal-sheet');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByTestId('sheet-Expanded').check();
  await card.getByTestId('sheet-xlsx').check();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await card.getByTestId('sheet-start').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(card.getByTestId('sheet-done')).toBeVisible();
  await shot(page, 'internal-export-line-sheet');
});
