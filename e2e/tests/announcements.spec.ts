/**
 * Announcements end to end: an editor writes one from the dashboard (the server's field errors
 * shown on the form first), prints it as a PDF, and a plain user reads it on their dashboard; the
 * editor then edits, unpublishes and deletes it, and the plain user never gets the editing controls
 * (nor may call the editing API).
 */
import { request as pwRequest, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEMO_PASSWORD, demoEmail } from '../server.mjs';
import { baseUrl, expect, login, shot, test } from './helpers';

const stamp = Date.now().toString(36);
const TITLE = `Showroom move ${stamp}`;
const EDITED = `Showroom move ${stamp}: new dates`;
const BODY = 'The Portland showroom moves to the second floor. Sample pick-ups continue as usual.';

test.describe.configure({ mode: 'serial' });

/** The last day of this month as the kit's date picker names its day (YYYY-MM-DD, local). */
const monthEnd = () => {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + 1, 0);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function openManager(page: Page) {
  await page.getByTestId('announcements-manage').click();
  const dialog = page.getByTestId('announcement-manager');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('announcement-item').first()).toBeVisible();
  return dialog;
}

/** The plain user's dashboard, in a browser context of its own. */
async function userDashboard(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, 'user');
  return { page, close: () => context.close() };
}

test('an editor creates an announcement after fixing what the server refused, and downloads its PDF', async ({ page }) => {
  await login(page, 'editor');
  const dialog = await openManager(page);
  await expect(dialog.getByRole('heading', { name: 'New announcement' })).toBeVisible();

  // Nothing but a bad link: the server names both fields.
  await dialog.getByLabel('Link', { exact: true }).fill('ftp://files.example.com/showroom');
  await dialog.getByTestId('announcement-save').click();
  await expect(dialog.getByTestId('error-title')).toHaveText('Enter a title.');
  await expect(dialog.getByTestId('error-link')).toContainText('starts with /');
  await expect(dialog.getByLabel(/^Title/)).toBeFocused();

  await dialog.getByLabel(/^Title/).fill(TITLE);
  await dialog.getByLabel('Text', { exact: true }).fill(BODY);
  await dialog.getByLabel('Link', { exact: true }).fill('/product/libraries/samples');
  // Show until: picked in the kit's date picker, which opens on this month.
  await dialog.getByTestId('announcement-end').click();
  await page.locator(`[data-day="${monthEnd()}"] button`).click();
  await dialog.getByTestId('announcement-published').check({ force: true });
  await shot(page, 'announcements-manager-new');
  await dialog.getByTestId('announcement-save').click();

  await expect(page.getByText('Announcement created')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Edit announcement' })).toBeVisible();
  const item = dialog.getByTestId('announcement-item').filter({ hasText: TITLE });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('announcement-status')).toHaveAttribute('data-status', 'live');
  await shot(page, 'announcements-manager');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('announcement-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^Showroom_move_.*\.pdf$/);
  const path = await download.path();
  expect(readFileSync(path!).subarray(0, 5).toString()).toBe('%PDF-');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  // The dashboard's own list follows at once.
  await expect(page.getByTestId('announcements').getByText(TITLE)).toBeVisible();
});

test('a plain user reads it on the dashboard and gets no editing controls', async ({ browser }) => {
  const { page, close } = await userDashboard(browser);
  try {
    const card = page.getByTestId('announcement').filter({ hasText: TITLE });
    await expect(card).toBeVisible();
    await expect(card).toContainText(BODY);
    await expect(card.getByRole('link', { name: /Read more/ })).toHaveAttribute('href', '/product/libraries/samples');
    await expect(page.getByTestId('announcements-manage')).toHaveCount(0);
    await expect(page.getByTestId('announcement-manager')).toHaveCount(0);
    await shot(page, 'announcements-user-dashboard');
  } finally {
    await close();
  }

  // The server refuses the editing calls to them whatever the page shows.
  const api = await pwRequest.newContext({ baseURL: baseUrl() });
  try {
    const session = await api.post('/api/users/session', { data: { email: demoEmail('user'), password: DEMO_PASSWORD } });
    const { csrfToken } = (await session.json()).data as { csrfToken: string };
    const all = await api.get('/api/charts?published=false');
    expect(all.status()).toBe(403);
    const create = await api.post('/api/assets/AdvertisingAsset/announcement', { data: { title: 'Not allowed' }, headers: { 'X-CSRF-Token': csrfToken } });
    expect(create.status()).toBe(403);
  } finally {
    await api.dispose();
  }
});

test('the editor edits, unpublishes and deletes it; the plain user sees each change', async ({ page, browser }) => {
  await login(page, 'editor');
  let dialog = await openManager(page);
  await dialog.getByTestId('announcement-item').filter({ hasText: TITLE }).click();
  await expect(dialog.getByLabel(/^Title/)).toHaveValue(TITLE);
  await dialog.getByLabel(/^Title/).fill(EDITED);
  await expect(dialog.getByText('Unsaved changes')).toBeVisible();
  await dialog.getByTestId('announcement-save').click();
  await expect(page.getByText('Announcement saved')).toBeVisible();
  await expect(dialog.getByTestId('announcement-item').filter({ hasText: EDITED })).toHaveCount(1);

  const user = await userDashboard(browser);
  await expect(user.page.getByTestId('announcement').filter({ hasText: EDITED })).toBeVisible();

  await dialog.getByTestId('announcement-toggle-published').click();
  await expect(page.getByText('Announcement unpublished')).toBeVisible();
  await expect(dialog.getByTestId('announcement-item').filter({ hasText: EDITED }).getByTestId('announcement-status')).toHaveAttribute('data-status', 'draft');
  await user.page.reload();
  await expect(user.page.getByTestId('announcements')).toBeVisible();
  await expect(user.page.getByTestId('announcement').first()).toBeVisible();
  await expect(user.page.getByTestId('announcement').filter({ hasText: EDITED })).toHaveCount(0);

  // Deleting asks first; cancelling keeps it.
  await dialog.getByTestId('announcement-delete').click();
  let confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(EDITED);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByTestId('announcement-item').filter({ hasText: EDITED })).toHaveCount(1);
  await dialog.getByTestId('announcement-delete').click();
  confirm = page.getByTestId('confirm-dialog');
  await shot(page, 'announcements-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Announcement deleted')).toBeVisible();
  await expect(dialog.getByTestId('announcement-item').filter({ hasText: EDITED })).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'New announcement' })).toBeVisible();

  // Still gone after a reload of the editor's page.
  await page.reload();
  dialog = await openManager(page);
  await expect(dialog.getByTestId('announcement-item').filter({ hasText: EDITED })).toHaveCount(0);
  await user.close();
});
