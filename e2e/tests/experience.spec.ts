import { animationsDone, baseUrl, expect, login, shot, test } from './helpers';

test('switching the language to de-DE shows German, and the choice is kept', async ({ page }) => {
  await login(page, 'editor');
  await page.getByTestId('language-menu').click();
  await page.locator('[data-locale="de-DE"]').click();
  const bar = page.getByTestId('app-bar');
  await expect(bar.getByRole('link', { name: 'Übersicht' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ihre Bereiche' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  const prefs = await page.evaluate(() => window.localStorage.getItem('its.preferences'));
  expect(JSON.parse(prefs ?? '{}')).toMatchObject({ language: 'de-DE' });
  await page.getByTestId('dashboard-greeting').waitFor();
  await animationsDone(page);
  await shot(page, 'dashboard-de-DE');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ihre Bereiche' })).toBeVisible();
});

test('the login page offers the languages before login', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await page.getByTestId('language-select').selectOption('ja-JP');
  await expect(page.getByRole('heading', { name: 'ITS にログイン' })).toBeVisible();
});

test('a remote that fails to load shows the toast and the rest keeps working', async ({ page }) => {
  await page.route('**/remotes/dashboard/mf-manifest.json', (route) => route.abort('blockedbyclient'));
  await page.goto(`${baseUrl()}/`);
  await page.locator('input[name=email]').fill('editor@example.com');
  await page.locator('input[name=password]').fill('its-demo');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Warning: Please disable ad blockers or whitelist the product to use this site')).toBeVisible();
  await expect(page.getByTestId('remote-unavailable')).toBeVisible();
  await animationsDone(page);
  await shot(page, 'remote-failed');
  // The shell still answers: menus, drawers, language.
  await page.getByTestId('notifications-button').click();
  await expect(page.getByTestId('notification-drawer')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-name')).toHaveText('Eddie Editor');
  // Unblocked, a retry loads the dashboard.
  await page.unroute('**/remotes/dashboard/mf-manifest.json');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('quick-links')).toBeVisible();
});

test('a 5xx answer opens the Unexpected Server Error dialog', async ({ page }) => {
  await login(page, 'editor');
  await page.route('**/api/modules', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The registry could not be read.', messageCode: 'ITS_ERR_INTERNAL', details: { module: 'orders' }, requestId: 'req-42' }) }),
  );
  await page.reload();
  const dialog = page.getByTestId('server-error-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Unexpected Server Error');
  await expect(dialog.getByTestId('server-error-details')).toContainText('The registry could not be read.');
  await shot(page, 'server-error');
  await page.unroute('**/api/modules');
  await page.route('**/api/modules', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '' }));
  await page.reload();
  await expect(page.getByTestId('server-error-details')).toHaveText('- No additional information available -');
});

test('no answer at all opens the Network Error dialog', async ({ page }) => {
  await login(page, 'editor');
  await page.route('**/api/modules', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByTestId('network-error-dialog')).toContainText('Network Error');
});

test('the notification drawer counts new items and marks them read', async ({ page }) => {
  await login(page, 'editor');
  await page.getByTestId('notifications-button').click();
  const drawer = page.getByTestId('notification-drawer');
  await expect(drawer).toBeVisible();
  expect(await drawer.evaluate((el) => [getComputedStyle(el).width, getComputedStyle(el).backgroundColor])).toEqual(['360px', 'rgb(245, 245, 245)']);
  await animationsDone(page); // the drawer slides in
  await shot(page, 'notifications');
  await drawer.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(drawer.getByText('No new notifications')).toBeVisible();
});

test('help opens the side panel for users with assortments access', async ({ page }) => {
  await login(page, 'editor');
  await page.getByTestId('help-button').click();
  const panel = page.getByTestId('side-panel');
  await expect(panel.getByTestId('help-panel')).toBeVisible();
  expect(await panel.evaluate((el) => getComputedStyle(el).width)).toBe('400px');
  // Page chrome resets on a route change.
  await page.getByTestId('app-bar').getByRole('link', { name: 'ITS home' }).click();
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(panel.getByTestId('help-panel')).toHaveCount(0);
});

test('an unsupported browser gets the unsupported-browser page', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko' });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByTestId('unsupported-browser')).toContainText("You're using an unsupported browser.");
  await expect(page.getByRole('link', { name: 'Upgrade your browser' })).toBeVisible();
  await shot(page, 'unsupported-browser');
  await context.close();
});

test('tablets under 1024 px get the orientation alert', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 800, height: 1100 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByTestId('orientation-alert')).toBeVisible();
  await context.close();
});

test('in ja-JP an order list shows its statuses and product types in Japanese, not in English', async ({ page }) => {
  await login(page, 'user');
  await page.getByTestId('language-menu').click();
  await page.locator('[data-locale="ja-JP"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  for (const view of ['active-orders', 'archived-orders']) {
    await page.goto(`${baseUrl()}/orders/samples/${view}`);
    const list = page.getByTestId('order-list');
    const statuses = list.getByTestId('order-status');
    await expect(statuses.first()).toBeVisible();
    const shown = await statuses.evaluateAll((els) => els.map((e) => ({ value: e.getAttribute('data-status') ?? '', text: e.textContent ?? '' })));
    expect(shown.length).toBeGreaterThan(0);
    for (const s of shown) {
      expect(s.text, `status ${s.value}`).not.toMatch(/[A-Za-z]/);
      expect(s.value).not.toBe('');
    }
    const types = await list.locator('.ag-cell[col-id="productType"]').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
    expect(types.length).toBeGreaterThan(0);
    for (const t of types) expect(['All', 'Footwear', 'Apparel']).not.toContain(t);
    await shot(page, `orders-${view}-ja-JP`);
  }
  // An order's page: its status in the header and its lines' statuses and product types.
  await page.getByTestId('order-list').getByTestId('open-order').first().click();
  const detail = page.getByTestId('order-detail');
  await expect(detail).toBeVisible();
  await expect(page.getByTestId('order-header').getByTestId('order-status')).not.toHaveText(/[A-Za-z]/);
  const cells = detail.locator('.ag-row .ag-cell[col-id="status"], .ag-row .ag-cell[col-id="productType"]');
  await expect(cells.first()).toBeVisible();
  for (const t of await cells.evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''))) expect(t).not.toMatch(/^(DRAFT|PENDING|APPROVED|DENIED|All|Footwear|Apparel)$/);
  await shot(page, 'orders-detail-ja-JP');
});

test('a walk through the assortment pages and the product library leaves no federation or ag-grid warning in the console', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    const text = m.text();
    if (/already registered|AG Grid: (warning|error) #\d+/.test(text)) warnings.push(`${page.url()}: ${text}`);
  });
  await login(page, 'adminEditor');
  for (const path of ['/product/assortments', '/product/assortments/internal/wholesale', '/product/assortments/seasons/manage', '/product/libraries/products']) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.locator('.ag-root').first()).toBeVisible();
    // The grid's first block and its remote's chunks have come (an empty list shows no row).
    await page.waitForLoadState('networkidle');
  }
  // Back on the dashboard through the menu: the registry is not registered again.
  await page.getByTestId('app-bar').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('quick-links')).toBeVisible();
  expect(warnings).toEqual([]);
});
