import { type Locator, type Page } from '@playwright/test';
import { baseUrl, dragRange, expect as baseExpect, shot, test, signIn } from './helpers';

/**
 * Form rules of product spec §5.3 and the promo order filter bar of §2.6 against the real server:
 * a promo order list filtered by status and by a created-date range picked in the kit's date
 * picker (an incomplete range reverts), the date picker in the Edit Cells dialog, and the size filter of the sample inventory grid's footer (upper-cased, run on the server).
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

const orderGrid = (page: Page) => page.getByTestId('order-list');
const sampleGrid = (page: Page) => page.getByTestId('sample-grid');
const cells = (grid: Locator, field: string) => grid.locator(`.ag-row .ag-cell[col-id="${field}"]`);

const mdy = (d: Date) => `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('the promo order list filters by status and a created-date range from the date picker', async ({ page }) => {
  await signIn(page, 'user');
  await page.goto(`${baseUrl()}/orders/promos/needs-review`);
  const bar = page.getByTestId('promo-filter-bar');
  await expect(bar).toBeVisible();
  await expect(orderGrid(page)).not.toHaveAttribute('data-loading', 'true');
  await expect(cells(orderGrid(page), 'status').first()).not.toHaveText('');
  const statuses = async () => (await cells(orderGrid(page), 'status').allInnerTexts()).map((s) => s.trim());
  expect(new Set(await statuses()).size).toBeGreaterThan(1);

  // Status: only the orders of that status, read again from the server.
  const filtered = page.waitForRequest((r) => r.url().includes('/rows') && (r.postData() ?? '').includes('REQUIRES APPROVER'));
  await bar.getByTestId('promo-filter-status').selectOption('REQUIRES APPROVER');
  await filtered;
  // The rows of the other statuses leave as the filtered read lands (the list held some of that
  // status before, so seeing one is not enough).
  await expect.poll(async () => [...new Set(await statuses())]).toEqual(['REQUIRES APPROVER']);

  // The created dates: 'Select Date' until a range is picked; one day then Escape keeps nothing.
  const picker = bar.getByTestId('promo-filter-created');
  await expect(picker).toHaveText(/Select Date/);
  await picker.click();
  const today = new Date();
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  await page.locator(`[data-day="${iso(first)}"] button`).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('promo-filter-created-popover')).toHaveCount(0);
  await expect(picker).toHaveText(/Select Date/);

  // A whole range: shown MM/DD/YYYY - MM/DD/YYYY and sent as the created-date filter.
  await picker.click();
  const ranged = page.waitForRequest((r) => r.url().includes('/rows') && (r.postData() ?? '').includes('createdDate'));
  await page.locator(`[data-day="${iso(first)}"] button`).click();
  await page.locator(`[data-day="${iso(today)}"] button`).click();
  const body = JSON.parse((await ranged).postData() ?? '{}') as { filters?: Record<string, unknown> };
  // The user's days as instants (the created column is a timestamp), read by the server.
  const created = body.filters?.createdDate as { gte: string; lt: string };
  expect(Date.parse(created.lt) - Date.parse(created.gte)).toBeGreaterThanOrEqual((today.getDate() - 1) * 86_400_000);
  expect(body.filters?.status).toEqual(['REQUIRES APPROVER']);
  await expect(picker).toHaveText(new RegExp(`${mdy(first)} - ${mdy(today)}`));
  await expect(orderGrid(page)).not.toHaveAttribute('data-loading', 'true');
  await expect(orderGrid(page).getByTestId('grid-load-error')).toHaveCount(0);
  await shot(page, 'forms-promo-filter-bar');

  await bar.getByTestId('promo-filter-clear').click();
  await expect(picker).toHaveText(/Select Date/);
});

test("Edit Cells picks a date with the kit's date picker; the footer's size filter", async ({ page }) => {
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/samples/production`);
  const grid = sampleGrid(page);
  await expect(grid).toBeVisible();
  await expect(grid).not.toHaveAttribute('data-loading', 'true');
  const at = (row: number, field: string) => grid.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${field}"]`);
  await expect(at(0, 'style')).not.toHaveText('');

  // Mold dates of ten rows differ: the dialog's date starts empty.
  await dragRange(page, at(0, 'moldDate'), at(9, 'moldDate'));
  await expect(grid.locator('.its-grid-cell--range')).toHaveCount(10);
  await at(5, 'moldDate').click({ button: 'right' });
  await page.getByTestId('grid-context-menu').getByRole('menuitem', { name: /Edit cells/ }).click();
  const dialog = page.getByTestId('grid-edit-cells');
  const date = dialog.getByTestId('grid-edit-input-moldDate');
  await expect(date).toHaveText(/Select Date/);
  await expect(dialog.getByTestId('grid-edit-input-moldDate-error')).toHaveCount(0);
  // Mold Date is no required column (a ticked empty date clears the cells): no 'Required' rule.
  await dialog.getByTestId('grid-edit-change-moldDate').check();
  await expect(dialog.getByTestId('grid-edit-input-moldDate-error')).toHaveCount(0);
  await expect(dialog.getByTestId('grid-edit-apply')).toBeEnabled();
  await date.click();
  const day = new Date();
  day.setDate(15);
  await page.locator(`[data-day="${iso(day)}"] button`).click();
  await expect(date).toHaveText(new RegExp(mdy(day)));
  await expect(dialog.getByTestId('grid-edit-input-moldDate-error')).toHaveCount(0);
  await expect(dialog.getByTestId('grid-edit-apply')).toBeEnabled();
  await shot(page, 'forms-edit-cells-date');
  await dialog.getByTestId('grid-edit-cancel').click();

  // The size filter in the footer: upper-cased, 5 characters, 9H as its footwear placeholder.
  const size = page.getByTestId('size-filter');
  await expect(size).toHaveAttribute('placeholder', '9H');
  await expect(size).toHaveAttribute('maxlength', '5');
  const sent = page.waitForRequest((r) => r.url().includes('/query') && (r.postData() ?? '').includes('"size"'));
  await size.fill('xl');
  await expect(size).toHaveValue('XL');
  expect((JSON.parse((await sent).postData() ?? '{}') as { filters?: Record<string, unknown> }).filters?.size).toEqual(['XL']);
  await expect(grid).not.toHaveAttribute('data-loading', 'true');
  await expect.poll(async () => new Set((await cells(grid, 'size').allInnerTexts()).map((s) => s.trim()))).toEqual(new Set(['XL']));
  await shot(page, 'forms-size-filter');
});
