/**
 * The main path with the keyboard only: log in, open a section from the app bar's menus, move
 * through a grid and edit a cell (announced to screen readers), open a dialog and leave it with
 * Escape (the focus comes back). No mouse is used.
 */
import { type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../server.mjs';
import { baseUrl, expect, test } from './helpers';

/** Presses Tab (Shift+Tab when `back`) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40, back = false) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached with Tab: ${target}`);
}

/** What has the focus: its role, its text and a few attributes. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const cell = el?.closest('[role=gridcell]');
    return {
      role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '',
      text: el?.textContent?.trim() ?? '',
      testId: el?.getAttribute('data-testid') ?? '',
      navId: el?.getAttribute('data-nav-id') ?? '',
      colId: cell?.getAttribute('col-id') ?? '',
      colIndex: cell?.getAttribute('aria-colindex') ?? '',
      rowIndex: cell?.closest('[role=row]')?.getAttribute('aria-rowindex') ?? '',
      inDialog: !!el?.closest('[role=dialog], [role=alertdialog]'),
    };
  });

test('the main path by keyboard: login, app bar menus, grid moves and edits, a dialog', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);

  // Login: the form is reached with Tab, Enter sends it.
  const form = page.getByTestId('login-form');
  await tabTo(page, form.locator('input[name=email]'));
  await page.keyboard.type(demoEmail('editor'));
  await page.keyboard.press('Tab');
  await expect(form.locator('input[name=password]')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('quick-links')).toBeVisible();

  // The app bar: a section menu opens with Enter on its first item, arrows move, Escape closes it
  // and gives the focus back; ↑ opens it on the last item.
  const group = page.getByTestId('nav-group-libraries');
  await tabTo(page, group);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  const items = await menu.locator('[role=menuitem]').evaluateAll((els) => els.map((e) => e.getAttribute('data-nav-id')));
  expect(items.length).toBeGreaterThan(1);
  expect((await focused(page)).navId).toBe(items[0]);
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).navId).toBe(items[1]);
  await page.keyboard.press('End');
  expect((await focused(page)).navId).toBe(items[items.length - 1]);
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).navId).toBe(items[0]);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(group).toBeFocused();
  await page.keyboard.press('ArrowUp');
  expect((await focused(page)).navId).toBe(items[items.length - 1]);
  await page.keyboard.press('Escape');

  // The account menu, further along the bar: ↓ opens it on Log out, Escape closes it.
  const account = page.getByTestId('user-menu');
  await tabTo(page, account, 20);
  await page.keyboard.press('ArrowDown');
  expect((await focused(page)).testId).toBe('logout');
  await page.keyboard.press('Escape');
  await expect(account).toBeFocused();
  await tabTo(page, group, 20, true);

  // Into Sample Inventory: ↓ opens the menu, arrows find the entry, Enter follows it.
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < items.length && (await focused(page)).navId !== 'sampleInventory'; i++) await page.keyboard.press('ArrowDown');
  expect((await focused(page)).navId).toBe('sampleInventory');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product\/libraries\/samples\/production$/);
  const grid = page.getByTestId('sample-grid');
  await expect(grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="style"]')).not.toHaveText('');
  await expect(grid).not.toHaveAttribute('data-loading', 'true', { timeout: 20_000 });

  // The grid is an ARIA grid; Tab enters it on a cell, arrows move and the position is the cell's.
  const table = grid.locator('[role=grid], [role=treegrid]').first();
  await expect(table).toHaveAttribute('aria-rowcount', /\d+/);
  await tabTo(page, table, 40);
  let at = await focused(page);
  if (at.role !== 'gridcell') {
    // Tab lands on the header row first: ↓ goes to the first row's cell.
    await page.keyboard.press('ArrowDown');
    at = await focused(page);
  }
  expect(at.role).toBe('gridcell');
  // Off the row selection column, onto the data.
  for (let i = 0; i < 3 && (await focused(page)).colId !== 'division'; i++) await page.keyboard.press('ArrowRight');
  at = await focused(page);
  const start = { row: Number(at.rowIndex), col: Number(at.colIndex) };
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  at = await focused(page);
  expect({ row: Number(at.rowIndex), col: Number(at.colIndex) }).toEqual({ row: start.row + 1, col: start.col + 1 });

  // To the Bin cell of that row with the arrows, type a value, Enter: the cell and the live
  // region both say it.
  for (let i = 0; i < 30 && (await focused(page)).colId !== 'bin'; i++) await page.keyboard.press('ArrowRight');
  at = await focused(page);
  expect(at.colId).toBe('bin');
  const bin = `K-${Date.now() % 100000}`;
  await page.keyboard.type(bin);
  await page.keyboard.press('Enter');
  const row = Number(at.rowIndex);
  await expect(grid.locator(`[role=row][aria-rowindex="${row}"] [col-id="bin"]`)).toHaveText(bin);
  await expect(grid.getByTestId('grid-announcer')).toContainText(`Bin, row ${row - 1}: ${bin}`);
  await expect(grid.getByTestId('grid-save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });

  // A dialog from the keyboard (Edit Cells, Ctrl+Shift+E): the focus is inside, Tab stays
  // inside, Escape closes it and the focus is back on the cell.
  await page.keyboard.press('ArrowUp');
  const opener = await focused(page);
  await page.keyboard.press('Control+Shift+E');
  const dialog = page.getByTestId('grid-edit-cells');
  await expect(dialog).toBeVisible();
  expect((await focused(page)).inDialog).toBe(true);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).inDialog).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const back = await focused(page);
  expect({ role: back.role, row: back.rowIndex, col: back.colId }).toEqual({ role: 'gridcell', row: opener.rowIndex, col: opener.colId });
});
