import { DEMO_ROLES } from '../server.mjs';
import { apiSession, apiView, baseUrl, expect, login, shot, shownNavIds, test } from './helpers';

for (const role of DEMO_ROLES) {
  test(`${role} sees exactly the navigation and tools the policies allow`, async ({ page }) => {
    const expected = await apiView(role);
    await login(page, role);
    expect(await shownNavIds(page)).toEqual(expected.navIds);

    const tools = (expected.options.tools ?? []).map((t) => t.id).sort();
    if (tools.length === 0) {
      await expect(page.getByTestId('tools-menu')).toHaveCount(0);
    } else {
      await page.getByTestId('tools-menu').click();
      const shown = await page.locator('[role=menu] [data-tool-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tool-id')));
      expect(shown.sort()).toEqual(tools);
      await page.keyboard.press('Escape');
    }
    await expect(page.getByTestId('help-button')).toHaveCount(expected.options.helpEnabled ? 1 : 0);
    if (role === 'admin') await shot(page, 'dashboard-admin');
  });
}

test('admin sees the Admin module, an ordinary user does not', async () => {
  const admin = await apiView('admin');
  const user = await apiView('user');
  expect(admin.modules.map((m) => m.id)).toContain('admin');
  expect(user.modules.map((m) => m.id)).not.toContain('admin');
});

test('tools follow the role: travel calendar for user and admin, key item price for editors, spending approval for senior approvers', async () => {
  const tools = async (role: string) => ((await apiView(role)).options.tools ?? []).map((t) => t.id).sort();
  expect(await tools('user')).toEqual(['travelCalendar']);
  expect(await tools('editor')).toEqual(['keyItemPrice', 'upcLookup']);
  expect(await tools('seniorApprover')).toEqual(['spendingApproval']);
  expect(await tools('admin')).toEqual(['keyItemPrice', 'spendingApproval', 'travelCalendar', 'upcLookup']);
});

test('a gated URL typed by a user without permission lands on the dashboard', async ({ page }) => {
  await login(page, 'user');
  for (const path of ['/advertising/libraries/manage', '/admin', '/orders/coordinator-assignments', '/no/such/page', '/']) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('quick-links')).toBeVisible();
  }
});

test('a deep link opened while logged out asks for login first', async ({ page }) => {
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test("the spec's bare paths open their screen or its default child", async ({ page }) => {
  const api = await apiSession('editor');
  const res = await api.ctx.get('/api/assortments?view=all');
  expect(res.ok()).toBeTruthy();
  const id = ((await res.json()).data.items as Array<{ _id: string; type: string }>).find((a) => a.type === 'item')!._id;
  await login(page, 'editor');
  const cases: Array<[string, RegExp]> = [
    [`/product/assortments/assortment/${id}`, new RegExp(`/product/assortments/assortment/${id}/manage$`)],
    ['/product/libraries/manage', /\/product\/libraries\/manage\/documents\/pending$/],
    ['/global-retail/libraries/manage', /\/global-retail\/libraries\/manage\/pending$/],
    ['/product/libraries', /\/product\/libraries\/samples\/(production|sales)$/],
  ];
  for (const [path, landed] of cases) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page).toHaveURL(landed);
  }
  await api.ctx.dispose();
});
