/**
 * The prototype playgrounds (product spec §2.1 /prototypes): an editor opens each of the four
 * from the app bar and its tabs and uses it on the demo catalog and assortments; a role without
 * prototypes.view has no entry and is sent to its start page when it types the address.
 */
import { apiView, baseUrl, expect, login, shot, test } from './helpers';

test('an editor opens the four prototype playgrounds from the navigation and uses each', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'editor');
  await page.getByTestId('app-bar').locator('nav > [data-nav-id="prototypes"]').click();
  // /prototypes opens its first page.
  await expect(page).toHaveURL(/\/prototypes\/dragdrop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Drag and drop' })).toBeVisible();

  // Drag and drop: the first product dragged onto the third takes its place.
  const items = page.getByTestId('dragdrop-item');
  await expect(items).toHaveCount(12);
  await expect(items.first().locator('img')).toHaveJSProperty('complete', true);
  const before = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-product')));
  const name = (await items.first().locator('strong').textContent()) ?? '';
  await items.nth(0).dragTo(items.nth(2));
  await expect(items.nth(2)).toHaveAttribute('data-product', before[0]!);
  await expect(items.nth(0)).toHaveAttribute('data-product', before[1]!);
  await expect(items.nth(2).locator('.proto-dnd__pos')).toHaveText('3');
  await expect(page.getByRole('status').filter({ hasText: 'is now at position' })).toHaveText(`${name} is now at position 3 of 12.`);
  // The keyboard's way: the product now first moves down one place.
  await items.nth(0).getByRole('button', { name: /down$/ }).click();
  await expect(items.nth(1)).toHaveAttribute('data-product', before[1]!);
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-product')))).toEqual([before[2], before[1], before[0], ...before.slice(3)]);
  await shot(page, 'prototypes-dragdrop');
  await page.getByTestId('dragdrop-reset').click();
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-product')))).toEqual(before);

  // Previewer: a line sheet page of one of the editor's assortments, rendered by the server.
  await page.getByTestId('prototype-tab-previewer').click();
  await expect(page).toHaveURL(/\/prototypes\/previewer$/);
  const image = page.getByTestId('preview-image');
  await expect(image).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(300);
  const condensed = await image.getAttribute('src');
  await page.getByRole('button', { name: 'Expanded' }).click();
  await expect(image).not.toHaveAttribute('src', condensed ?? '', { timeout: 60_000 });
  await expect(image).not.toHaveClass(/is-stale/, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Expanded' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'prototypes-previewer');

  // Category select: one division picked, the products shown are all of it.
  await page.getByTestId('prototype-tab-category-select').click();
  await expect(page.getByTestId('category-products').getByTestId('prototype-product').first()).toBeVisible();
  const allCount = await page.getByTestId('category-count').textContent();
  await page.getByTestId('category-values').click();
  const option = page.locator('.lib-option').first();
  const division = ((await option.locator('.lib-option__text').textContent()) ?? '').trim();
  const count = Number(await option.locator('.lib-option__count').textContent());
  expect(division).not.toBe('');
  await option.getByRole('checkbox').check();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('category-count')).not.toHaveText(allCount ?? '');
  await expect(page.getByTestId('category-count')).toContainText(`${count.toLocaleString('en-US')} product`);
  const cards = page.getByTestId('category-products').getByTestId('prototype-product');
  await expect(cards.first()).toBeVisible();
  const divisions = await cards.evaluateAll((els) => els.map((e) => e.querySelectorAll('.lib-card__meta')[1]?.textContent ?? ''));
  for (const text of divisions) expect(text.startsWith(`${division} ·`)).toBe(true);
  await shot(page, 'prototypes-category-select');

  // Product detail: the catalog's first product shows; a searched colour replaces it.
  await page.getByTestId('prototype-tab-product-detail').click();
  const viewer = page.getByTestId('product-viewer');
  await expect(viewer).toHaveAttribute('data-product', before[0]!);
  const [style, color] = before[4]!.split('_');
  await page.getByTestId('detail-search').fill(`${style}`);
  await page.getByTestId('detail-search-options').getByRole('option', { name: new RegExp(`${style} · ${color}`) }).click();
  await expect(viewer).toHaveAttribute('data-product', before[4]!);
  await viewer.getByTestId('panel-tab-prices').click();
  await expect(viewer.locator('[role=tabpanel]')).toHaveAttribute('data-panel', 'prices');
  await expect(viewer.locator('.pr-gallery img').first()).toBeVisible();
  await shot(page, 'prototypes-product-detail');
});

test('a role without prototypes.view has no entry and cannot open the playgrounds', async ({ page }) => {
  expect((await apiView('user')).navIds).not.toContain('prototypes');
  expect((await apiView('editor')).navIds).toContain('prototypes');
  await login(page, 'user');
  await expect(page.locator('[data-nav-id="prototypes"]')).toHaveCount(0);
  for (const path of ['/prototypes', '/prototypes/dragdrop', '/prototypes/previewer', '/prototypes/category-select', '/prototypes/product-detail']) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByText(`You cannot open ${path}`)).toBeVisible();
    await expect(page.locator('[data-testid^="prototype-"]')).toHaveCount(0);
  }
  await expect(page.getByTestId('quick-links')).toBeVisible();
  await shot(page, 'prototypes-refused');
});
