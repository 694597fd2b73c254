/**
 * Reporting, CRM sync and the zip of images: a manager opens reporting from the Assortment
 * Manager, sees the charts per season, channel and region and downloads a report (opened here,
 * its rows checked); a plain user is refused every reporting call; an editor syncs an assortment
 * to the CRM ('CRM has been sync'd') and downloads the zip of every colour's image from the queue.
 */
import { type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSession, baseUrl, expect, login, shot, test, zipEntries, signIn } from './helpers';

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'its_csrf')?.value ?? '';
}

test('a manager sees the reporting charts and downloads a report', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'manager');
  await page.goto(`${baseUrl()}/product/assortments/all`);
  await page.getByTestId('open-reporting').click();
  await expect(page.getByTestId('assortments-reporting')).toBeVisible();

  // The charts draw the demo assortments (ECharts on canvas, with a table for screen readers).
  for (const id of ['chart-seasons', 'chart-channels', 'chart-regions']) {
    const chart = page.getByTestId(id);
    await expect(chart.locator('canvas')).toBeVisible();
    expect(Number(await chart.getAttribute('data-bars'))).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('chart-seasons').locator('th', { hasText: 'SP 2025' })).toHaveCount(1);
  await shot(page, 'reporting-charts');

  // Narrowed to one season, the assortments report holds that season's assortments.
  const filters = page.getByTestId('report-filters');
  await filters.locator('input[name=seasons]').fill('SP 2025');
  await filters.getByTestId('report-apply').click();
  await expect(page.getByTestId('chart-seasons')).toHaveAttribute('data-bars', '1');
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('report-download-assortments').click()]);
  expect(download.suggestedFilename()).toMatch(/^Assortments_Report_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByText('Report downloaded').first()).toBeVisible();
  await shot(page, 'reporting-downloaded');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await (await fetch(download.url())).arrayBuffer()) as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  expect(ws.name).toBe('Assortments');
  expect(ws.getRow(1).getCell(1).value).toBe('Title');
  const titles: string[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    titles.push(String(row.getCell(1).value));
    expect(row.getCell(10).value).toBe('SP');
    expect(row.getCell(11).value).toBe(2025);
  });
  expect(titles).toContain("Men's Running SP25");
  // The queue clears a second after the download.
  await expect(page.getByTestId('report-assortments')).toHaveAttribute('data-status', 'idle');
});

test('a plain user is refused every reporting call', async ({ page }) => {
  const user = await apiSession('user');
  for (const path of ['/api/assortments/admin/report/assortments', '/api/assortments/admin/report/styles', '/api/assortments/admin/charts']) {
    const res = await user.ctx.post(path, { data: { fileData: {} }, headers: { 'X-CSRF-Token': user.csrf } });
    expect(res.status(), path).toBe(403);
  }
  await user.ctx.dispose();
  await signIn(page, 'user');
  await page.goto(`${baseUrl()}/product/assortments/all`);
  await expect(page.getByTestId('assortments-all')).toBeVisible();
  await expect(page.getByTestId('open-reporting')).toHaveCount(0);
});

test('an editor syncs an assortment to the CRM and downloads the zip of its images', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page, 'editor');
  // An assortment of two colours of each of three styles.
  const res = await page.request.get(`${baseUrl()}/api/products?query=${encodeURIComponent(JSON.stringify({ conditions: { productType: ['Footwear'] }, limit: 200 }))}&select=style,color`);
  expect(res.ok()).toBeTruthy();
  const byStyle = new Map<string, string[]>();
  for (const r of ((await res.json()).data as { rows: { style: string; color: string }[] }).rows) byStyle.set(r.style, [...(byStyle.get(r.style) ?? []), r.color]);
  const products = [...byStyle.entries()]
    .filter(([, colors]) => colors.length >= 2)
    .slice(0, 3)
    .flatMap(([style, colors]) => colors.slice(0, 2).map((color) => ({ style, color })));
  expect(products).toHaveLength(6);
  const created = await page.request.post(`${baseUrl()}/api/assortments`, {
    data: { title: `CRM Review ${Date.now()}`, channel: 'Wholesale', products },
    headers: { 'X-CSRF-Token': await csrf(page) },
  });
  expect(created.ok()).toBeTruthy();
  const id = (await created.json()).data._id as string;

  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/manage`);
  await expect(page.getByTestId('assortment-detail')).toBeVisible();
  await expect(page.getByTestId('last-sync')).toHaveCount(0);
  await page.getByTestId('header-crm-sync').click();
  await expect(page.getByText("CRM has been sync'd").first()).toBeVisible();
  await expect(page.getByTestId('last-sync')).toBeVisible();
  // The default driver (crm.driver outbox) leaves the sync in the CRM outbox, and says so.
  const status = page.getByTestId('crm-sync-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status).toHaveAttribute('data-driver', 'outbox');
  await expect(status).toContainText('In the CRM outbox since');
  await shot(page, 'crm-sync');

  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/export`);
  await expect(page.getByTestId('document-export-page')).toBeVisible();
  await page.getByTestId('export-zip').click();
  const dialog = page.getByTestId('document-package-dialog');
  await dialog.locator('input[value=assortment]').check();
  await dialog.locator('input[name=heroOnly]').uncheck();
  await shot(page, 'zip-images-dialog');
  const [zip] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(zip.suggestedFilename()).toMatch(/_Images\.zip$/);
  await expect(page.getByText('Zip Downloaded').first()).toBeVisible();
  const entries = zipEntries(Buffer.from(await (await fetch(zip.url())).arrayBuffer()));
  expect(entries.filter((e) => /^images\/[0-9A-Z]+_[0-9A-Z]+\.png$/.test(e))).toHaveLength(6);
});
