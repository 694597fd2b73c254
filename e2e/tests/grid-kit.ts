import { expect, type Locator, type Page } from '@playwright/test';
import { apiSession } from './helpers';

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
