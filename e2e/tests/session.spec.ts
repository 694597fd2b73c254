import { startServer } from '../server.mjs';
import { expect, login, shot, test } from './helpers';

// A server of its own whose options shorten the session: warning 12 s before a 20 s timeout.
let server: { url: string; stop: () => Promise<void> };

test.beforeAll(async () => {
  server = await startServer({ env: { ITS_SESSION_USER_TIMEOUT_MS: '20000', ITS_SESSION_USER_WARNING_MS: '12000' } });
});
test.afterAll(async () => {
  await server?.stop();
});

test('the inactivity warning appears, activity dismisses it, and the timeout logs out', async ({ page }) => {
  await login(page, 'editor', server.url);
  const warning = page.getByTestId('inactivity-dialog');
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning).toContainText(/Logging out in \d+ seconds?/);
  await expect(warning).toContainText('You are about to be logged out, click to stay logged in');
  await shot(page, 'inactivity-warning');

  await page.mouse.click(700, 600);
  await expect(warning).toBeHidden();
  await expect(page.getByTestId('quick-links')).toBeVisible();

  // No activity from here: the warning returns, then the timeout ends the session.
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('logged-out-dialog')).toBeVisible();
  await shot(page, 'logged-out-inactivity');

  // The server agrees: the session is gone.
  const ping = await page.request.get(`${server.url}/api/users/ping`);
  expect(ping.status()).toBe(401);
});

test('a 401 from any call but the session call clears the session', async ({ page }) => {
  await login(page, 'user', server.url);
  // The dashboard's own calls must be done first, or one of them meets the 401 before the click.
  await page.waitForLoadState('networkidle');
  await page.context().clearCookies();
  // Opening the drawer refreshes the notifications: that call answers 401.
  await page.getByTestId('notifications-button').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
});
