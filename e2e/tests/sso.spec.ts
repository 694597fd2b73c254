import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, repoRoot, startServer } from '../server.mjs';
import { expect, notOurs, shot, test } from './helpers';

/** What scripts/testidp prints once its two identity providers serve. */
interface Idp {
  oidcIssuer: string;
  clientId: string;
  clientSecret: string;
  samlUrl: string;
  certFile: string;
  keyFile: string;
  username: string;
  password: string;
}

/** Starts the test identity providers (a real OpenID Provider and a real SAML IdP on loopback) for ITS at `its`. */
async function startIdp(its: string, dir: string): Promise<{ idp: Idp; child: ChildProcess }> {
  const child = spawn('go', ['run', './scripts/testidp', '-its', its, '-dir', dir], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout! }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`the test identity providers exited with ${code}`)));
  });
  return { idp: JSON.parse(line) as Idp, child };
}

test.describe.configure({ mode: 'serial' });

let server: Awaited<ReturnType<typeof startServer>>;
let idp: Idp;
let idpProcess: ChildProcess | undefined;
let dir = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = mkdtempSync(join(tmpdir(), 'its-sso-'));
  const port = await freePort();
  const its = `http://127.0.0.1:${port}`;
  ({ idp, child: idpProcess } = await startIdp(its, dir));
  notOurs(idp.oidcIssuer);
  notOurs(idp.samlUrl);
  const providers = [
    {
      id: 'corp',
      type: 'oidc',
      name: 'Corp Login',
      domains: ['corp.example'],
      only: true,
      claims: { user_code: 'employee_id' },
      oidc: { issuer: idp.oidcIssuer, client_id: idp.clientId, client_secret: idp.clientSecret },
    },
    {
      id: 'corp-saml',
      type: 'saml',
      name: 'Corp SAML',
      domains: ['saml.example'],
      groups_claim: 'eduPersonAffiliation',
      claims: { email: 'mail', name: 'givenName', last_name: 'sn' },
      saml: { idp_metadata_url: `${idp.samlUrl}/metadata`, entity_id: `${its}/api/users/sso/corp-saml/metadata`, cert_file: idp.certFile, key_file: idp.keyFile },
    },
  ];
  server = await startServer({ port, env: { ITS_AUTH_PROVIDERS: JSON.stringify(providers) } });
  // The SAML identity provider learns ITS from ITS's own metadata, as its administrator would.
  const metadata = await fetch(`${server.url}/api/users/sso/corp-saml/metadata`);
  expect(metadata.status).toBe(200);
  const registered = await fetch(`${idp.samlUrl}/services/its`, { method: 'PUT', body: await metadata.text() });
  expect(registered.ok).toBeTruthy();
});

test.afterAll(async () => {
  await server?.stop();
  idpProcess?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('staff sign in with the company OpenID provider: the account is made with the groups’ permissions, and logging out ends it at the provider too', async ({ page }) => {
  await page.goto(`${server.url}/`);
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
  const ping = await page.request.get(`${server.url}/api/users/ping`);
  expect(ping.status()).toBe(401);
});

test('an address of the provider’s domain cannot log in with a password, and a refused answer says why on the login page', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await page.locator('input[name=email]').fill('grace@corp.example');
  await page.locator('input[name=password]').fill('any-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Addresses of this domain sign in with Corp Login' }).first()).toBeVisible();

  // A provider answer with a state this browser never started: refused with the login page's message.
  await page.goto(`${server.url}/api/users/sso/corp/callback?state=forged&code=forged`);
  await expect(page.getByTestId('sso-error')).toContainText('This sign-in link was already used or has expired');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await shot(page, 'login-company-sign-in-refused');
});

test('staff sign in with the company SAML provider', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await page.getByRole('link', { name: 'Sign in with Corp SAML' }).click();
  await page.waitForURL((u) => u.toString().startsWith(idp.samlUrl));
  await page.locator('input[name=user]').fill(idp.username);
  await page.locator('input[name=password]').fill(idp.password);
  await page.locator('input[type=submit]').click();
  // The provider's page posts the signed assertion to ITS, which opens the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Ada');
});
