import { baseUrl, expect, loginWithForm, shot, test } from './helpers';

test('the root shows the login page, and logging in opens the dashboard with navigation', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Log in to ITS' })).toBeVisible();
  await shot(page, 'login');

  await loginWithForm(page, 'editor');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("You've successfully logged in")).toBeVisible();
  const bar = page.getByTestId('app-bar');
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Eddie');
  await expect(page.getByTestId('announcement').first()).toBeVisible();
  await shot(page, 'dashboard-editor');
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await page.locator('input[name=email]').fill('editor@example.com');
  await page.locator('input[name=password]').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: /.+/ }).first()).toBeVisible();
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('the login dialogs open from the login page', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await page.getByTestId('request-access').click();
  await expect(page.getByTestId('request-access-dialog')).toBeVisible();
  await shot(page, 'request-access');
  await page.keyboard.press('Escape');
  await page.getByTestId('forgot-password').click();
  await expect(page.getByTestId('request-reset-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`${baseUrl()}/set-password/some-user/some-code/true`);
  await expect(page.getByTestId('reset-password-dialog')).toBeVisible();
});

test('public pages open without login', async ({ page }) => {
  for (const [path, id] of [
    ['/logged-out', 'logged-out-page'],
    ['/not-approved', 'not-approved-page'],
    ['/file/shared/pdf/document/doc-1/code-1/Spring%2026.pdf', 'file-shared-page'],
    ['/file/scheduled/xlsx/document/doc-1/1700000000/Report.xlsx', 'file-scheduled-page'],
  ] as const) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByTestId(id)).toBeVisible();
  }
  await shot(page, 'file-scheduled');
});
