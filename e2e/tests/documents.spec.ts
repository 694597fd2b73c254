/**
 * Assortment documents: an editor exports a 200-style Expanded line sheet with group dividers as
 * PDF and Excel and opens both, shares it (the outbox holds the mail, whose link downloads the
 * file without a login until it is revoked), and schedules it daily (the run's file appears);
 * zips the assortment's hero images with its line sheet (downloaded, and mailed as a link), prints
 * a catalog product's tear sheet and saves and shares a product search; saves the export options
 * as a template shared with colleagues, which another editor applies on an assortment of theirs.
 */
import { request as pwRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, demoEmail } from '../server.mjs';
import { baseUrl, expect, login, shot, test, zipEntries } from './helpers';

/** The session's CSRF token, for API calls made with the page's cookies. */
async function csrf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'its_csrf')?.value ?? '';
}

/** An assortment of the logged-in user holding one colour of each of n styles. */
async function assortment(page: Page, n: number): Promise<string> {
  const query = JSON.stringify({ conditions: { productType: ['Footwear', 'Apparel'] }, limit: 1000 });
  const seen = new Set<string>();
  const products: { style: string; color: string }[] = [];
  let cursor = '';
  for (let i = 0; i < 10 && products.length < n; i++) {
    const res = await page.request.get(`${baseUrl()}/api/products?query=${encodeURIComponent(query)}&select=style,color&cursor=${encodeURIComponent(cursor)}`);
    expect(res.ok()).toBeTruthy();
    const data = (await res.json()).data as { rows: { style: string; color: string }[]; nextCursor?: string | null };
    for (const r of data.rows) if (!seen.has(r.style) && products.length < n && seen.add(r.style)) products.push({ style: r.style, color: r.color });
    if (!data.nextCursor) break;
    cursor = data.nextCursor;
  }
  expect(products).toHaveLength(n);
  const created = await page.request.post(`${baseUrl()}/api/assortments`, {
    data: { title: `Line Review ${Date.now()}`, channel: 'Wholesale', products },
    headers: { 'X-CSRF-Token': await csrf(page) },
  });
  expect(created.ok()).toBeTruthy();
  return (await created.json()).data._id as string;
}

/** Pages of a PDF, rendered at 50 dpi with pdftoppm (the PNGs stay for a person to look at). */
function pdfPages(pdf: Buffer, name: string): number {
  const dir = mkdtempSync(join(tmpdir(), `its-${name}-`));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  execFileSync('pdftoppm', ['-png', '-r', '50', '-l', '400', join(dir, 'doc.pdf'), join(dir, 'page')]);
  return readdirSync(dir).filter((f) => f.endsWith('.png')).length;
}

async function workbookItems(buf: Buffer): Promise<{ items: number; dividers: number; images: number }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  let items = 0;
  let dividers = 0;
  ws.eachRow((row) => {
    const first = row.getCell(1).value;
    if (typeof first === 'string' && /\(\d+\)$/.test(first)) dividers++;
    const style = row.getCell(3).value;
    if (typeof style === 'string' && /^[0-9A-Z]+$/.test(style) && row.getCell(6).value !== null) items++;
  });
  return { items, dividers, images: ws.getImages().length };
}

async function lastMail(request: APIRequestContext, to: string): Promise<{ subject: string; body: string } | undefined> {
  const res = await request.get(`${baseUrl()}/api/mail/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()).data as { subject: string; body: string }[])[0];
}

const linkOf = (body: string) => /https?:\/\/\S+(\/file\/(?:shared|scheduled)\/\S+)/.exec(body)?.[1] ?? '';

/** The API call the public file page makes for a /file/... link. */
function apiOf(link: string): string {
  const [, , kind, fileType, , documentId, secret, filename] = link.split('/');
  return `/api/assortment-documents/${fileType}/${kind}/${documentId}/${secret}/${filename}`;
}

/** An admin's API session: the outbox is theirs to read. */
async function adminRequest(): Promise<APIRequestContext> {
  const ctx = await pwRequest.newContext({ baseURL: baseUrl() });
  const session = await ctx.post('/api/users/session', { data: { email: demoEmail('admin'), password: DEMO_PASSWORD } });
  expect(session.ok()).toBeTruthy();
  return ctx;
}

test('an editor exports a 200-style line sheet, shares it, revokes the link and schedules it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await login(page, 'editor');
  const admin = await adminRequest();
  const id = await assortment(page, 200);
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/export`);
  const settings = page.getByRole('complementary');
  await expect(page.getByTestId('document-export-page')).toBeVisible();
  await settings.getByRole('button', { name: 'Expanded' }).click();
  await expect(settings.locator('input[name=groupDividers]')).toBeChecked();
  await settings.locator('input[name=column-sizeRange]').check();
  await settings.locator('input[name=sortNumber]').check();
  await settings.locator('input[name=author]').fill('Ed Itor');
  await settings.locator('input[name=filename]').fill('Spring Line Review');
  await expect(page.getByTestId('document-preview').locator('img')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'documents-export');

  // PDF, through the download queue.
  const [pdfDownload] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByTestId('export-pdf').click()]);
  expect(pdfDownload.suggestedFilename()).toBe('Spring_Line_Review.pdf');
  await expect(page.getByText('Document Exported').first()).toBeVisible();
  const pdf = Buffer.from(await (await fetch(pdfDownload.url())).arrayBuffer());
  const pages = pdfPages(pdf, 'linesheet');
  expect(pages).toBeGreaterThan(20);

  // Excel: a divider and a row with its picture per style.
  await expect(page.getByTestId('export-xlsx')).toBeEnabled({ timeout: 10_000 });
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByTestId('export-xlsx').click()]);
  expect(xlsxDownload.suggestedFilename()).toBe('Spring_Line_Review.xlsx');
  const xlsx = await workbookItems(Buffer.from(await (await fetch(xlsxDownload.url())).arrayBuffer()));
  expect(xlsx).toEqual({ items: 200, dividers: 200, images: 200 });

  // Share to an address: the outbox holds the mail; its link downloads without a login.
  const to = `buyer-${Date.now()}@example.com`;
  await page.getByTestId('document-share').click();
  const share = page.getByTestId('document-share-dialog');
  await share.locator('input[name=recipients]').fill(to);
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Shared Successfully').first()).toBeVisible({ timeout: 60_000 });
  const mail = await lastMail(admin, to);
  const link = linkOf(mail?.body ?? '');
  expect(link).toContain('/file/shared/pdf/document/');
  const anon = await browser.newContext();
  const anonPage = await anon.newPage();
  await anonPage.goto(`${baseUrl()}${link}`);
  await expect(anonPage.getByTestId('file-shared-page')).toBeVisible();
  const shared = await anon.request.get(`${baseUrl()}${apiOf(link)}`);
  expect(shared.status()).toBe(200);
  expect(pdfPages(Buffer.from(await shared.body()), 'shared')).toBe(pages);

  // Revoke it: the same link stops working.
  await page.getByTestId('saved-documents').getByRole('button', { name: 'Links' }).first().click();
  await page.getByTestId('document-file').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Link Revoked').first()).toBeVisible();
  expect((await anon.request.get(`${baseUrl()}${apiOf(link)}`)).status()).toBe(404);

  // Schedule it daily, then run it now as the periodic job would: the run's file appears.
  const team = `team-${Date.now()}@example.com`;
  await page.getByTestId('document-schedule').click();
  const schedule = page.getByTestId('document-schedule-dialog');
  await schedule.locator('select[name=fileType]').selectOption('xlsx');
  await schedule.locator('input[name=recipients]').fill(team);
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Scheduled Successfully').first()).toBeVisible();
  await expect(page.getByTestId('schedule-badge').first()).toBeVisible();
  const docs = (await (await page.request.get(`${baseUrl()}/api/assortment-documents?assortmentId=${id}`)).json()).data as { _id: string; frequency: string }[];
  const scheduled = docs.find((d) => d.frequency === 'daily')!;
  const run = await page.request.post(`${baseUrl()}/api/assortment-documents/${scheduled._id}/send`, { headers: { 'X-CSRF-Token': await csrf(page) } });
  expect(run.status()).toBe(202);
  await expect.poll(async () => linkOf((await lastMail(admin, team))?.body ?? ''), { timeout: 90_000 }).toContain('/file/scheduled/xlsx/');
  const runLink = linkOf((await lastMail(admin, team))!.body);
  // The public page of the run's file, without a login, offers its download.
  await anonPage.goto(`${baseUrl()}${runLink}`);
  await expect(anonPage.getByTestId('file-scheduled-page')).toBeVisible();
  await expect(anonPage.getByTestId('file-download')).toHaveAttribute('href', apiOf(runLink));
  const runFile = await anon.request.get(`${baseUrl()}${apiOf(runLink)}`);
  expect(runFile.status()).toBe(200);
  expect((await workbookItems(Buffer.from(await runFile.body()))).items).toBe(200);
  await anon.close();
  await admin.dispose();

  // The Assortment Manager's Scheduled list shows the assortment.
  await page.goto(`${baseUrl()}/product/assortments/scheduled`);
  await expect(page.getByText(/Line Review \d+/).first()).toBeVisible();
});

const cell = (grid: Locator, row: number, field: string): Locator => grid.locator(`.ag-row[row-index="${row}"] .ag-cell[col-id="${field}"]`).first();

test('an editor zips the hero images of an assortment with its line sheet, prints a tear sheet and shares a saved search', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await login(page, 'editor');
  const admin = await adminRequest();
  const id = await assortment(page, 12);
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/export`);
  await expect(page.getByTestId('document-export-page')).toBeVisible();

  // Downloaded: one hero per style in a folder per division, and the line sheet.
  await page.getByTestId('export-zip').click();
  const dialog = page.getByTestId('document-package-dialog');
  await dialog.locator('input[value=division]').check();
  await shot(page, 'documents-package');
  const [zip] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(zip.suggestedFilename()).toMatch(/_Images\.zip$/);
  await expect(page.getByText('Zip Downloaded').first()).toBeVisible();
  const entries = zipEntries(Buffer.from(await (await fetch(zip.url())).arrayBuffer()));
  expect(entries.filter((e) => /^[^/]+\/[0-9A-Z]+_[0-9A-Z]+\.png$/.test(e))).toHaveLength(12);
  expect(entries.filter((e) => e.endsWith('.pdf'))).toHaveLength(1);

  // Mailed: the outbox holds a link that downloads the zip without a login.
  const to = `zip-${Date.now()}@example.com`;
  await page.getByTestId('export-zip').click();
  await dialog.locator('input[name=mail]').check();
  await dialog.locator('input[name=recipients]').fill(to);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you. Your message has been sent.').first()).toBeVisible({ timeout: 60_000 });
  const link = linkOf((await lastMail(admin, to))?.body ?? '');
  expect(link).toContain('/file/shared/zip/document/');
  const anon = await browser.newContext();
  const mailed = await anon.request.get(`${baseUrl()}${apiOf(link)}`);
  expect(mailed.status()).toBe(200);
  expect(zipEntries(Buffer.from(await mailed.body())).filter((e) => e.endsWith('.png'))).toHaveLength(12);
  await anon.close();

  // The product library: a product's tear sheet, then the search saved and shared.
  await page.goto(`${baseUrl()}/product/libraries/products`);
  const grid = page.getByTestId('product-grid');
  await expect(grid).not.toHaveAttribute('data-loading', 'true', { timeout: 20_000 });
  await cell(grid, 0, 'name').click();
  const [tear] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('product-tearsheet').click()]);
  expect(tear.suggestedFilename()).toMatch(/^Tearsheet_[0-9A-Z]+_[0-9A-Z]+\.pdf$/);
  // Saved from a blob URL in the page: read from where the browser put it.
  expect(pdfPages(readFileSync(await tear.path()), 'tearsheet')).toBeGreaterThanOrEqual(1);
  await expect(page.getByText('Tear sheet downloaded').first()).toBeVisible();

  await page.getByTestId('filter-division').selectOption('Kids');
  await expect(page.getByTestId('grid-filter-chip')).toHaveCount(1);
  await page.getByTestId('saved-searches').click();
  const saved = page.getByTestId('saved-searches-dialog');
  const name = `Kids ${Date.now()}`;
  await saved.locator('input[name=searchName]').fill(name);
  await saved.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Search Saved').first()).toBeVisible();
  await expect(saved.getByTestId('saved-searches-list')).toContainText(name);
  await shot(page, 'saved-searches');
  await saved.getByTestId('saved-searches-list').getByRole('button', { name: 'Share by e-mail' }).first().click();
  const buyer = `search-${Date.now()}@example.com`;
  await saved.locator('input[name=recipients]').fill(buyer);
  await saved.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you. Your message has been sent.').first()).toBeVisible();
  const mail = await lastMail(admin, buyer);
  expect(mail?.subject).toBe(name);
  expect(mail?.body).toMatch(/https?:\/\/\S+\/product\/libraries\/products\?\S*Kids/);
  // Opening it again brings the filter back.
  await page.goto(`${baseUrl()}/product/libraries/products`);
  await page.getByTestId('saved-searches').click();
  await saved.getByTestId('saved-searches-list').getByRole('button', { name, exact: true }).click();
  await expect(page.getByTestId('grid-filter-chip')).toHaveCount(1);
  await admin.dispose();
});

test('an editor saves the export options as a shared template, and a colleague applies it on another assortment', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await login(page, 'editor');
  const mine = await assortment(page, 3);
  await page.goto(`${baseUrl()}/product/assortments/assortment/${mine}/export`);
  const settings = page.getByRole('complementary');
  await expect(page.getByTestId('document-export-page')).toBeVisible();
  await settings.getByRole('button', { name: 'Expanded' }).click();
  await settings.locator('input[name=column-sizeRange]').check();
  await settings.locator('input[name=author]').fill('Ed Itor');
  await page.getByTestId('document-templates').click();
  await page.getByRole('menuitem', { name: 'Save as template…' }).click();
  const save = page.getByTestId('template-save-dialog');
  const name = `Market week ${Date.now()}`;
  await save.locator('input[name=templateName]').fill(name);
  await save.getByRole('radio', { name: 'My colleagues too' }).check();
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save).toHaveCount(0);

  // A colleague, on an assortment of their own with the default options, picks it from the menu.
  const context = await browser.newContext();
  const colleague = await context.newPage();
  await login(colleague, 'seniorEditor');
  const theirs = await assortment(colleague, 2);
  await colleague.goto(`${baseUrl()}/product/assortments/assortment/${theirs}/export`);
  const theirSettings = colleague.getByRole('complementary');
  await expect(colleague.getByTestId('document-export-page')).toBeVisible();
  await expect(theirSettings.locator('input[name=column-sizeRange]')).not.toBeChecked();
  await colleague.getByTestId('document-templates').click();
  const shared = colleague.getByRole('group', { name: 'Shared by colleagues' });
  await shared.getByRole('menuitem', { name }).click();
  await expect(theirSettings.getByRole('button', { name: 'Expanded' })).toHaveAttribute('aria-pressed', 'true');
  await expect(theirSettings.locator('input[name=column-sizeRange]')).toBeChecked();
  await expect(theirSettings.locator('input[name=author]')).toHaveValue('Ed Itor');
  await expect(colleague.getByTestId('document-preview').locator('img')).toBeVisible({ timeout: 30_000 });
  await shot(colleague, 'documents-template-applied');
  await context.close();
});
