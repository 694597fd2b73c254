import type { Browser, Locator, Page } from '@playwright/test';
import { animationsDone, apiSession, baseUrl, draftSampleOrder, expect, login, shot, test, type Api, signIn } from './helpers';

/**
 * Live collaboration on an order's lines: the two sample coordinators have a submitted order
 * open in two browsers; a quantity one sets shows in the other's grid without a reload, the
 * line's history lists the change with who made it, "Revert to this value" puts an earlier
 * quantity back (in both grids, listed as a revert); a comment on the line mentions the
 * requester, who finds the notification.
 */

interface Line {
  id: string;
  quantity: number;
}

interface Order {
  _id: string;
  orderNumber: number;
  version: number;
  products: Line[];
}

const lines = (page: Page) => page.getByTestId('order-lines');
const cell = (grid: Locator, row: number, field: string): Locator => grid.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${field}"]`).first();

/** A submitted sample order of the demo user with one line of quantity 1. */
async function submittedOrder(api: Api): Promise<Order> {
  const o = (await draftSampleOrder(api, 'E2E collaboration')) as Order;
  const submitted = await api.ctx.patch(`/api/orders/samples/order/batch/${o._id}`, { data: { version: o.version, submit: true }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(submitted.ok()).toBeTruthy();
  return o;
}

async function openOrder(browser: Browser, role: string, number: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, role);
  await page.goto(`${baseUrl()}/orders/samples/order/${number}`);
  await expect(cell(lines(page), 0, 'quantity')).toHaveText('1', { timeout: 30_000 });
  await expect(page.getByTestId('lines-live')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  return page;
}

async function setQuantity(page: Page, n: string) {
  await cell(lines(page), 0, 'quantity').dblclick();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(n);
  await page.keyboard.press('Enter');
}

test('an edit shows in the other browser, the line history reverts it and a mention notifies', async ({ browser }) => {
  test.setTimeout(180_000);
  const api = await apiSession('user');
  const o = await submittedOrder(api);
  const first = await openOrder(browser, 'coordinator', o.orderNumber);
  const second = await openOrder(browser, 'seniorCoordinator', o.orderNumber);

  // The first coordinator sets the quantity; the second sees it without reloading.
  await setQuantity(first, '5');
  await expect(cell(lines(second), 0, 'quantity')).toHaveText('5', { timeout: 10_000 });

  // The line's history lists the change; a revert sets the quantity back in both grids.
  await cell(lines(second), 0, 'quantity').click({ button: 'right' });
  await second.getByTestId('grid-context-menu').getByRole('menuitem', { name: 'Show history' }).click();
  const panel = second.getByTestId('history-panel');
  const entry = panel.getByTestId('history-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute('data-field', 'quantity');
  await expect(entry.getByTestId('history-old')).toHaveText('1');
  await expect(entry.getByTestId('history-new')).toHaveText('5');
  await expect(entry).toContainText('Cora Coordinator');
  await animationsDone(second);
  await shot(second, 'order-line-history');
  await second.getByTestId('side-panel').getByRole('button', { name: 'Close' }).click();
  await cell(lines(second), 0, 'style').click({ button: 'right' });
  await second.getByTestId('grid-context-menu').getByRole('menuitem', { name: 'Row history' }).click();
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('history-revert')).toHaveCount(0); // 5 is the value now: nothing to revert to
  await second.getByTestId('side-panel').getByRole('button', { name: 'Close' }).click();
  // A second change, then "Revert to this value" on the first puts its 5 back.
  await setQuantity(first, '7');
  await expect(cell(lines(second), 0, 'quantity')).toHaveText('7', { timeout: 10_000 });
  await cell(lines(first), 0, 'quantity').click({ button: 'right' });
  await first.getByTestId('grid-context-menu').getByRole('menuitem', { name: 'Show history' }).click();
  const entries = first.getByTestId('history-panel').getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await entries.nth(1).getByTestId('history-revert').click();
  await expect(cell(lines(first), 0, 'quantity')).toHaveText('5');
  await expect(cell(lines(second), 0, 'quantity')).toHaveText('5', { timeout: 10_000 });
  await expect(entries).toHaveCount(3);
  await expect(entries.first()).toHaveAttribute('data-via', 'revert');
  const stored = await api.ctx.post('/api/orders/samples/order/query', { data: { orderNumber: o.orderNumber }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(((await stored.json()).data as Order).products[0]?.quantity).toBe(5);
  await first.getByTestId('side-panel').getByRole('button', { name: 'Close' }).click();

  // A comment on the line mentions the requester, who finds the notification.
  await cell(lines(first), 0, 'style').click({ button: 'right' });
  await first.getByTestId('grid-context-menu').getByRole('menuitem', { name: 'Comments' }).click();
  const comments = first.getByTestId('comments-panel');
  await expect(comments.getByText('No comments on this row yet.')).toBeVisible();
  const text = comments.getByTestId('comments-new-text');
  await text.fill('Quantity checked, @Um');
  await expect(comments.getByTestId('comments-mentions').getByRole('option', { name: /Uma User/ })).toBeVisible();
  await text.press('Enter');
  await text.pressSequentially('thanks');
  await comments.getByTestId('comments-new-send').click();
  await expect(comments.getByTestId('comment')).toHaveCount(1);
  await expect(comments.getByTestId('comment').locator('mark')).toHaveText('@Uma User');
  await animationsDone(first);
  await shot(first, 'order-line-comments');

  const requester = await (await browser.newContext()).newPage();
  await login(requester, 'user');
  await requester.getByTestId('notifications-button').click();
  await expect(requester.getByTestId('notification-drawer').getByText('Cora Coordinator mentioned you in a comment').first()).toBeVisible();
  for (const p of [first, second, requester]) await p.context().close();
  await api.ctx.dispose();
});
