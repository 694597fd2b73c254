import { statSync } from 'node:fs';
import { request as pwRequest, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../server.mjs';
import { expect as baseExpect, baseUrl, login, shot, test, signIn } from './helpers';

/**
 * Orders against the real server (issue 12 "Done when"): a user creates a sample order, adds
 * styles by search and by paste and submits it; the coordinator finds it in active orders, edits
 * it and marks it complete. A promo order goes user → approver → senior approver, each seeing it
 * in needs-review with a notification, and a denied line reaches the requester. A user without
 * the wof flag cannot open wholesale orders, on the page or through the API. A list of more than
 * 100 orders is read in blocks as the user scrolls, sorted on the server. Every step is checked
 * against the server through the API.
 */

// The machine the suite runs on is shared: a page's first paint loads its remote and catalogs.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

interface Line {
  id: string;
  version: number;
  style: string;
  color: string;
  status: string;
  quantity: number | null;
}

interface Order {
  _id: string;
  orderNumber: number;
  status: string;
  orderApprovalStatus: string;
  version: number;
  comment?: string;
  products: Line[];
}

/** An order list row of the grid protocol (docs/grid.md §1). */
interface ListRow {
  id: string;
  version: number;
  orderNumber: number;
  purpose: string;
}

interface Api {
  ctx: APIRequestContext;
  csrf: string;
}

async function apiSession(role: string): Promise<Api> {
  const ctx = await pwRequest.newContext({ baseURL: baseUrl() });
  const res = await ctx.post('/api/users/session', { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return { ctx, csrf: ((await res.json()).data as { csrfToken: string }).csrfToken };
}

async function orderOf(api: Api, area: string, orderNumber: number): Promise<Order> {
  const res = await api.ctx.post(`/api/orders/${area}/order/query`, { data: { orderNumber }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok()).toBeTruthy();
  const o = (await res.json()).data as Order;
  return { ...o, products: o.products ?? [] };
}

/** Style/colours of the catalog that orders accept (read from the products module). */
async function catalogPairs(api: Api, n: number): Promise<Array<{ style: string; color: string }>> {
  const res = await api.ctx.post('/api/products/query', { data: { limit: 200 }, headers: { 'X-CSRF-Token': api.csrf } });
  expect(res.ok()).toBeTruthy();
  const rows = (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { style?: string; color?: string })
    .filter((r): r is { style: string; color: string } => !!r.style && !!r.color);
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.style) && seen.add(r.style)).slice(0, n);
}

const lines = (page: Page) => page.getByTestId('order-lines');
const cell = (grid: Locator, row: number, field: string): Locator => grid.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${field}"]`).first();
const toast = (page: Page, text: string | RegExp) => page.locator('.its-toast').filter({ hasText: text }).first();

/** The grid calls the page makes under path from now on (POST bodies with their path as url). */
function gridReads(page: Page, path: string): Array<Record<string, unknown>> {
  const reads: Array<Record<string, unknown>> = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(`${path}/`)) reads.push({ url: new URL(r.url()).pathname, ...(r.postDataJSON() as Record<string, unknown>) });
  });
  return reads;
}

async function openAs(browser: Browser, role: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await login(page, role);
  return page;
}

/** Creates an order through its New order dialog and answers its number. */
async function newOrder(page: Page, area: string, fill: (dialog: Locator) => Promise<void>): Promise<number> {
  await page.getByTestId('new-order').click();
  const dialog = page.getByTestId('new-order-dialog');
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByTestId('new-order-create').click();
  await expect(page).toHaveURL(new RegExp(`/orders/${area}/order/\\d+$`));
  await expect(page.getByTestId('order-detail')).toBeVisible();
  return Number(await page.getByTestId('order-detail').getAttribute('data-order'));
}

async function pasteStyles(page: Page, text: string, n: number) {
  await page.getByTestId('lines-paste').click();
  await page.getByTestId('paste-styles-text').fill(text);
  await page.getByTestId('paste-styles-add').click();
  await expect(toast(page, `${n} Item(s) added to the order`)).toBeVisible();
}

async function openFromList(page: Page, path: string, orderNumber: number) {
  await page.goto(`${baseUrl()}${path}`);
  const link = page.getByTestId('order-list').locator(`[data-testid="open-order"][data-order="${orderNumber}"]`);
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByTestId('order-detail')).toHaveAttribute('data-order', String(orderNumber));
}

test.describe('orders', () => {
  test('a sample order: created, styles added by search and paste, submitted; the coordinator edits it and marks it complete', async ({ page, browser }) => {
    const api = await apiSession('user');
    const [first, second] = await catalogPairs(api, 2);
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/orders/samples`);
    await expect(page).toHaveURL(/\/orders\/samples\/active-orders$/);
    // Newest order first.
    const numbers = await page.getByTestId('order-list').getByTestId('open-order').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-order'))));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await shot(page, 'orders-samples-active');

    const n = await newOrder(page, 'samples', async (d) => {
      await expect(d.getByTestId('new-coordinator')).toHaveValue('CRD001');
      await d.getByTestId('new-purpose').fill('E2E sample order');
    });
    await expect(page.getByTestId('order-status')).toHaveText('DRAFT');

    // By search: a new row, the style and colour typed with the catalog's suggestions.
    await page.getByTestId('lines-add').click();
    await expect(lines(page).locator('.its-grid-editor')).toBeFocused();
    await page.keyboard.type(first!.style);
    await page.keyboard.press('Tab');
    await page.keyboard.type(first!.color);
    await page.keyboard.press('Enter');
    await page.getByTestId('lines-save-new').click();
    await expect.poll(async () => (await orderOf(api, 'samples', n)).products.map((l) => `${l.style}/${l.color}`)).toEqual([`${first!.style}/${first!.color}`]);

    // By paste: a style, colour and quantity per line.
    await pasteStyles(page, `${second!.style}\t${second!.color}\t2`, 1);
    await expect.poll(async () => (await orderOf(api, 'samples', n)).products.length).toBe(2);
    await expect(lines(page).locator('.ag-row')).toHaveCount(2);
    await shot(page, 'orders-sample-draft');

    await page.getByTestId('order-submit').click();
    await expect(page.getByTestId('order-status')).toHaveText('SUBMITTED');
    expect((await orderOf(api, 'samples', n)).status).toBe('SUBMITTED');
    // One "Export to Excel" on the page: the lines grid's, from the kit's export menu.
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toHaveCount(1);
    const download = page.waitForEvent('download');
    await lines(page).getByTestId('grid-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Order_${n}.xlsx`);
    expect(statSync(await file.path()).size).toBeGreaterThan(1000);

    // The coordinator sees it in active orders with a notification, edits a quantity, completes it.
    const coord = await openAs(browser, 'coordinator');
    const capi = await apiSession('coordinator');
    await coord.goto(`${baseUrl()}/orders/samples/active-orders`);
    await expect(coord.getByTestId('view-as-coordinator')).toHaveValue('CRD001');
    await expect(coord.getByTestId('order-notifications')).toContainText(`Order ${n} was submitted`);
    await openFromList(coord, '/orders/samples/active-orders', n);
    await shot(coord, 'orders-sample-coordinator');
    const qty = cell(lines(coord), 0, 'quantity');
    await qty.dblclick();
    await coord.keyboard.press('Control+a');
    await coord.keyboard.type('3');
    await coord.keyboard.press('Enter');
    await expect(lines(coord).getByTestId('grid-save-state')).toHaveAttribute('data-state', /pending|saving|saved/);
    await expect(toast(coord, /^Success$/)).toBeVisible({ timeout: 10_000 });
    await expect.poll(async () => (await orderOf(capi, 'samples', n)).products.some((l) => l.quantity === 3)).toBe(true);
    expect((await orderOf(capi, 'samples', n)).status).toBe('IN PROGRESS');
    await coord.getByTestId('order-complete').click();
    await expect(coord.getByTestId('order-status')).toHaveText('COMPLETED');
    expect((await orderOf(capi, 'samples', n)).status).toBe('COMPLETED');
    await expect(coord.getByTestId('order-read-only')).toBeVisible();
    await coord.context().close();
    await api.ctx.dispose();
    await capi.ctx.dispose();
  });

  test('a promo order goes user → approver → senior approver with notifications and the review buttons; an approver is not offered as his own approver', async ({ page, browser }) => {
    const api = await apiSession('user');
    const pairs = await catalogPairs(api, 2);
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/orders/promos/needs-review`);
    const n = await newOrder(page, 'promos', async (d) => {
      await d.getByTestId('new-approver').selectOption('APR001');
      await d.getByTestId('new-senior-approver').selectOption('SAP001');
      await d.getByTestId('new-purpose').fill('E2E promo order');
    });
    await pasteStyles(page, pairs.map((p) => `${p.style}\t${p.color}\t1`).join('\n'), 2);
    // The requester's own lines start APPROVED (spec §4.3).
    expect((await orderOf(api, 'promos', n)).products.map((l) => l.status)).toEqual(['APPROVED', 'APPROVED']);
    await page.getByTestId('order-submit').click();
    await expect(page.getByTestId('order-status')).toHaveText('REQUIRES APPROVER');

    // The approver: the order waits in needs-review with a notification; one line denied, passed on.
    const approver = await openAs(browser, 'approver');
    await approver.goto(`${baseUrl()}/orders/promos/needs-review`);
    await expect(approver.getByTestId('order-notifications')).toContainText(`Order ${n} needs your review`);
    // An approver making a promo order of his own is not offered as its approver.
    await approver.getByTestId('new-order').click();
    const own = approver.getByTestId('new-order-dialog');
    await expect(own.getByTestId('new-approver').locator('option[value="APR001"]')).toHaveCount(0);
    await expect(own.getByTestId('new-senior-approver').locator('option[value="SAP001"]')).toHaveCount(1);
    await shot(approver, 'orders-promo-own-approver-picker');
    await own.getByRole('button', { name: 'Cancel' }).click();
    await openFromList(approver, '/orders/promos/needs-review', n);
    // Deny all with a comment from the review bar, then approve one line again from its status
    // cell (the keyboard path stays).
    await approver.getByTestId('review-comment').fill('One style is over budget');
    await approver.getByTestId('review-deny-all').click();
    await expect(toast(approver, '2 lines denied')).toBeVisible();
    const aapi = await apiSession('approver');
    await expect.poll(async () => (await orderOf(aapi, 'promos', n)).products.map((l) => l.status)).toEqual(['DENIED', 'DENIED']);
    expect((await orderOf(aapi, 'promos', n)).comment).toContain('One style is over budget');
    const status = cell(lines(approver), 1, 'status');
    await status.dblclick();
    await approver.keyboard.press('Control+a');
    await approver.keyboard.type('APPROVED');
    await approver.keyboard.press('Enter');
    await expect.poll(async () => (await orderOf(aapi, 'promos', n)).products.map((l) => l.status).sort()).toEqual(['APPROVED', 'DENIED']);
    await shot(approver, 'orders-promo-approver');
    await approver.getByTestId('order-submit').click();
    await expect(approver.getByTestId('order-status')).toHaveText('REQUIRES SENIOR');
    await approver.context().close();

    // The senior approver completes the review.
    const senior = await openAs(browser, 'seniorApprover');
    await senior.goto(`${baseUrl()}/orders/promos/needs-review`);
    await expect(senior.getByTestId('order-notifications')).toContainText(`Order ${n} needs your review`);
    await openFromList(senior, '/orders/promos/needs-review', n);
    // The senior approver approves the denied line back with the Approve button: focus, then click.
    const denied = (await orderOf(aapi, 'promos', n)).products.findIndex((l) => l.status === 'DENIED');
    await cell(lines(senior), denied, 'style').click();
    await senior.getByTestId('review-approve').click();
    await expect(toast(senior, '1 line approved')).toBeVisible();
    await expect.poll(async () => (await orderOf(aapi, 'promos', n)).products.map((l) => l.status)).toEqual(['APPROVED', 'APPROVED']);
    await senior.getByTestId('order-submit').click();
    await expect(senior.getByTestId('order-status')).toHaveText('REVIEW COMPLETE');
    await senior.context().close();

    // The requester is told: both approved.
    expect((await orderOf(api, 'promos', n)).status).toBe('REVIEW COMPLETE');
    await page.goto(`${baseUrl()}/orders/promos/reviewed`);
    await expect(page.getByTestId('order-notifications')).toContainText(`Order ${n} was reviewed`);
    const notes = await api.ctx.post('/api/notifications/PromoOrderNotification/query', { data: {}, headers: { 'X-CSRF-Token': api.csrf } });
    // Kept as a message id and its values, worded in the reader's language by the page.
    const items = ((await notes.json()).data as { items: Array<{ messageId?: string; values?: Record<string, unknown> }> }).items;
    const reviewed = items.find((i) => i.messageId === 'notifications.message.promoReviewed' && String(i.values?.orderNumber) === String(n));
    expect(reviewed?.values).toMatchObject({ approved: 2, denied: 0 });
    await shot(page, 'orders-promo-reviewed');
    await aapi.ctx.dispose();
    await api.ctx.dispose();
  });

  test('a failed fetch of the approvers says the spec’s Users fetch failed!, and the pickers stay empty', async ({ page }) => {
    await login(page, 'user');
    await page.route('**/approvers/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
    await page.goto(`${baseUrl()}/orders/promos/needs-review`);
    await page.getByTestId('new-order').click();
    const dialog = page.getByTestId('new-order-dialog');
    await expect(toast(page, 'Users fetch failed!')).toBeVisible();
    await expect(page.locator('.its-toast').filter({ hasText: 'Users fetch failed!' })).toHaveCount(1);
    await expect(dialog.getByTestId('new-approver').locator('option')).toHaveCount(1);
    await shot(page, 'orders-approvers-fetch-failed');
    await page.unroute('**/approvers/**');
  });

  test('a rejected submit lists each server error on its own line', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/orders/promos/needs-review`);
    // No approvers: the server refuses the submit and names both fields.
    await newOrder(page, 'promos', async (d) => d.getByTestId('new-purpose').fill('E2E rejected'));
    const api = await apiSession('user');
    const pairs = await catalogPairs(api, 1);
    await pasteStyles(page, `${pairs[0]!.style}\t${pairs[0]!.color}`, 1);
    await page.getByTestId('order-submit').click();
    const rejected = page.locator('.its-toast').filter({ has: page.locator('[data-code="ITS_FE_ERROR_ORDER_REJECTED"]') });
    await expect(rejected).toContainText('Order Rejected');
    await expect(rejected.locator('.or-error-line')).toHaveText(['A promo order needs an approver', 'A promo order needs a senior approver']);
    await shot(page, 'orders-submit-rejected');
    await api.ctx.dispose();
  });

  test('a paste with one unknown style adds the other lines and names the refused one', async ({ page }) => {
    const api = await apiSession('user');
    const pairs = await catalogPairs(api, 2);
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/orders/samples/active-orders`);
    const n = await newOrder(page, 'samples', async (d) => d.getByTestId('new-purpose').fill('E2E partial paste'));
    await page.getByTestId('lines-paste').click();
    await page.getByTestId('paste-styles-text').fill([`${pairs[0]!.style}\t${pairs[0]!.color}\t2`, 'ZZ9999\tNOPE\t1', `${pairs[1]!.style}\t${pairs[1]!.color}\t3`].join('\n'));
    await page.getByTestId('paste-styles-add').click();
    await expect(toast(page, '2 Item(s) added to the order')).toBeVisible();
    await expect(page.getByTestId('paste-refused-line')).toHaveCount(1);
    await expect(page.getByTestId('paste-refused-line')).toContainText('Line 2: ZZ9999/NOPE');
    await shot(page, 'orders-paste-partial');
    expect((await orderOf(api, 'samples', n)).products.map((l) => l.style)).toEqual([pairs[0]!.style, pairs[1]!.style]);
    await api.ctx.dispose();
  });

  test('a wof buyer builds a wholesale order from an assortment, is warned for a bad pack code and an old start date, fixes them and submits', async ({ page }) => {
    const api = await apiSession('editor');
    const list = await api.ctx.get('/api/assortments?view=all');
    const items = ((await list.json()).data as { items: Array<{ _id: string; type: string; method: string; productCount: number }> }).items;
    // The server refuses a size outside a style's size range: the assortment's first style must
    // come in size 9 (a numeric range such as 7-14), the size typed below.
    const takesSize9 = async (id: string) => {
      const res = await api.ctx.post('/api/assortments/products/query', { data: { assortmentId: id, limit: 1 }, headers: { 'X-CSRF-Token': api.csrf } });
      const first = (await res.text()).split('\n')[1];
      const range = first ? ((JSON.parse(first) as { locations?: Array<{ sizeRange?: string }> }).locations?.[0]?.sizeRange ?? '') : '';
      const m = /^(\d+(?:\.5)?)-(\d+(?:\.5)?)$/.exec(range);
      return !!m && Number(m[1]) <= 9 && Number(m[2]) >= 9;
    };
    let source: (typeof items)[number] | undefined;
    for (const a of items) {
      if (a.type === 'item' && a.method === 'static' && a.productCount > 0 && (await takesSize9(a._id))) {
        source = a;
        break;
      }
    }
    expect(source).toBeTruthy();
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/product/assortments/assortment/${source!._id}/create-order`);
    await page.getByTestId('from-assortment-wholesale').click();
    const dialog = page.getByTestId('new-order-dialog');
    await expect(dialog).toContainText('New wholesale order');
    // The customer: found by the start of its name in its region, then read with its terms.
    await expect(dialog.getByTestId('customer-region')).toHaveValue('US');
    await dialog.getByTestId('customer-name').fill('bays');
    await dialog.getByTestId('customer-name-options').getByRole('option', { name: /Bayside Footwear/ }).click();
    const card = dialog.getByTestId('customer-card');
    await expect(card.getByTestId('customer-card-name')).toHaveText('Bayside Footwear');
    await expect(card).toContainText('A100100');
    await expect(card).toContainText('Oxnard');
    await card.getByTestId('customer-terms').selectOption('N60');
    await dialog.getByTestId('new-po').fill('PO-E2E');
    await shot(page, 'orders-wholesale-new-dialog');
    await dialog.getByTestId('new-order-create').click();
    await expect(page).toHaveURL(/\/orders\/wholesale\/order\/\d+$/);
    const n = Number(await page.getByTestId('order-detail').getAttribute('data-order'));
    const created = (await orderOf(api, 'wholesale', n)) as Order & { customer: { id: string; name: string; termsInfo: { code: string } }; account: string; region: string };
    expect([created.customer.id, created.customer.name, created.customer.termsInfo.code, created.account, created.region]).toEqual(['C1001', 'Bayside Footwear', 'N60', 'A100100', 'US']);
    const first = created.products;
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]!.status).toBe('PENDING');
    // The order shows its customer; another term is saved on the order.
    const customer = page.getByTestId('order-customer');
    await expect(customer.getByTestId('customer-card-name')).toHaveText('Bayside Footwear');
    await customer.getByTestId('customer-terms').selectOption('N30');
    await expect.poll(async () => ((await orderOf(api, 'wholesale', n)) as unknown as { customer: { termsInfo: { code: string } } }).customer.termsInfo.code).toBe('N30');
    // Another customer, found by name: the order takes its account.
    await customer.getByTestId('order-customer-change').click();
    const change = page.getByTestId('customer-dialog');
    await change.getByTestId('customer-name').fill('desert');
    await expect(change.getByTestId('customer-name-options')).toContainText('Desert Sole');
    await shot(page, 'orders-wholesale-customer-dialog');
    await change.getByTestId('customer-name').press('Enter');
    await expect(change).toHaveCount(0);
    await expect(customer.getByTestId('customer-card-name')).toHaveText('Desert Sole');
    const moved = (await orderOf(api, 'wholesale', n)) as unknown as { customer: { id: string }; account: string; repNumber: string };
    expect([moved.customer.id, moved.account, moved.repNumber]).toEqual(['C1008', 'A100800', 'R102']);
    // The rep: an inactive one is refused before it is sent, an active one is saved.
    const rep = page.getByTestId('order-rep');
    await expect(rep).toHaveValue('R102');
    await rep.fill('r999');
    await rep.press('Enter');
    await expect(page.getByTestId('order-rep-error')).toHaveText('R999 is not an active rep.');
    expect(((await orderOf(api, 'wholesale', n)) as unknown as { repNumber: string }).repNumber).toBe('R102');
    await rep.fill('r101');
    await rep.press('Enter');
    await expect.poll(async () => ((await orderOf(api, 'wholesale', n)) as unknown as { repNumber: string }).repNumber).toBe('R101');
    await expect(page.getByTestId('order-rep-error')).toHaveCount(0);

    const grid = lines(page);
    // Columns render as they scroll into view: the dates sit right of the size matrix.
    const typeInto = async (field: string, text: string) => {
      await grid.locator('.ag-body-horizontal-scroll-viewport').evaluate((el, right) => (el.scrollLeft = right ? el.scrollWidth : 0), field.endsWith('Date'));
      await cell(grid, 0, field).dblclick();
      await page.keyboard.press('Control+a');
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    };
    // A-L pack codes are warned (spec §5.2): a warning toast, and the cell is cleared.
    await typeInto('packCode', 'a12');
    await expect(toast(page, 'Pack code A12: A-L codes cannot be ordered')).toBeVisible();
    await expect(cell(grid, 0, 'packCode')).toHaveText('');
    // A start date two weeks back is warned with the spec's words and not written.
    const past = new Date(Date.now() - 14 * 86_400_000);
    const mdy = `${String(past.getMonth() + 1).padStart(2, '0')}/${String(past.getDate()).padStart(2, '0')}/${past.getFullYear()}`;
    await typeInto('startDate', mdy);
    await expect(toast(page, 'Start date cannot be more than 1 week in the past')).toBeVisible();
    await shot(page, 'orders-wholesale-warned');

    // Fixed: an S-Z pack code and units in the colour × size matrix.
    await typeInto('packCode', 's01');
    await typeInto('size_9', '4');
    await expect.poll(async () => {
      const l = (await orderOf(api, 'wholesale', n)).products[0] as unknown as { packCode: string; sizes: Record<string, number> };
      return [l.packCode, l.sizes?.['9']];
    }).toEqual(['S01', 4]);
    await expect(cell(grid, 0, 'totalUnits')).toHaveText('4');
    // The header totals the order in its currency, as the server rounds it.
    await expect(page.getByTestId('fact-totalUnits')).toContainText('4');
    await expect(page.getByTestId('fact-totalAmount')).toBeVisible();
    await shot(page, 'orders-wholesale-matrix');
    await page.getByTestId('order-submit').click();
    await expect(page).toHaveURL(/\/orders\/wholesale\/active$/);
    expect((await orderOf(api, 'wholesale', n)).status).toBe('SUBMITTED');
    await api.ctx.dispose();
  });

  test('a wholesale order for a customer priced in EUR: catalogue prices and total, a discount, a warned pack code cleared while the sizes save', async ({ page }) => {
    // The orders admin sees every pricing location and may give a discount.
    const api = await apiSession('admin');
    const headers = { 'X-CSRF-Token': api.csrf };
    // A European style priced at the EU location in EUR, in sizes 7-14.
    const res = await api.ctx.get('/api/orders/wof/styles/Europe/EU/EUR');
    expect(res.ok()).toBeTruthy();
    const styles = (await res.json()).data as Array<{ style: string; colors: Array<{ color: string; sizeRange: string; wholesalePrice: number | null }> }>;
    const pick = styles.flatMap((st) => st.colors.map((c) => ({ style: st.style, ...c }))).find((c) => c.sizeRange === '7-14' && c.wholesalePrice);
    expect(pick).toBeTruthy();
    const price = pick!.wholesalePrice!;
    const created = await api.ctx.post('/api/orders/wholesale/active', {
      headers,
      data: { customer: { id: 'C2001', region: 'Europe' }, origin: 'EU', currency: 'EUR', products: [{ tempId: 'a', style: pick!.style, color: pick!.color, values: { sizes: { '9': 2 } } }] },
    });
    expect(created.status()).toBe(201);
    const n = ((await created.json()).data as Order).orderNumber;
    await signIn(page, 'admin');
    await page.goto(`${baseUrl()}/orders/wholesale/order/${n}`);
    const grid = lines(page);
    const reveal = async (field: string) => {
      const viewport = grid.locator('.ag-body-horizontal-scroll-viewport');
      await viewport.evaluate((el) => (el.scrollLeft = 0));
      for (let i = 0; i < 30 && (await cell(grid, 0, field).count()) === 0; i++) await viewport.evaluate((el) => (el.scrollLeft += 150));
      await cell(grid, 0, field).scrollIntoViewIfNeeded();
    };
    const typeInto = async (field: string, text: string) => {
      await reveal(field);
      await cell(grid, 0, field).dblclick();
      await page.keyboard.press('Control+a');
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    };
    // The line carries the catalogue's EUR price; the header totals it in euros.
    await reveal('unitPrice');
    await expect(cell(grid, 0, 'unitPrice')).toContainText(price.toFixed(2));
    await expect(page.getByTestId('fact-totalAmount')).toContainText('€');
    await expect(page.getByTestId('fact-totalAmount')).toContainText((2 * price).toFixed(2));
    // An orders admin may give a discount: recorded with who, and the total follows the server.
    await typeInto('discount', '10');
    await expect.poll(async () => {
      const l = (await orderOf(api, 'wholesale', n)).products[0] as unknown as { discount: number; discountBy: string };
      return [l.discount, l.discountBy];
    }).toEqual([10, 'ADM001']);
    const net = price - Math.round(price * 10) / 100;
    await expect(page.getByTestId('fact-totalAmount')).toContainText((2 * net).toFixed(2));
    await shot(page, 'orders-wholesale-eur-discount');
    // An unknown pack code is cleared with the spec's warning; the units typed with it are saved.
    await typeInto('packCode', 'x99');
    await typeInto('size_10', '3');
    await expect(toast(page, 'Unknown pack code X99')).toBeVisible();
    await expect(page.locator('.its-toast[data-toast-type="warning"]').filter({ hasText: 'Unknown pack code X99' })).toContainText('Warning');
    await shot(page, 'orders-wholesale-warned-pack-code');
    await expect.poll(async () => {
      const l = (await orderOf(api, 'wholesale', n)).products[0] as unknown as { packCode: string | null; sizes: Record<string, number> };
      return [l.packCode, l.sizes?.['9'], l.sizes?.['10']];
    }).toEqual([null, 2, 3]);
    await reveal('packCode');
    await expect(cell(grid, 0, 'packCode')).toHaveText('');
    await api.ctx.dispose();
  });

  test('without the wof flag wholesale orders are closed, on the page and through the API', async ({ page }) => {
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/orders/wholesale/active`);
    await expect(page).not.toHaveURL(/\/orders\/wholesale/);
    await expect(page.getByTestId('orders-wholesale-active')).toHaveCount(0);
    const api = await apiSession('user');
    const res = await api.ctx.post('/api/orders/wholesale/active/query', { data: {}, headers: { 'X-CSRF-Token': api.csrf } });
    expect(res.status()).toBe(403);
    const create = await api.ctx.post('/api/orders/wholesale/active', { data: {}, headers: { 'X-CSRF-Token': api.csrf } });
    expect(create.status()).toBe(403);
    await api.ctx.dispose();

    // A wof user opens the list.
    const editor = await apiSession('editor');
    expect((await editor.ctx.post('/api/orders/wholesale/active/query', { data: {}, headers: { 'X-CSRF-Token': editor.csrf } })).ok()).toBeTruthy();
    await editor.ctx.dispose();
  });

  test('a senior coordinator manages the coordinator assignments; a coordinator viewing as an empty one sees the empty states', async ({ page, browser }) => {
    const sapi = await apiSession('seniorCoordinator');
    const assignments = async () =>
      ((await (await sapi.ctx.get('/api/coordinatorAssignments', { headers: { 'X-CSRF-Token': sapi.csrf } })).json()).data as Array<{ _id: string; coordinatorCode: string; name: string; lastName: string; email: string }>);
    await signIn(page, 'seniorCoordinator');
    await page.goto(`${baseUrl()}/orders/coordinator-assignments`);
    const grid = page.getByTestId('assignments-grid');
    await expect(grid.locator('.ag-row')).toHaveCount((await assignments()).length);
    await expect(grid).toContainText('CRD001');

    // A new coordinator: typed into a new row and saved.
    await page.getByTestId('assignments-add').click();
    await expect(grid.locator('.its-grid-editor')).toBeFocused();
    for (const [text, key] of [['crd777', 'Tab'], ['Elsa', 'Tab'], ['Empty', 'Tab'], ['elsa.empty@example.com', 'Enter']] as const) {
      await page.keyboard.type(text);
      await page.keyboard.press(key);
    }
    await page.getByTestId('assignments-save-new').click();
    await expect.poll(async () => (await assignments()).find((a) => a.coordinatorCode === 'CRD777')?.email).toBe('elsa.empty@example.com');
    // An edit is saved with its version.
    const row = grid.locator('.ag-row').filter({ hasText: 'CRD777' }).first();
    await row.locator('.ag-cell[col-id="name"]').dblclick();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Elisa');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await assignments()).find((a) => a.coordinatorCode === 'CRD777')?.name).toBe('Elisa');
    await shot(page, 'orders-coordinator-assignments');

    // A coordinator may not open the screen, nor change assignments through the API.
    const coord = await openAs(browser, 'coordinator');
    await coord.goto(`${baseUrl()}/orders/coordinator-assignments`);
    await expect(coord).not.toHaveURL(/coordinator-assignments/);
    const capi = await apiSession('coordinator');
    const forged = await capi.ctx.post('/api/coordinatorAssignments', { data: { coordinatorCode: 'CRD778', name: 'X' }, headers: { 'X-CSRF-Token': capi.csrf } });
    expect(forged.status()).toBe(403);
    expect((await assignments()).some((a) => a.coordinatorCode === 'CRD778')).toBe(false);

    // Viewing as the new coordinator, who has no orders: the empty states of the spec.
    await coord.goto(`${baseUrl()}/orders/samples/active-orders`);
    await coord.getByTestId('view-as-coordinator').selectOption('CRD777');
    const empty = coord.getByTestId('order-list').getByTestId('orders-empty');
    await expect(empty).toContainText('No orders available. Click below to create your first order.');
    await expect(coord.getByTestId('empty-new-order')).toBeVisible();
    await shot(coord, 'orders-empty-active');
    await coord.goto(`${baseUrl()}/orders/samples/archived-orders`);
    await coord.getByTestId('view-as-coordinator').selectOption('CRD777');
    await expect(coord.getByTestId('order-list').getByTestId('orders-empty')).toHaveText('No orders available.');
    await expect(coord.getByTestId('empty-new-order')).toHaveCount(0);
    await coord.context().close();
    await capi.ctx.dispose();

    // Deleted again, after a confirmation.
    await row.locator('input[type=checkbox]').first().click();
    await page.getByTestId('assignments-delete').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect.poll(async () => (await assignments()).some((a) => a.coordinatorCode === 'CRD777')).toBe(false);
    await sapi.ctx.dispose();
  });

  test('two coordinators edit the same order: the stale write gets userLock and the first change stays', async ({ browser }) => {
    const api = await apiSession('user');
    const [pair] = await catalogPairs(api, 1);
    const created = await api.ctx.post('/api/orders/samples/active-orders', {
      data: { coordinatorCode: 'CRD001', purpose: 'E2E two coordinators', products: [{ tempId: 't1', style: pair!.style, color: pair!.color }] },
      headers: { 'X-CSRF-Token': api.csrf },
    });
    expect(created.status()).toBe(201);
    const o = (await created.json()).data as Order;
    const submitted = await api.ctx.patch(`/api/orders/samples/order/batch/${o._id}`, { data: { version: o.version, submit: true }, headers: { 'X-CSRF-Token': api.csrf } });
    expect(submitted.ok()).toBeTruthy();

    // Both open the order before either changes it. The second page follows no live stream, so
    // its copy stays stale (live rows would show it the first one's change before its own edit).
    const first = await openAs(browser, 'coordinator');
    const second = await openAs(browser, 'seniorCoordinator');
    await second.route('**/api/live/**', (r) => r.abort());
    for (const p of [first, second]) {
      await p.goto(`${baseUrl()}/orders/samples/order/${o.orderNumber}`);
      await expect(cell(lines(p), 0, 'quantity')).toHaveText('1');
    }
    const setQuantity = async (p: Page, n: string) => {
      await cell(lines(p), 0, 'quantity').dblclick();
      await p.keyboard.press('Control+a');
      await p.keyboard.type(n);
      await p.keyboard.press('Enter');
    };
    await setQuantity(first, '5');
    await expect.poll(async () => (await orderOf(api, 'samples', o.orderNumber)).products[0]?.quantity).toBe(5);
    // The second holds the line's old version: refused with userLock, the first change kept.
    await setQuantity(second, '7');
    await expect(toast(second, 'Your changes were not saved')).toBeVisible({ timeout: 10_000 });
    await expect(cell(lines(second), 0, 'quantity')).toHaveText('5');
    // The rows are read again with their order: the header follows the first coordinator's change.
    await expect(second.getByTestId('order-status')).toHaveText('IN PROGRESS');
    await shot(second, 'orders-user-lock');
    expect((await orderOf(api, 'samples', o.orderNumber)).products[0]?.quantity).toBe(5);
    await first.context().close();
    await second.context().close();
    await api.ctx.dispose();
  });

  test('a wholesale order answered without a status reloads once with rd=1, then says ITS_FE_ERROR_NEXTORWRK_ERROR', async ({ page }) => {
    const api = await apiSession('editor');
    const created = await api.ctx.post('/api/orders/wholesale/active', { data: { purpose: 'E2E rd=1' }, headers: { 'X-CSRF-Token': api.csrf } });
    expect(created.status()).toBe(201);
    const o = (await created.json()).data as Order;
    await login(page, 'editor');
    // The server's real answer with the order's type and status taken out, as a broken backend would send it.
    let reads = 0;
    await page.route('**/api/orders/wholesale/order/query', async (route) => {
      reads++;
      const res = await route.fetch();
      const body = (await res.json()) as { data: Partial<Order> & { type?: string } };
      delete body.data.status;
      delete body.data.type;
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(`${baseUrl()}/orders/wholesale/order/${o.orderNumber}`);
    await expect(page).toHaveURL(/[?&]rd=1$/);
    const error = toast(page, 'The order could not be loaded. Refresh the page to try again.');
    await expect(error).toBeVisible();
    await expect(error.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByTestId('order-unavailable-page')).toBeVisible();
    expect(reads).toBe(2);
    await shot(page, 'orders-wholesale-nextorwrk');
    // Persistent: it stays until closed.
    await expect(error).toHaveAttribute('data-persistent', 'true');
    // With a sound answer the page reloads into the order.
    await page.unroute('**/api/orders/wholesale/order/query');
    await error.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('PENDING');
    await api.ctx.dispose();
  });

  test('a list of more than 100 orders is read in blocks: the last order by scrolling, a header sort in the server’s order, the exact total', async ({ page }) => {
    const api = await apiSession('user');
    const path = '/api/orders/samples/active-orders';
    const read = async (body: Record<string, unknown>) => {
      const res = await api.ctx.post(`${path}/rows`, { data: body, headers: { 'X-CSRF-Token': api.csrf } });
      expect(res.ok(), await res.text()).toBeTruthy();
      return (await res.json()).data as { rows: ListRow[]; totalCount: number; nextCursor: string | null };
    };
    // More than one block of the user's active sample orders (the demo data has them; made here otherwise).
    for (let n = (await read({ limit: 1 })).totalCount; n <= 120; n++) {
      const made = await api.ctx.post(path, { data: { purpose: `E2E block ${n}` }, headers: { 'X-CSRF-Token': api.csrf } });
      expect(made.status()).toBe(201);
    }
    const all = await read({ limit: 1000 });
    const total = all.totalCount;
    expect(total).toBeGreaterThan(100);
    expect(all.rows).toHaveLength(total);

    // The list asks for its rows block by block on the grid protocol, never the whole list.
    const reads = gridReads(page, path);
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/orders/samples/active-orders`);
    const grid = page.getByTestId('order-list');
    await expect(grid.locator('.ag-row[row-index="0"]').first()).toHaveAttribute('row-id', all.rows[0]!.id);
    // The exact total: the row count and the footer's count of orders.
    await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(total));
    const count = page.getByTestId('grid-footer').locator('[data-field="orderNumber"]');
    await expect(count).toHaveAttribute('data-figure', 'count');
    await expect(count).toHaveAttribute('data-value', String(total));
    expect(reads.some((r) => r.url === `${path}/query`)).toBe(false);
    const first = reads.find((r) => r.url === `${path}/rows`);
    expect(first?.limit).toBe(100);
    expect(first?.skip ?? 0).toBe(0);

    // The jump to the end reads the last block: the user's last order, the rows after the first block read by skip or cursor.
    const viewport = grid.locator('.ag-grid-viewport').first();
    await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const last = all.rows[total - 1]!;
    await expect(grid.locator(`.ag-row[row-index="${total - 1}"]`).first()).toHaveAttribute('row-id', last.id, { timeout: 15_000 });
    await expect(grid.locator(`[data-testid="open-order"][data-order="${last.orderNumber}"]`)).toBeVisible();
    await expect(grid.locator(`.ag-row[row-index="${total}"]`)).toHaveCount(0);
    expect(reads.some((r) => r.url === `${path}/rows` && (typeof r.skip === 'number' || typeof r.cursor === 'string'))).toBe(true);
    await shot(page, 'orders-list-end');

    // A header sort is the server's: purpose ascending, ties in the server's order, from the top.
    await grid.locator('[data-testid="grid-header"][data-field="purpose"]').click();
    const sorted = await read({ sort: [{ field: 'purpose', dir: 'asc' }], limit: 3 });
    for (const [i, r] of sorted.rows.entries()) {
      await expect(grid.locator(`.ag-row[row-index="${i}"]`).first()).toHaveAttribute('row-id', r.id, { timeout: 15_000 });
    }
    expect(reads.some((r) => r.url === `${path}/rows` && JSON.stringify(r.sort) === JSON.stringify([{ field: 'purpose', dir: 'asc' }]))).toBe(true);
    // And its last row by scrolling again.
    const lastSorted = (await read({ sort: [{ field: 'purpose', dir: 'asc' }], skip: total - 1, limit: 1 })).rows[0]!;
    await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(grid.locator(`.ag-row[row-index="${total - 1}"]`).first()).toHaveAttribute('row-id', lastSorted.id, { timeout: 15_000 });
    await expect(count).toHaveAttribute('data-value', String(total));

    // Grouped by status: the server counts the groups, the rows stay read in blocks.
    const groupsRes = await api.ctx.post(`${path}/groups`, { data: { field: 'status' }, headers: { 'X-CSRF-Token': api.csrf } });
    const groups = ((await groupsRes.json()).data as { groups: Array<{ value: string; count: number }> }).groups;
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(total);
    await viewport.evaluate((el) => (el.scrollTop = 0));
    await grid.getByTestId('grid-group-by').selectOption('status');
    await expect(grid.getByTestId('grid-group-row').first()).toHaveText(`Status: ${groups[0]!.value} (${groups[0]!.count.toLocaleString('en-US')})`);
    expect(reads.find((r) => r.url === `${path}/groups`)).toMatchObject({ field: 'status' });
    const grouped = reads.filter((r) => r.url === `${path}/rows`).at(-1)!;
    expect(grouped.limit).toBe(100);
    expect((grouped.sort as Array<{ field: string }>)[0]).toEqual({ field: 'status', dir: 'asc' });
    await shot(page, 'orders-list-grouped');
    await grid.getByTestId('grid-group-by').selectOption('');
    await expect(grid.getByTestId('grid-group-row')).toHaveCount(0);
    await api.ctx.dispose();
  });

  test('the sample styles view lists the lines of the coordinator’s orders in blocks, and groups them by style on the server', async ({ page }) => {
    const api = await apiSession('coordinator');
    const path = '/api/orders/samples/sample-styles';
    const res = await api.ctx.post(`${path}/rows`, { data: { limit: 3 }, headers: { 'X-CSRF-Token': api.csrf } });
    expect(res.ok(), await res.text()).toBeTruthy();
    const first = (await res.json()).data as { rows: Array<ListRow & { style: string }>; totalCount: number };
    expect(first.totalCount).toBeGreaterThan(0);
    const reads = gridReads(page, path);
    await signIn(page, 'coordinator');
    await page.goto(`${baseUrl()}/orders/samples/sample-styles`);
    const grid = page.getByTestId('order-list');
    await expect(grid.locator('.ag-row[row-index="0"]').first()).toHaveAttribute('row-id', first.rows[0]!.id);
    await expect(cell(grid, 0, 'style')).toHaveText(first.rows[0]!.style);
    await expect(grid.getByTestId('grid-row-count')).toHaveAttribute('data-count', String(first.totalCount));
    expect(reads.find((r) => r.url === `${path}/rows`)?.limit).toBe(100);
    expect(reads.some((r) => r.url === `${path}/query`)).toBe(false);
    await grid.getByTestId('grid-group-by').selectOption('style');
    await expect(grid.getByTestId('grid-group-row').first()).toContainText(/^Style: .+ \([\d,]+\)$/);
    expect(reads.find((r) => r.url === `${path}/groups`)).toMatchObject({ field: 'style' });
    await shot(page, 'orders-sample-styles-grouped');
    await api.ctx.dispose();
  });

  test('duplicate, delete and reactivate from the lists, each with the spec’s toast', async ({ page }) => {
    const api = await apiSession('user');
    await signIn(page, 'user');
    await page.goto(`${baseUrl()}/orders/samples/archived-orders`);
    const list = page.getByTestId('order-list');
    await list.locator('.ag-row[row-index="0"] input[type=checkbox]').first().click();
    await page.getByTestId('list-duplicate').click();
    const dialog = page.getByTestId('new-order-dialog');
    await expect(dialog).toContainText(/Duplicate order \d+/);
    await dialog.getByTestId('new-order-create').click();
    await expect(toast(page, 'Order Duplicated')).toBeVisible();
    await expect(page).toHaveURL(/\/orders\/samples\/order\/\d+$/);
    await expect(page.getByTestId('order-header').getByTestId('order-status')).toHaveText('DRAFT');
    const n = Number(await page.getByTestId('order-detail').getAttribute('data-order'));
    expect((await orderOf(api, 'samples', n)).status).toBe('DRAFT');

    // Only a draft is deleted, after a confirmation.
    await page.getByTestId('order-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Order Deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/orders\/samples\/active-orders$/);
    const gone = await api.ctx.post('/api/orders/samples/order/query', { data: { orderNumber: n }, headers: { 'X-CSRF-Token': api.csrf } });
    expect(gone.status()).toBe(404);
    await api.ctx.dispose();

    // An archived wholesale order is reactivated as a new one under its own title.
    const editor = await apiSession('editor');
    await page.context().clearCookies();
    await signIn(page, 'editor');
    await page.goto(`${baseUrl()}/orders/wholesale/archived`);
    await page.getByTestId('order-list').locator('.ag-row[row-index="0"] input[type=checkbox]').first().click();
    await page.getByTestId('list-reactivate').click();
    await expect(dialog).toContainText(/Reactivate wholesale order \d+/);
    await shot(page, 'orders-wholesale-reactivate');
    await dialog.getByTestId('new-order-create').click();
    await expect(toast(page, 'Order Reactivated')).toBeVisible();
    await expect(page).toHaveURL(/\/orders\/wholesale\/order\/\d+$/);
    await expect(page.getByTestId('order-header').getByTestId('order-status')).toHaveText('PENDING');
    const m = Number(await page.getByTestId('order-detail').getAttribute('data-order'));
    expect((await orderOf(editor, 'wholesale', m)).status).toBe('PENDING');
    await editor.ctx.dispose();
  });
});
