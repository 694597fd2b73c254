import { request as pwRequest, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../server.mjs';
import { baseUrl, expect, login, shot, test, signIn } from './helpers';
import { actions } from '../../shell/kit/src/generated/actions';

interface Permission {
  domain: string;
  role: string;
  channel: string;
  region: string;
  productType: string;
}

/** A logged-in API client of `role` (cookies plus the CSRF header every change needs). */
async function apiAs(role: string) {
  const ctx = await pwRequest.newContext({ baseURL: baseUrl() });
  const res = await ctx.post('/api/users/session', { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  const { csrfToken } = (await res.json()).data as { csrfToken: string };
  return { ctx, headers: { 'X-CSRF-Token': csrfToken } };
}

/** What the policies answer the page's own session (the page's cookies, its CSRF cookie). */
async function decision(page: Page, action: string, resource: Record<string, unknown>): Promise<boolean> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'its_csrf')?.value ?? '';
  const res = await page.request.post(`${baseUrl()}/api/authz/decisions`, {
    data: { checks: [{ action, resource }] },
    headers: { 'X-CSRF-Token': csrf },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { decisions: boolean[] }).decisions[0] === true;
}

async function userByEmail(ctx: APIRequestContext, email: string) {
  const res = await ctx.get('/api/admin/users', { params: { text: email } });
  expect(res.ok()).toBeTruthy();
  const list = (await res.json()).data as { id: string; email: string; permissions: Permission[] }[];
  const u = list.find((x) => x.email === email);
  expect(u, `${email} is listed`).toBeTruthy();
  return u!;
}

async function openAdmin(page: Page, path: '/admin/users' | '/admin/mail') {
  await page.goto(`${baseUrl()}${path}`);
  await expect(page.getByTestId(path === '/admin/users' ? 'admin-users' : 'admin-mail')).toBeVisible();
}

test('an admin grants an editor permission through the UI and it holds at once for the user', async ({ page, browser }) => {
  const admin = await apiAs('admin');
  const before = await userByEmail(admin.ctx, demoEmail('user'));
  // user@ works in another browser, logged in all along.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  try {
    await login(userPage, 'user');
    expect(await decision(userPage, actions.assortmentsEdit.id, { channel: 'Retail' })).toBe(false);

    await login(page, 'admin');
    await openAdmin(page, '/admin/users');
    await page.getByTestId('user-search').fill('user@example.com');
    const row = page.locator('[data-testid=user-row][data-email="user@example.com"]');
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await row.click();
    const editor = page.getByTestId('user-editor');
    await expect(editor).toBeVisible();
    await expect(editor.getByTestId('editor-name')).toContainText('Uma User');
    const count = await editor.getByTestId('permission-row').count();
    expect(count).toBe(before.permissions.length);

    await editor.getByTestId('perm-add').click();
    const added = editor.getByTestId('permission-row').nth(count);
    await added.getByTestId('perm-domain').selectOption('its:productAssortments');
    await added.getByTestId('perm-role').selectOption('editor');
    await added.getByTestId('perm-channel').selectOption('Retail');
    await shot(page, 'admin-user-editor');
    await editor.getByTestId('editor-save').click();
    await expect(page.locator('[data-toast-type=success]').filter({ hasText: 'The changes to Uma User are saved.' })).toBeVisible();
    await expect(editor.getByTestId('editor-save')).toBeDisabled();
    await expect(row.getByTestId('perm-count')).toHaveText(String(count + 1));

    // The grant is the server's now: the user's live session is allowed, on Retail only.
    expect(await decision(userPage, actions.assortmentsEdit.id, { channel: 'Retail' })).toBe(true);
    const after = await userByEmail(admin.ctx, demoEmail('user'));
    expect(after.permissions).toContainEqual({ domain: 'its:productAssortments', role: 'editor', channel: 'Retail', region: 'All', productType: 'All' });
  } finally {
    // Other specs expect the demo user as seeded.
    await admin.ctx.patch(`/api/admin/users/${before.id}`, { data: { permissions: before.permissions }, headers: admin.headers });
    await admin.ctx.dispose();
    await userContext.close();
  }
});

test('the editor shows the server’s validation, and an admin cannot drop their own user administration', async ({ page }) => {
  await login(page, 'admin');
  await openAdmin(page, '/admin/users');
  await page.locator('[data-testid=user-row][data-email="admin@example.com"]').click();
  const editor = page.getByTestId('user-editor');
  await expect(editor).toBeVisible();
  await expect(editor.getByTestId('editor-status')).toBeDisabled();
  const adminRow = editor.getByTestId('permission-row').filter({ has: page.locator('[data-testid=perm-domain] option:checked[value="its:admin:users"]') });
  await expect(adminRow).toHaveCount(1);
  await adminRow.getByTestId('perm-remove').click();
  await editor.getByTestId('editor-save').click();
  await expect(editor.getByTestId('section-permissions-error')).toHaveText('You cannot remove your own user administration permission.');
  await editor.getByTestId('editor-discard').click();
  await expect(editor.getByTestId('section-permissions-error')).toHaveCount(0);
});

test('an editor typing an admin address lands on the dashboard', async ({ page }) => {
  await login(page, 'editor');
  for (const path of ['/admin/users', '/admin/mail']) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('quick-links')).toBeVisible();
    await expect(page.getByTestId('admin-users')).toHaveCount(0);
  }
});

test('an access request is confirmed from its mail, approved, and the welcome mail is in the outbox', async ({ page, browser }) => {
  const email = `e2e-${Date.now()}@partner.example`;
  const anon = await pwRequest.newContext({ baseURL: baseUrl() });
  const requested = await anon.post('/api/users/access-request', { data: { email, name: 'Paula', lastName: 'Partner' } });
  expect(requested.ok()).toBeTruthy();
  await anon.dispose();

  // The confirmation mail, read in the outbox page; its link is followed by the requester.
  await signIn(page, 'admin');
  await page.goto(`${baseUrl()}/admin/mail?to=${encodeURIComponent(email)}`);
  const confirmRow = page.getByTestId('mail-row').filter({ hasText: 'ITS: confirm your email' });
  await expect(confirmRow).toHaveCount(1);
  await confirmRow.click();
  const link = page.getByTestId('mail-reader').getByTestId('mail-link');
  await expect(link).toHaveAttribute('href', /\/confirm-email\/[\w-]+$/);
  const confirmUrl = (await link.getAttribute('href'))!;
  const requester = await browser.newContext();
  try {
    const rp = await requester.newPage();
    await rp.goto(confirmUrl);
    await expect(rp.getByTestId('email-confirmed-dialog')).toBeVisible();
  } finally {
    await requester.close();
  }

  // The request now waits for approval, first in the list.
  await openAdmin(page, '/admin/users');
  const pending = page.getByTestId('pending-group');
  const row = pending.locator(`[data-testid=user-row][data-email="${email}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('approve')).toBeVisible();
  await expect(page.getByTestId('pending-notice')).toBeVisible();
  await shot(page, 'admin-users');
  await row.getByTestId('approve').click();
  await expect(page.locator('[data-toast-type=success]').filter({ hasText: `We e-mailed ${email} a link to set a password.` })).toBeVisible();
  await expect(page.locator(`[data-testid=user-row][data-email="${email}"]`)).toHaveAttribute('data-status', 'active');

  // Newest first: the welcome mail heads the outbox, with its set-password link.
  await page.getByTestId('admin-tab-mail').click();
  await expect(page.getByTestId('admin-mail')).toBeVisible();
  const first = page.getByTestId('mail-row').first();
  await expect(first).toContainText('ITS: your access was approved');
  await expect(first).toContainText(email);
  await first.click();
  const reader = page.getByTestId('mail-reader');
  await expect(reader.getByTestId('mail-subject')).toHaveText('ITS: your access was approved');
  await expect(reader.getByTestId('mail-to')).toHaveText(email);
  await expect(reader.getByTestId('mail-link')).toHaveAttribute('href', /\/set-password\/[0-9a-f-]{36}\/[\w-]+\/new$/);
  await shot(page, 'admin-mail');
});
