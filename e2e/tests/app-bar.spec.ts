/**
 * The app bar highlights the menu whose section owns the page: a library's manage pages belong
 * to Manage libraries, its browse pages to Libraries, the assortment manager to Assortments.
 */
import { type Page } from '@playwright/test';
import { baseUrl, expect, login, shot, test } from './helpers';

const GROUPS = ['libraries', 'manageLibraries'] as const;

async function expectCurrent(page: Page, path: string, group: (typeof GROUPS)[number] | null, navId: string, screenshot?: { name: string; ready: string }) {
  await page.goto(`${baseUrl()}${path}`);
  const bar = page.getByTestId('app-bar');
  if (screenshot) {
    await expect(page.locator(screenshot.ready).first()).toBeVisible();
    await shot(page, screenshot.name);
  }
  for (const g of GROUPS) {
    const button = bar.getByTestId(`nav-group-${g}`);
    if (g === group) await expect(button, `${path}: ${g}`).toHaveClass(/\bactive\b/);
    else await expect(button, `${path}: ${g}`).not.toHaveClass(/\bactive\b/);
  }
  if (group) {
    await bar.getByTestId(`nav-group-${group}`).click();
    const items = page.locator('[role=menu] [data-nav-id]');
    await expect(page.locator(`[role=menu] [data-nav-id="${navId}"]`)).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[role=menu] [aria-current=page]')).toHaveCount(1);
    expect(await items.count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
  } else {
    await expect(bar.locator(`nav > [data-nav-id="${navId}"]`)).toHaveClass(/\bactive\b/);
  }
  await expect(bar.locator('nav [aria-current=page]')).toHaveCount(group ? 0 : 1);
}

test('the app bar highlights the section of library manage, library browse and assortment pages', async ({ page }) => {
  await login(page, 'editor');
  await expectCurrent(page, '/global-retail/libraries/manage/published', 'manageLibraries', 'globalRetailManage', { name: 'app-bar-library-manage', ready: '.ag-row' });
  await expectCurrent(page, '/advertising/libraries/manage/logos/unpublished', 'manageLibraries', 'advertisingManage');
  await expectCurrent(page, '/sales/libraries/manage/step/deleted', 'manageLibraries', 'stepManage');
  await expectCurrent(page, '/global-retail/libraries/assets', 'libraries', 'globalRetail');
  await expectCurrent(page, '/global-retail/libraries/resources', 'libraries', 'globalRetailResources');
  await expectCurrent(page, '/advertising/libraries/logos', 'libraries', 'advertisingLogos');
  await expectCurrent(page, '/advertising/libraries/assets', 'libraries', 'advertising', { name: 'library-browse-tiles', ready: '[data-testid=asset-card] img' });
  await expectCurrent(page, '/product/assortments/all', null, 'assortments');
});
