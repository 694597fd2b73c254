import { baseUrl, expect, shot, test, signIn } from './helpers';

/**
 * A locked order (submitted or finished: the user may no longer change it) shows its comment as
 * read-only, visibly: not editable, and drawn unlike a field the user can type in.
 */
test('the comment of a locked order is read-only and looks it; a draft’s stays editable', async ({ page }) => {
  await signIn(page, 'user');
  await page.goto(`${baseUrl()}/orders/samples/archived-orders`);
  await page.getByTestId('order-list').getByTestId('open-order').first().click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
  const locked = page.getByTestId('order-comment');
  await expect(locked).toBeVisible();
  await expect(locked).not.toBeEditable();
  const look = (el: HTMLElement) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, cursor: s.cursor };
  };
  const lockedLook = await locked.evaluate(look);
  await shot(page, 'order-locked-comment');

  await page.goto(`${baseUrl()}/orders/samples/active-orders`);
  const draft = page.getByTestId('order-list').locator('[data-testid="order-status"][data-status="DRAFT"]').first();
  // The order number is pinned: its cell sits in another container's row of the same index.
  const row = await draft.evaluate((el) => el.closest('.ag-row')?.getAttribute('row-index'));
  await page.getByTestId('order-list').locator(`.ag-row[row-index="${row}"]`).getByTestId('open-order').click();
  await expect(page.getByTestId('order-detail')).toHaveAttribute('data-status', 'DRAFT');
  const open = page.getByTestId('order-comment');
  await expect(open).toBeEditable();
  const openLook = await open.evaluate(look);
  expect(lockedLook.background).not.toBe(openLook.background);
  expect(lockedLook.cursor).not.toBe(openLook.cursor);
});
