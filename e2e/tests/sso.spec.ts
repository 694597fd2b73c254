/**
 * Company sign-in: the suite's server signs staff in through the test identity providers
 * (global-setup starts scripts/testidp for each worker's server: a real OpenID Provider and a real SAML IdP on loopback).
 */
import { baseUrl, expect, notOurs, shot, suiteServer, test } from './helpers';

/** What scripts/testidp printed. */
interface Idp {
  oidcIssuer: string;
  samlUrl: string;
  username: string;
  password: string;
}

const idp = suiteServer().idp as unknown as Idp;

test.beforeAll(async () => {
  notOurs(idp.oidcIssuer);
  notOurs(idp.samlUrl);
  // The SAML identity provider learns ITS from ITS's own metadata, as its administrator would.
  const metadata = await fetch(`${baseUrl()}/api/users/sso/corp-saml/metadata`);
  expect(metadata.status).toBe(200);
  const registered = await fetch(`${idp.samlUrl}/services/its`, { method: 'PUT', body: await metadata.text() });
  expect(registered.ok).toBeTruthy();
});

test('staff sign in with the company OpenID provider: the account is made with the groups’ permissions, and logging out ends it at the provider too', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByText('Staff sign in with the company account; partners with their e-mail address and ITS password.')).toBeVisible();
  const button = page.getByRole('link', { name: 'Sign in with Corp Login' });
  await expect(button).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in with Corp SAML' })).toBeVisible();
  // A button, not a bare link: it has the kit's border and height.
  expect(await button.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
  expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(40);
  await shot(page, 'login-company-sign-in');

  await button.click();
  await page.waitForURL((u) => u.toString().startsWith(idp.oidcIssuer));
  await page.locator('#username').fill(idp.username);
  await page.locator('#password').fill(idp.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Ada');
  // ITS Assortment Editors → the assortment manager.
  await expect(page.getByTestId('app-bar').getByText('Assortments').first()).toBeVisible();
  await shot(page, 'dashboard-company-sign-in');

  // Logging out ends the ITS session and sends the browser to the provider's end-session page.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL((u) => u.toString().startsWith(idp.oidcIssuer));
  const ping = await page.request.get(`${baseUrl()}/api/users/ping`);
  expect(ping.status()).toBe(401);
});

test('an address of the provider’s domain cannot log in with a password, and a refused answer says why on the login page', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await page.locator('input[name=email]').fill('grace@corp.example');
  await page.locator('input[name=password]').fill('any-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Addresses of this domain sign in with Corp Login' }).first()).toBeVisible();

  // A provider answer with a state this browser never started: refused with the login page's message.
  await page.goto(`${baseUrl()}/api/users/sso/corp/callback?state=forged&code=forged`);
  await expect(page.getByTestId('sso-error')).toContainText('This sign-in link was already used or has expired');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await shot(page, 'login-company-sign-in-refused');
});

test('staff sign in with the company SAML provider', async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await page.getByRole('link', { name: 'Sign in with Corp SAML' }).click();
  await page.waitForURL((u) => u.toString().startsWith(idp.samlUrl));
  await page.locator('input[name=user]').fill(idp.username);
  await page.locator('input[name=password]').fill(idp.password);
  await page.locator('input[type=submit]').click();
  // The provider's page posts the signed assertion to ITS, which opens the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Ada');
});
