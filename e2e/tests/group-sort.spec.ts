import { type Browser, type Page } from '@playwright/test';
import { apiSession, baseUrl, expect, login, shot, test } from './helpers';
import { apiLayout, apiTitles, drag, freshAssortment, groupSort, pageLayout, pageTitles, saved } from './sort';

/**
 * The sort page of a regular assortment against the real server: group by pillar, drag a style
 * into another group and a group above another (mouse, through @dnd-kit), auto-sort by two keys,
 * undo a move, reload and find the same order; a second editor's page that missed those moves
 * gets userLock on its next move; a plain user is refused group sort writes by the server.
 */

async function openSort(browser: Browser | null, page: Page, id: string) {
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/sort`);
  await expect(page.getByTestId('sort-board')).toBeVisible({ timeout: 30_000 });
  void browser;
}

test('group, drag, auto-sort, undo and reload on the sort page; a stale page gets userLock', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const api = await apiSession('editor');
  // A fresh assortment from the rows of a demo one: footwear of several pillars.
  const id = await freshAssortment(api, 'Sort check', 30);

  await login(page, 'editor');
  await openSort(null, page, id);
  // No group-by yet: everything is in Uncategorized, locked and last.
  await expect(page.getByTestId('sort-group')).toHaveCount(1);
  await expect(page.getByTestId('sort-group').first()).toHaveAttribute('data-locked', 'true');

  // Group by pillar: one group per pillar, Uncategorized last; the choice is saved.
  await page.getByTestId('sort-group-by').selectOption('pillar');
  await expect.poll(async () => (await page.getByTestId('sort-group').count()) > 2).toBeTruthy();
  await saved(page);
  expect((await groupSort(api, id)).groupBy).toBe('pillar');
  const groups = page.getByTestId('sort-group');
  await expect(groups.last()).toHaveAttribute('data-id', 'uncategorized');
  await shot(page, 'group-sort-grouped');

  // Collapse the first group, then drag the first style of the second group onto its header:
  // the style goes to the end of that group.
  await groups.first().getByTestId('group-toggle').click();
  await expect(groups.first()).toHaveAttribute('data-open', 'false');
  const second = groups.nth(1);
  const moved = (await second.getByTestId('sort-style').first().getAttribute('data-style'))!;
  const firstTitle = (await groups.first().getAttribute('data-title'))!;
  await drag(page, second.getByTestId('sort-style').first().locator('.gs-handle'), groups.first().locator('.gs-group__head'));
  await expect(second.locator(`[data-testid=sort-style][data-style="${moved}"]`)).toHaveCount(0);
  await saved(page);
  let gs = await groupSort(api, id);
  expect(gs.groups.find((g) => g.title === firstTitle)!.styles.at(-1)!.style).toBe(moved);
  await groups.first().getByTestId('group-toggle').click();
  await expect(groups.first().locator(`[data-testid=sort-style][data-style="${moved}"]`)).toBeVisible();
  await saved(page);
  expect(apiLayout(await groupSort(api, id))).toEqual(await pageLayout(page));
  // Collapsed again for the moves of whole groups, whose headers then sit together.
  await page.getByTestId('sort-collapse').click();
  await expect(groups.first()).toHaveAttribute('data-open', 'false');
  await saved(page);

  // Drag the second group's handle above the first group.
  const secondTitle = (await groups.nth(1).getAttribute('data-title'))!;
  await drag(page, groups.nth(1).locator('.gs-group__head .gs-handle'), groups.first().locator('.gs-group__head'), 'top');
  await expect(groups.first()).toHaveAttribute('data-title', secondTitle);
  await saved(page);
  expect(apiTitles(await groupSort(api, id))).toEqual(await pageTitles(page));

  // Auto-sort by two keys: gender, then style number descending.
  await page.getByTestId('sort-auto').click();
  const dialog = page.getByTestId('auto-sort-dialog');
  await dialog.getByTestId('auto-sort-field-0').selectOption('gender');
  await dialog.getByTestId('auto-sort-field-1').selectOption('styleNumeric');
  await dialog.getByTestId('auto-sort-dir-1').selectOption('desc');
  await shot(page, 'group-sort-auto-sort');
  await dialog.getByTestId('auto-sort-apply').click();
  await saved(page);
  gs = await groupSort(api, id);
  for (const g of gs.groups) {
    const keys = g.styles.map((s) => [s.gender, -s.styleNumeric] as const);
    const sorted = [...keys].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1]));
    expect(keys).toEqual(sorted);
  }
  await page.getByTestId('sort-expand').click();
  await saved(page);
  expect(apiLayout(gs)).toEqual(await pageLayout(page));
  const afterSort = await pageLayout(page);

  // A move, then undo (Ctrl+Z): the order before the move comes back, on the server too.
  const g0 = groups.first();
  if ((await g0.getByTestId('sort-style').count()) > 1) {
    await drag(page, g0.getByTestId('sort-style').nth(1).locator('.gs-handle'), g0.getByTestId('sort-style').first(), 'top');
    await expect.poll(() => pageLayout(page)).not.toEqual(afterSort);
    await saved(page);
    await page.keyboard.press('Control+z');
    await expect.poll(() => pageLayout(page)).toEqual(afterSort);
    await saved(page);
    expect(apiLayout(await groupSort(api, id))).toEqual(afterSort);
  }
  await shot(page, 'group-sort-sorted');
  await page.getByTestId('sort-collapse').click();
  await saved(page);

  // A second editor's page opened now ...
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await login(page2, 'editor');
  await openSort(browser, page2, id);
  expect(await pageTitles(page2)).toEqual(await pageTitles(page));

  // ... the first page moves a group, and a reload keeps the order.
  await drag(page, groups.nth(1).locator('.gs-group__head .gs-handle'), groups.first().locator('.gs-group__head'), 'top');
  await saved(page);
  const finalOrder = apiLayout(await groupSort(api, id));
  expect(finalOrder).not.toEqual(afterSort);
  const finalTitles = await pageTitles(page);
  expect(apiTitles(await groupSort(api, id))).toEqual(finalTitles);
  await page.reload();
  await expect(page.getByTestId('sort-board')).toBeVisible({ timeout: 30_000 });
  expect(await pageTitles(page)).toEqual(finalTitles);
  await page.getByTestId('sort-expand').click();
  await saved(page);
  expect(await pageLayout(page)).toEqual(finalOrder);

  // The stale page's move is refused with userLock: the toast and the banner, nothing written.
  const g2 = page2.getByTestId('sort-group');
  await drag(page2, g2.nth(1).locator('.gs-group__head .gs-handle'), g2.first().locator('.gs-group__head'), 'top');
  await expect(page2.getByTestId('sort-stale')).toBeVisible({ timeout: 15_000 });
  await expect(page2.locator('.its-toast').filter({ hasText: 'Your changes were not saved' })).toBeVisible();
  await shot(page2, 'group-sort-stale');
  const after = await groupSort(api, id);
  expect(apiLayout(after)).toEqual(finalOrder);
  await other.close();

  // The detail grid offers the same group-by and shows the sort page's choice.
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/manage`);
  await expect(page.getByTestId('grid-group-by')).toHaveValue('pillar', { timeout: 30_000 });
  await expect(page.getByTestId('grid-group-by').locator('option')).toHaveText(['None', 'Style', 'Gender', 'Division', 'Pillar']);
  await page.getByTestId('header-sort').click();
  await expect(page.getByTestId('sort-board')).toBeVisible({ timeout: 30_000 });

  // A plain user may not change a group sort: the server says 403.
  const user = await apiSession('user');
  const refused = await user.ctx.patch(`/api/assortments/groupsort/batch/${id}`, {
    data: { version: (await groupSort(api, id)).version, batches: [{ type: 'groupBy', groupBy: 'none' }] },
    headers: { 'X-CSRF-Token': user.csrf },
  });
  expect(refused.status()).toBe(403);
});
