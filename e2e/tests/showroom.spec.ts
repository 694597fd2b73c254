import { type Page } from '@playwright/test';
import { apiSession, baseUrl, expect, login, shot, test, type Api, signIn } from './helpers';

/**
 * The showroom of a regular assortment against the real server: the display groups appear in
 * the sort page's order (after a group was moved above another), the filter bar narrows them,
 * the product detail viewer opens from a tile and steps with the keys (→, End, Home, Esc back to
 * the group), the category viewer switches modes and steps to the next group, the settings are
 * saved from showroom-config, and the whole works on a 1024×768 touch tablet with swipes.
 */

interface GroupSort {
  version: number;
  groups: Array<{ id: string; title: string; uncategorized: boolean; styles: Array<{ style: string; colors: Array<{ color: string }> }> }>;
}

async function groupSort(api: Api, id: string): Promise<GroupSort> {
  const res = await api.ctx.get(`/api/assortments/groupsort/${id}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as GroupSort;
}

async function sortBatch(api: Api, id: string, version: number, batches: unknown[]): Promise<void> {
  const res = await api.ctx.patch(`/api/assortments/groupsort/batch/${id}`, { data: { version, batches }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A fresh assortment of 30 demo footwear rows, grouped by pillar, its second group moved first. */
async function showroomAssortment(api: Api): Promise<{ id: string; gs: GroupSort }> {
  const list = (await (await api.ctx.get('/api/assortments?view=all&q=Summer%202025%20Line%20Review')).json()).data.items as Array<{ _id: string; title: string }>;
  const source = list.find((a) => a.title === 'Summer 2025 Line Review')!;
  const rows = (await (await api.ctx.get(`/api/assortments/${source._id}`)).json()).data.products as Array<{ style: string; color: string }>;
  const created = await api.ctx.post('/api/assortments', {
    data: { title: `Showroom check ${Date.now()}`, channel: 'Wholesale', region: 'Domestic', products: rows.slice(0, 30).map((r) => ({ style: r.style, color: r.color })) },
    headers: { 'X-CSRF-Token': api.csrf },
  });
  expect(created.ok()).toBeTruthy();
  const id = (await created.json()).data._id as string;
  await sortBatch(api, id, (await groupSort(api, id)).version, [{ type: 'groupBy', groupBy: 'pillar' }]);
  let gs = await groupSort(api, id);
  const named = gs.groups.filter((g) => !g.uncategorized && g.styles.length > 0);
  expect(named.length).toBeGreaterThanOrEqual(2);
  await sortBatch(api, id, gs.version, [{ type: 'moveDisplayGroup', moves: [{ item: named[1]!.id, before: named[0]!.id }] }]);
  gs = await groupSort(api, id);
  expect(gs.groups[0]!.id).toBe(named[1]!.id);
  return { id, gs };
}

const pageTitles = (page: Page) => page.getByTestId('showroom-group').evaluateAll((els) => els.map((g) => g.getAttribute('data-title') ?? ''));
const detailId = (page: Page) => page.getByTestId('showroom-detail').getAttribute('data-id');

test('the showroom presents the sort order, the viewers step with the keys, and it works on a tablet', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const api = await apiSession('editor');
  const { id, gs } = await showroomAssortment(api);
  const order = gs.groups.filter((g) => g.styles.length > 0).map((g) => g.title);
  const items = gs.groups.flatMap((g) => g.styles.flatMap((s) => s.colors.map((c) => `${s.style}_${c.color}`)));

  await login(page, 'editor');
  // From the assortment's page, its Showroom button.
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/manage`);
  const stat = page.waitForResponse((r) => r.url().endsWith('/api/stats') && r.request().method() === 'POST');
  await page.getByTestId('header-showroom').click();
  await expect(page.getByTestId('showroom-overview')).toBeVisible({ timeout: 30_000 });
  // Opening the showroom is a statistics event about the assortment.
  const recorded = await stat;
  expect(recorded.status()).toBe(200);
  expect(recorded.request().postDataJSON()).toMatchObject({ action: 'openDigitalShowroom', modelType: 'Assortment', assortment: id });
  // Full window: no app bar; the groups in the sort page's order, every style/colour a tile.
  await expect(page.getByTestId('app-bar')).toHaveCount(0);
  expect(await pageTitles(page)).toEqual(order);
  await expect(page.getByTestId('showroom-tile')).toHaveCount(items.length);
  expect(await page.getByTestId('showroom-tile').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(items);
  await shot(page, 'showroom-overview');

  // The filter bar narrows the tiles and drops empty groups; the count follows; clearing restores.
  await page.getByTestId('showroom-filters-toggle').click();
  await page.getByTestId('showroom-search').fill(items[0]!.split('_')[0]!);
  await expect(page.getByTestId('showroom-count')).not.toHaveAttribute('data-count', String(items.length));
  const narrowed = Number(await page.getByTestId('showroom-count').getAttribute('data-count'));
  expect(narrowed).toBeGreaterThan(0);
  await expect(page.getByTestId('showroom-tile')).toHaveCount(narrowed);
  await shot(page, 'showroom-filtered');
  await page.getByTestId('showroom-clear').click();
  await expect(page.getByTestId('showroom-tile')).toHaveCount(items.length);

  // The product detail viewer from the first tile; → steps, End and Home jump, Esc goes back to the group.
  await page.getByTestId('showroom-tile').first().click();
  await expect(page.getByTestId('showroom-detail')).toBeVisible();
  expect(await detailId(page)).toBe(items[0]);
  await expect(page).toHaveURL(new RegExp(`/showroom/detail/${items[0]}$`));
  const viewer = page.getByTestId('product-viewer');
  await expect(viewer.getByTestId('product-info')).toBeVisible();
  for (const tab of ['info', 'prices', 'availability', 'marketing', 'notes', 'quantities']) await expect(viewer.getByTestId(`panel-tab-${tab}`)).toBeVisible();
  await viewer.getByTestId('panel-tab-quantities').click();
  await expect(viewer.getByTestId('product-quantities')).toBeVisible();
  await viewer.getByTestId('panel-tab-availability').click();
  await expect(viewer.getByTestId('product-availability')).toBeVisible();
  await viewer.getByTestId('product-angle').nth(1).click();
  await expect(viewer.getByTestId('product-gallery')).toHaveAttribute('data-angle', 'medial');
  await expect(viewer.locator('.pr-gallery__main img')).toHaveJSProperty('complete', true);
  await shot(page, 'showroom-detail');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('showroom-detail')).toHaveAttribute('data-id', items[1]!);
  await expect(page.getByTestId('showroom-position')).toHaveAttribute('data-at', '2');
  // The next product opens on the panel the user had picked.
  await expect(viewer.getByTestId('product-availability')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByTestId('showroom-detail')).toHaveAttribute('data-id', items.at(-1)!);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('showroom-detail')).toHaveAttribute('data-id', items.at(-1)!);
  await page.keyboard.press('Home');
  await expect(page.getByTestId('showroom-detail')).toHaveAttribute('data-id', items[0]!);
  await page.keyboard.press('Escape');

  // The category detail viewer of the first group: video mode first, catalog on request; → goes to the next group.
  const category = page.getByTestId('showroom-category');
  await expect(category).toBeVisible();
  await expect(category).toHaveAttribute('data-mode', 'video');
  await expect(category.locator('h2')).toHaveText(order[0]!);
  await expect(page.getByTestId('showroom-film')).toBeVisible();
  await shot(page, 'showroom-divider-video');
  await page.getByTestId('showroom-mode-catalog').click();
  await expect(category).toHaveAttribute('data-mode', 'catalog');
  await expect(page.getByTestId('showroom-catalog').getByTestId('showroom-tile')).toHaveCount(gs.groups[0]!.styles.reduce((n, s) => n + s.colors.length, 0));
  await shot(page, 'showroom-divider-catalog');
  await page.keyboard.press('ArrowRight');
  await expect(category.locator('h2')).toHaveText(order[1]!);
  await expect(category).toHaveAttribute('data-mode', 'catalog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('showroom-overview')).toBeVisible();

  // showroom-config: catalog mode first and the assortment's status only, saved with the assortment.
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/showroom-config`);
  await expect(page.getByTestId('showroom-config')).toBeVisible();
  await page.getByTestId('showroom-config-status-only').check();
  await page.getByTestId('showroom-config-mode-catalog').check();
  await shot(page, 'showroom-config');
  const patched = page.waitForResponse((r) => r.url().endsWith(`/api/assortments/${id}`) && r.request().method() === 'PATCH');
  await page.getByTestId('showroom-config-save').click();
  expect((await patched).status()).toBe(200);
  await expect(page.getByTestId('showroom-config-save')).toBeDisabled();
  const saved = (await (await api.ctx.get(`/api/assortments/${id}`)).json()).data.uiSettings;
  expect(saved.digitalShowroomSettings).toEqual({ assortmentStatusOnly: true, categoryMode: 'catalog' });
  expect(saved.groupSettings?.groupBy).toBe('pillar');
  await page.getByTestId('showroom-config-open').click();
  await page.getByTestId('showroom-open-group').first().click();
  await expect(page.getByTestId('showroom-category')).toHaveAttribute('data-mode', 'catalog');

  // A 1024×768 touch tablet: the overview lays out, a tile opens the viewer, swipes step.
  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: false, locale: 'en-US' });
  const tp = await tablet.newPage();
  await signIn(tp, 'editor');
  await tp.goto(`${baseUrl()}/product/assortments/assortment/${id}/showroom`);
  await expect(tp.getByTestId('showroom-overview')).toBeVisible({ timeout: 30_000 });
  // Opened by its address (a first load of the page), still without the app bar.
  await expect(tp.getByTestId('app-bar')).toHaveCount(0);
  expect(await pageTitles(tp)).toEqual(order);
  const width = await tp.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(1024);
  await shot(tp, 'showroom-tablet-overview');
  await tp.getByTestId('showroom-tile').first().tap();
  const stage = tp.getByTestId('showroom-detail');
  await expect(stage).toHaveAttribute('data-id', items[0]!);
  const swipe = async (dx: number) => {
    const box = (await stage.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + 200;
    await stage.dispatchEvent('pointerdown', { pointerType: 'touch', pointerId: 7, clientX: x, clientY: y, isPrimary: true });
    await stage.dispatchEvent('pointerup', { pointerType: 'touch', pointerId: 7, clientX: x + dx, clientY: y + 6, isPrimary: true });
  };
  await swipe(-180);
  await expect(stage).toHaveAttribute('data-id', items[1]!);
  await swipe(180);
  await expect(stage).toHaveAttribute('data-id', items[0]!);
  expect(await tp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await expect(tp.getByTestId('product-viewer').locator('.pr-gallery__main img')).toHaveJSProperty('complete', true);
  await shot(tp, 'showroom-tablet-detail');
  await tablet.close();
});

test('another user cannot read the showroom of an assortment that is not theirs', async ({ page }) => {
  const api = await apiSession('editor');
  const { id } = await showroomAssortment(api);
  const user = await apiSession('user');
  expect((await user.ctx.get(`/api/assortments/groupsort/${id}`)).status()).toBeGreaterThanOrEqual(403);
  await signIn(page, 'user');
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/showroom`);
  await expect(page.getByTestId('showroom-overview')).toHaveCount(0);
});
