/**
 * Libraries end to end: an editor uploads real files through the upload queue (a 50 MB picture,
 * then three more at once), publishes one once its required fields are filled, and a plain user
 * finds it, downloads it and downloads a zip of their collection. Refusals (a renamed executable,
 * a duplicate filename) are shown clearly.
 */
import { type Page, type Response } from '@playwright/test';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { baseUrl, expect, login, shot, test, throttleUploads, signIn } from './helpers';
import { exeBytes, pdfBytes, pngBytes, writeFile } from './library-files';

const MB = 1024 * 1024;
const stamp = Date.now().toString(36);
const BIG = `campaign-hero-${stamp}.png`;
const BIG_NAME = `campaign-hero-${stamp}`;
const others = [`window-graphic-${stamp}.png`, `brochure-${stamp}.pdf`, `price-list-${stamp}.pdf`];

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'its-lib-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.describe.configure({ mode: 'serial' });

test('an editor uploads a 50 MB picture and three more files at once, and watches their progress', async ({ page }) => {
  test.setTimeout(180_000);
  const big = writeFile(dir, BIG, pngBytes(4096, 4300, [36, 85, 228], [255, 91, 46]));
  expect(statSync(big).size).toBeGreaterThan(50 * MB);
  const files = [
    writeFile(dir, others[0]!, pngBytes(2400, 1800, [23, 144, 90], [240, 240, 235])),
    writeFile(dir, others[1]!, pdfBytes('Spring brochure', 24 * MB)),
    writeFile(dir, others[2]!, pdfBytes('Price list', 3 * MB)),
  ];

  const completes: Response[] = [];
  const parts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/upload/aws/s3/complete')) completes.push(r);
    if (r.request().method() === 'PUT' && r.url().includes('/blobs/')) parts.push(r.url());
  });

  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/advertising/libraries/manage/assets/upload`);
  await expect(page.getByTestId('dropzone')).toBeVisible();
  await shot(page, 'libraries-upload-page');

  const unthrottle = await throttleUploads(page, 12 * MB);
  await page.getByTestId('upload-input').setInputFiles(big);
  await page.getByTestId('upload-input').setInputFiles(files);

  // Three files upload at once; the fourth waits its turn.
  const list = page.getByTestId('upload-list');
  await expect(list.locator('[data-testid=upload-entry]')).toHaveCount(4);
  await expect(list.locator('[data-state=uploading]')).toHaveCount(3);
  await expect(list.locator('[data-state=queued]')).toHaveCount(1);
  await expect(page.getByTestId('uploader')).toBeVisible();
  await expect(page.getByTestId('uploader-title')).toHaveText('Uploading 4 files');
  // Progress moves: the overall percentage and the big file's own.
  const bigRow = list.locator(`[data-filename="${BIG}"]`);
  await expect(bigRow.getByTestId('upload-status')).toContainText(/MB of 5\d\.\d\d MB/, { timeout: 20_000 });
  await expect.poll(async () => Number((await page.getByTestId('uploader-percent').textContent())?.replace('%', '')), { timeout: 20_000 }).toBeGreaterThan(5);
  await shot(page, 'libraries-upload-progress');

  // The display modes: collapsed here (the page lists the files), expanded, mini, expanded again.
  await expect(page.getByTestId('uploader')).toHaveAttribute('data-mode', 'collapsed');
  await page.getByTestId('uploader-toggle').click();
  await expect(page.getByTestId('uploader')).toHaveAttribute('data-mode', 'expanded');
  await shot(page, 'libraries-uploader-expanded');
  await page.getByTestId('uploader-minimize').click();
  await expect(page.getByTestId('uploader-mini')).toBeVisible();
  await shot(page, 'libraries-uploader-mini');
  await page.getByTestId('uploader-mini').click();
  await expect(page.getByTestId('uploader')).toHaveAttribute('data-mode', 'expanded');

  await unthrottle();
  await expect.poll(() => completes.length, { timeout: 120_000 }).toBe(4);
  for (const r of completes) expect(r.status()).toBe(200);
  // 10 MiB parts: 6 for the 50 MB picture, 2 + 3 + 1 for the others.
  expect(parts.length).toBeGreaterThanOrEqual(12);
  await expect(page.getByTestId('uploader-title')).toHaveText('Uploads complete');
  // Finished entries leave after a short delay.
  await expect(list).toHaveCount(0, { timeout: 10_000 });

  // All four are Pending items now.
  await page.getByTestId('upload-to-pending').click();
  await expect(page.getByTestId('library-manage')).toHaveAttribute('data-status', 'Pending');
  await page.getByTestId('manage-search').fill(stamp);
  const grid = page.getByTestId('manage-grid');
  for (const name of [BIG_NAME, ...others.map((o) => o.replace(/\.[^.]+$/, ''))]) await expect(grid.getByText(name, { exact: true })).toBeVisible();
});

test('a renamed executable and a duplicate filename are refused with a clear message', async ({ page }) => {
  const fake = writeFile(dir, `setup-${stamp}.pdf`, exeBytes());
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/advertising/libraries/manage/assets/upload`);
  await page.getByTestId('upload-input').setInputFiles(fake);
  const row = page.getByTestId('upload-list').locator(`[data-filename="setup-${stamp}.pdf"]`);
  await expect(row).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(row.getByTestId('upload-status')).toHaveText('The file was refused: its content is not a real .PDF file.');
  await expect(page.locator('.its-toast--error')).toContainText('its content is not a real .PDF file');
  await shot(page, 'libraries-upload-refused');

  // The same filename as an asset uploaded before: refused at the check, nothing is sent.
  const again = writeFile(dir, others[2]!, pdfBytes('Price list again', 200_000));
  await page.getByTestId('upload-input').setInputFiles(again);
  const dup = page.getByTestId('upload-list').locator(`[data-filename="${others[2]}"]`);
  await expect(dup).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(dup.getByTestId('upload-status')).toContainText(`Another asset already has the filename ${others[2]}`);
});

const gridRow = (page: Page, name: string) => page.getByTestId('manage-grid').locator('.ag-row', { hasText: name });

test('an upload interrupted by a page reload resumes with the parts already stored', async ({ page }) => {
  const name = `line-sheet-${stamp}.pdf`;
  const file = writeFile(dir, name, pdfBytes('Line sheet', 35 * MB));
  const calls: string[] = [];
  page.on('response', (r) => {
    const u = r.url();
    if (u.includes('/api/upload/') || u.includes('/blobs/part/')) calls.push(`${r.request().method()} ${u.includes('/blobs/part/') ? 'part' : u.replace(/.*\/api\/upload\/aws\/s3\//, '').replace(/^[0-9a-f-]{36}\//, '')}`);
  });
  page.on('dialog', (d) => void d.accept());
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/libraries/manage/documents/upload`);
  const unthrottle = await throttleUploads(page, 8 * MB);
  await page.getByTestId('upload-input').setInputFiles(file);
  await expect.poll(() => calls.filter((c) => c === 'PUT part').length, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.reload();
  await unthrottle();
  const row = page.getByTestId('upload-list').getByTestId('upload-interrupted');
  await expect(row).toContainText(`${name}Interrupted (35.00 MB). Choose the file again to resume.`);
  await shot(page, 'libraries-upload-interrupted');
  const before = calls.filter((c) => c === 'PUT part').length;
  const chooser = page.waitForEvent('filechooser');
  await row.getByRole('button', { name: 'Resume' }).click();
  await (await chooser).setFiles(file);
  await expect.poll(() => calls.includes('POST complete'), { timeout: 30_000 }).toBe(true);
  expect(calls).toContain('GET parts');
  // Four parts in all: the ones stored before the reload were not sent again.
  expect(calls.filter((c) => c === 'PUT part').length - before).toBeLessThan(4);
  expect(calls.filter((c) => c === 'POST create')).toHaveLength(1);
});

/** A cell of the manage grid; pinned columns put one row in three containers, so go by row id. */
async function cellOf(page: Page, rowName: string, colId: string) {
  const rowId = await gridRow(page, rowName).first().getAttribute('row-id');
  return page.getByTestId('manage-grid').locator(`.ag-row[row-id="${rowId}"] [col-id="${colId}"]`);
}

/** Types into a cell of the grid kit (double-click opens its editor; Enter takes the value). */
async function editCell(page: Page, rowName: string, colId: string, value: string) {
  const cell = await cellOf(page, rowName, colId);
  await cell.dblclick();
  const editor = page.locator('.its-grid-editor');
  await editor.fill(value);
  await editor.press('Enter');
  await expect(cell).toHaveText(value);
}

test('publishing is refused while a required field is empty, then succeeds once it is filled', async ({ page }) => {
  await login(page, 'editor');
  // The whole Pending page first: the demo drafts and the new uploads in the grid kit.
  await page.goto(`${baseUrl()}/advertising/libraries/manage/assets/pending`);
  await expect(page.getByTestId('manage-count')).toHaveText(/^\d+ items$/);
  await expect(page.getByTestId('manage-grid').locator('.lib-grid-thumb img').first()).toBeVisible();
  await shot(page, 'libraries-manage-pending');
  await page.goto(`${baseUrl()}/advertising/libraries/manage/assets/pending?q=${BIG_NAME}`);
  const grid = page.getByTestId('manage-grid');
  await expect(grid.getByText(BIG_NAME, { exact: true })).toBeVisible();
  await expect(page.getByTestId('manage-count')).toHaveText('1 item');
  // On Pending, what publishing still needs is striped before anyone tries.
  await expect(grid.locator('.lib-cell--needed')).toHaveCount(3);

  await gridRow(page, BIG_NAME).locator('[col-id="ag-Grid-SelectionColumn"] input').check();
  await expect(page.getByTestId('grid-selection-bar')).toContainText('1 row selected');
  await page.getByTestId('move-Published').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Are You Sure?');
  await expect(dialog).toContainText('Changing the status will impact visibility to end users.');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  const problem = page.getByTestId('publish-error');
  await expect(problem).toContainText(`“${BIG_NAME}” cannot be published: Asset type, Category, Gender missing.`);
  await expect(grid.locator('.lib-cell--missing')).toHaveCount(3);
  const statusCell = await cellOf(page, BIG_NAME, 'status');
  await expect(statusCell).toHaveText('Pending');
  await shot(page, 'libraries-publish-refused');

  await editCell(page, BIG_NAME, 'assetType', 'Print Ad');
  await editCell(page, BIG_NAME, 'category', 'Running');
  await editCell(page, BIG_NAME, 'gender', 'Womens');
  await expect(page.getByTestId('grid-save-state')).toHaveText('All changes saved.', { timeout: 10_000 });
  await expect(grid.locator('.lib-cell--missing')).toHaveCount(0);
  await expect(problem).toHaveCount(0);
  // Undo and redo are the kit's: the last edit goes back and comes again.
  await page.getByTestId('grid-undo').click();
  await expect(await cellOf(page, BIG_NAME, 'gender')).toHaveText('');
  await page.getByTestId('grid-redo').click();
  await expect(await cellOf(page, BIG_NAME, 'gender')).toHaveText('Womens');
  await expect(page.getByTestId('grid-save-state')).toHaveText('All changes saved.', { timeout: 10_000 });

  // The status cell: the change waits for the confirmation, the cell keeps its value meanwhile.
  await statusCell.dblclick();
  await page.getByTestId('grid-choices').getByRole('option', { name: 'Published', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(statusCell).toHaveText('Pending');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.locator('.its-toast--success')).toContainText('1 item moved to Published', { timeout: 10_000 });
  await expect(statusCell).toHaveText('Published');
  await page.getByTestId('manage-tab-Published').click();
  // Switching tabs clears the search: type only once the Published tab is the page (on a busy
  // machine the switch can land after the typing and wipe it).
  await expect(page).toHaveURL(/\/manage\/assets\/published$/);
  await expect(page.getByTestId('manage-search')).toHaveValue('');
  await page.getByTestId('manage-search').fill(BIG_NAME);
  await expect(page.getByTestId('manage-count')).toHaveText('1 item');
  await expect(page.getByTestId('manage-grid').getByText(BIG_NAME, { exact: true })).toBeVisible();
  await page.getByTestId('manage-search').blur();
  await shot(page, 'libraries-manage-published');

  // The xlsx report is a job in the download queue, saved when it is done.
  const report = page.waitForEvent('download');
  await page.getByTestId('manage-report').click();
  await expect(page.getByTestId('download-entry').first()).toBeVisible();
  const file = await report;
  expect(file.suggestedFilename()).toMatch(/^AdvertisingAsset_Published_Report_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const saved = join(dir, 'report.xlsx');
  await file.saveAs(saved);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(saved);
  const sheet = book.getWorksheet('AdvertisingAsset')!;
  expect(sheet.getRow(1).getCell(2).value).toBe('Name');
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(2).value).toBe(BIG_NAME);
});

test('a plain user finds the new asset, downloads it, and downloads a zip of their collection', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'user');
  await page.goto(`${baseUrl()}/advertising/libraries/assets-landing`);
  await expect(page.getByTestId('landing-tile').first()).toBeVisible();
  await shot(page, 'libraries-landing');
  await page.getByTestId('landing-search').fill(BIG_NAME);
  await page.getByTestId('landing-search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/advertising/libraries/assets\\?q=${BIG_NAME}`));
  const card = page.getByTestId('asset-card').filter({ hasText: BIG_NAME });
  await expect(card).toHaveCount(1);
  await expect(card.locator('.lib-new')).toBeVisible();

  // Filters write the URL; back and forward bring them back.
  await page.getByTestId('filter-category').click();
  // The options are the values published items use, with their counts (from the server).
  // A group of checkboxes named by the field; each checkbox is named by its value and count.
  const running = page.getByRole('group', { name: 'Category' }).getByRole('checkbox', { name: /Running/ });
  await expect(running).toHaveAccessibleName(/^Running\s*\d+$/);
  await shot(page, 'libraries-filter-options');
  await running.click();
  await expect(running).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/category=Running/);
  await expect(card).toHaveCount(1);
  await page.getByTestId('filter-gender').click();
  const mens = page.getByRole('group', { name: 'Gender' }).getByRole('checkbox', { name: /^Mens/ });
  await mens.click();
  await expect(mens).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('assets-empty')).toContainText('No assets available.');
  await page.goBack();
  await expect(page).not.toHaveURL(/gender=/);
  await expect(card).toHaveCount(1);
  await page.goForward();
  await expect(page.getByTestId('assets-empty')).toBeVisible();
  await page.goBack();
  await expect(card).toHaveCount(1);
  await shot(page, 'libraries-browse-filtered');

  // The detail, then the primary file: the statistics event and the Seen flag are recorded.
  await card.getByRole('button', { name: `Open ${BIG_NAME}` }).click();
  const detail = page.getByTestId('asset-dialog');
  await expect(detail).toContainText(BIG);
  await expect(page).toHaveURL(/asset=/);
  await shot(page, 'libraries-asset-detail');
  const stat = page.waitForRequest((r) => r.url().endsWith('/api/stats') && r.method() === 'POST');
  const flag = page.waitForRequest((r) => r.url().endsWith('/api/userFlags') && r.method() === 'POST');
  const download = page.waitForEvent('download');
  await detail.getByTestId('detail-download-primary').click();
  expect((await download).suggestedFilename()).toBe(BIG);
  expect((await stat).postDataJSON()).toMatchObject({ action: 'assetDownloadPrimary', modelType: 'Asset' });
  expect((await flag).postDataJSON()).toMatchObject({ flag: 'Seen', modelType: 'Asset' });
  await page.keyboard.press('Escape');
  await expect(card.locator('.lib-new')).toHaveCount(0);

  // The list view shows the same items.
  await page.getByTestId('view-list').click();
  await expect(page.getByTestId('asset-row').filter({ hasText: BIG_NAME })).toHaveCount(1);
  await page.getByTestId('view-grid').click();

  // Collect it and a few more, then download the collection as a zip through the queue.
  await card.getByTestId('collection-toggle').click();
  await page.getByTestId('filter-clear').click();
  const cards = page.getByTestId('asset-card');
  for (let i = 1; i <= 3; i++) await cards.nth(i).getByTestId('collection-toggle').click();
  await expect(page.getByTestId('collection-badge')).toHaveText('4');
  await page.getByTestId('collection-open').click();
  const panel = page.getByTestId('collection-panel');
  await expect(panel.getByTestId('collection-item')).toHaveCount(4);
  await panel.getByText('Include working files').click();
  await expect(panel.getByTestId('collection-include-working')).toBeChecked();
  await expect(panel.getByTestId('collection-size')).toContainText(/5\d\.\d\d MB to download/, { timeout: 10_000 });
  await shot(page, 'libraries-collection');
  const zip = page.waitForEvent('download');
  await panel.getByTestId('collection-zip').click();
  const entry = page.getByTestId('download-entry');
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId('download-status')).toContainText(/Waiting to start|Preparing|Downloaded/);
  await shot(page, 'libraries-zip-progress');
  const file = await zip;
  expect(file.suggestedFilename()).toBe('advertisingAsset_collection.zip');
  const saved = join(dir, 'collection.zip');
  await file.saveAs(saved);
  expect(statSync(saved).size).toBeGreaterThan(50 * MB);
  await expect(entry.getByTestId('download-status')).toHaveText('Downloaded as advertisingAsset_collection.zip');
  await shot(page, 'libraries-zip-done');
});

test('an editor groups the published assets by season: the server counts the groups, the rows stay read in blocks', async ({ page }) => {
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/advertising/libraries/manage/assets/published`);
  const grid = page.getByTestId('manage-grid');
  await expect(page.getByTestId('manage-count')).toHaveText(/^\d+ items$/);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/assets\/AdvertisingAsset\/(groups|query|stream)$/.test(r.url())) calls.push(`${r.url().split('/').at(-1)} ${r.postData() ?? ''}`);
  });
  const groupBy = grid.getByTestId('grid-group-by');
  await expect(groupBy.locator('option')).toHaveText(['None', 'Gender', 'Season', 'Region', 'Orientation']);
  await groupBy.selectOption('season');
  await expect(grid.getByTestId('grid-group-row').first()).toContainText(/^Season: .+ \([\d,]+\)$/);
  await expect.poll(() => calls.some((c) => c.startsWith('query ') && c.includes('"sort":[{"field":"season","dir":"asc"},{"field":"modifiedDate","dir":"desc"}]'))).toBe(true);
  expect(calls.find((c) => c.startsWith('groups '))).toContain('"field":"season"');
  expect(calls.filter((c) => c.startsWith('stream '))).toEqual([]);
  await shot(page, 'libraries-manage-grouped');
  await groupBy.selectOption('');
  await expect(grid.getByTestId('grid-group-row')).toHaveCount(0);
});
