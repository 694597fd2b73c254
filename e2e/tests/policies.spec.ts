/**
 * The policy editors in the browser, on two ITS servers sharing one database: an admin takes
 * assortments.edit away from seniorEditor in the grants editor (seeing who loses it), the senior
 * editor's next edit is refused by the OTHER server, the simulator explains the deny, a rollback
 * restores it, a Rego edit that breaks a test is refused with the test named, and the audit log
 * shows all of it.
 */
import { request as pwRequest, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../server.mjs';
import { actions } from '../../shell/kit/src/generated/actions';
import { expect, login, shot, test, twoServers } from './helpers';

async function session(url: string, role: string) {
  const ctx = await pwRequest.newContext({ baseURL: url });
  const res = await ctx.post('/api/users/session', { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return { ctx, headers: { 'X-CSRF-Token': ((await res.json()).data as { csrfToken: string }).csrfToken } };
}

/** The senior editor's edit: a new assortment; answers the HTTP status. */
async function edit(api: { ctx: APIRequestContext; headers: Record<string, string> }) {
  const res = await api.ctx.post('/api/assortments', { data: { title: `Policy check ${Date.now()}`, region: 'Europe' }, headers: api.headers });
  return res.status();
}

async function versionCount(api: { ctx: APIRequestContext }) {
  const res = await api.ctx.get('/api/admin/policies/versions');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data as unknown[]).length;
}

/** Waits until the edit on the other server answers want; the time it took is annotated (the bench measures it). */
async function editAnswers(api: { ctx: APIRequestContext; headers: Record<string, string> }, allowed: boolean, what: string) {
  const t0 = Date.now();
  await expect.poll(async () => (await edit(api)) < 300, { timeout: 10_000, intervals: [50] }).toBe(allowed);
  test.info().annotations.push({ type: 'policy switch', description: `${what}: ${Date.now() - t0} ms after the save answered` });
}

const servers = twoServers();

async function openGrants(page: Page) {
  await page.goto(`${servers.a.url}/admin/policies`);
  await expect(page.getByTestId('admin-policies')).toBeVisible();
  await page.getByTestId('grants-module-assortments').click();
  await expect(page.getByTestId('grants-action-assortments.edit')).toBeVisible();
}

test('grants editor, second server, simulator, rollback, refused Rego edit, audit', async ({ page }) => {
  test.setTimeout(180_000);
  const seOnB = await session(servers.b.url, 'seniorEditor');
  const admin = await session(servers.a.url, 'admin');
  expect(await edit(seOnB), 'the shipped policies let the senior editor edit').toBeLessThan(300);

  // The admin takes assortments.edit away from seniorEditor and sees who loses it.
  await login(page, 'admin', servers.a.url);
  await openGrants(page);
  const box = page.getByTestId(`grant-${actions.assortmentsEdit.id}-0-seniorEditor`);
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(page.getByTestId('grants-changed')).toBeVisible();
  await shot(page, 'policies-grants-editor');
  await page.getByTestId('grants-review').click();
  const dialog = page.getByTestId('policy-save-dialog');
  const change = dialog.locator(`[data-testid=policy-change][data-action="${actions.assortmentsEdit.id}"]`);
  await expect(change).toBeVisible();
  await expect(change.getByTestId('affected-loss')).toContainText('senioreditor@example.com');
  await expect(change).toContainText('its:productAssortments · seniorEditor');
  // The shipped test that asserts the old grant is listed, turned around to assert the new one.
  await expect(dialog.getByTestId('policy-turn')).toContainText('test_assortments_edit_allow_seniorEditor');
  await expect(dialog.getByTestId('policy-turn-test').first()).toBeChecked();
  await dialog.getByTestId('policy-comment').fill('Senior editors no longer edit assortments');
  await shot(page, 'policies-save-preview');
  await dialog.getByTestId('policy-save').click();
  await expect(page.locator('[data-toast-type=success]').filter({ hasText: 'Version 2 is live on every server.' })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The other server refuses the senior editor's next edit.
  await editAnswers(seOnB, false, 'refused on the second server');
  expect(await edit(seOnB)).toBe(403);

  // The simulator explains the deny.
  await page.getByTestId('policy-nav-simulator').click();
  await expect(page.getByTestId('admin-policy-simulator')).toBeVisible();
  const se = page.getByTestId('sim-user').locator('option', { hasText: 'senioreditor@example.com' });
  await page.getByTestId('sim-user').selectOption((await se.getAttribute('value')) ?? '');
  await page.getByTestId('sim-action').selectOption(actions.assortmentsEdit.id);
  await page.getByTestId('sim-res-channel').fill('Retail');
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('sim-verdict')).toContainText('Denied');
  await expect(page.getByTestId('sim-failed').first()).toContainText('p.role in');
  await page.getByTestId('sim-who').click();
  await expect(page.getByTestId('sim-who-result')).toContainText('editor@example.com');
  await expect(page.getByTestId('sim-who-result')).not.toContainText('senioreditor@example.com');
  await shot(page, 'policies-simulator-deny');

  // A route is asked as its guard asks it: the grid views route allows the senior editor to
  // save views but its second check, opening the coordinators' sample styles list, refuses.
  await page.locator('label', { has: page.getByTestId('sim-mode-route') }).click();
  await page.getByTestId('sim-method').selectOption('GET');
  await page.getByTestId('sim-path').fill('/api/gridViews/orders.samples.sample-styles');
  await page.getByTestId('sim-run').click();
  await expect(page.getByTestId('sim-verdict')).toContainText('Denied');
  await expect(page.getByTestId('sim-verdict')).toContainText(actions.searchesSave.id);
  const second = page.getByTestId('sim-second');
  await expect(second).toHaveCount(1);
  await expect(second).toHaveAttribute('data-allowed', 'false');
  await expect(second).toContainText(actions.ordersSampleStyles.id);
  await shot(page, 'policies-simulator-second-check');

  // History: the diff names the grant; rolling back to version 1 restores the edit.
  await page.getByTestId('policy-nav-history').click();
  await expect(page.locator('[data-testid=policy-version-row]')).toHaveCount(2);
  await expect(page.getByTestId('policy-diff')).toContainText('"roles": ["editor", "manager"]');
  await page.locator('[data-testid=policy-version-row][data-version="1"]').click();
  await page.getByTestId('policy-rollback').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Roll back' }).click();
  await expect(page.locator('[data-toast-type=success]').filter({ hasText: 'Version 3 is live on every server.' })).toBeVisible();
  await expect(page.locator('[data-testid=policy-version-row]')).toHaveCount(3);
  await shot(page, 'policies-history');
  await editAnswers(seOnB, true, 'allowed again on the second server');

  // A Rego edit that breaks a test is refused with the test named, and nothing changes.
  await page.getByTestId('policy-nav-rego').click();
  const editor = page.getByTestId('rego-editor-assortments.rego').locator('.cm-content');
  await expect(editor).toBeVisible();
  await expect(page.getByTestId('rego-editor-assortments_test.rego')).toBeVisible();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(`\nallow if input.action == "${actions.assortmentsManage.id}"\n`);
  await expect(page.getByTestId('rego-changed')).toContainText('assortments.rego');
  await page.getByTestId('rego-check').click();
  await expect(page.getByTestId('policy-report')).toContainText('test_assortments_manage_deny_seniorEditor');
  await shot(page, 'policies-rego-editor');
  await page.getByTestId('rego-review').click();
  await dialog.getByTestId('policy-comment').fill('Everyone manages assortments');
  await expect(dialog.getByTestId('policy-turn')).toContainText('test_assortments_manage_deny_seniorEditor');
  await dialog.getByTestId('policy-save').click();
  await expect(dialog.getByTestId('policy-refused')).toContainText('test_assortments_manage_deny_seniorEditor');
  await shot(page, 'policies-rego-refused');
  expect(await versionCount(admin)).toBe(3);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('rego-discard').click();

  // A refused admin request is audited too; the audit page shows every step.
  expect((await seOnB.ctx.get('/api/admin/policies/versions')).status()).toBe(403);
  await page.goto(`${servers.a.url}/admin/audit`);
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'policies.version.edit' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'policies.version.rollback' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'policies.version.refused' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'request.denied' }).first()).toBeVisible();
  await rows.filter({ hasText: 'policies.version.edit' }).click();
  await expect(page.getByTestId('audit-data')).toContainText('Senior editors no longer edit assortments');
  await shot(page, 'policies-audit');

  await seOnB.ctx.dispose();
  await admin.ctx.dispose();
});

test('a non-admin reaches no policy page or call', async ({ page }) => {
  const se = await session(servers.a.url, 'seniorEditor');
  for (const [method, path] of [
    ['GET', '/api/admin/policies/catalog'],
    ['POST', '/api/admin/policies/preview'],
    ['GET', '/api/admin/policies/versions'],
    ['POST', '/api/admin/policies/simulate'],
  ] as const) {
    const res = await se.ctx.fetch(path, { method, data: method === 'POST' ? {} : undefined, headers: se.headers });
    expect(res.status(), `${method} ${path}`).toBe(403);
  }
  await se.ctx.dispose();
  await login(page, 'seniorEditor', servers.a.url);
  await expect(page.locator('[data-nav-id="admin-policies"]')).toHaveCount(0);
  await expect(page.locator('[data-nav-id="admin"]')).toHaveCount(0);
});
