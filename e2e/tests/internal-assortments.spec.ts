import { type Page } from '@playwright/test';
import { apiSession, baseUrl, expect, login, shot, test, type Api } from './helpers';
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
  await page.goto(`${baseUrl()}/product/assortments/internal/wholesale`);
  await expect(page.getByTestId('internal-list')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('internal-open').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'internal-wholesale-list');

  // Select Assortment Attributes, products from a query.
  await page.getByTestId('internal-new').click();
  const dialog = await fillAttributes(page, title, division);
  await shot(page, 'internal-new-dialog');
  await dialog.getByTestId('internal-create').click();

  // The sort page, grouped by pillar by default, Uncategorized last.
  await expect(page).toHaveURL(/\/product\/assortments\/internal\/[0-9a-f-]+\/sort$/, { timeout: 30_000 });
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
