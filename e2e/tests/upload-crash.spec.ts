/**
 * A server killed in the middle of an upload (SIGKILL, as a crash or an OOM kill would): these
 * tests run servers of their own on one data dir and port, kill them mid-upload and start them
 * again. The page's upload queue waits for the server and resumes with the parts already stored;
 * the asset then exists once, byte for byte, and the blob store keeps no parts. An upload nobody
 * resumes is aborted by the sweeper, even after a crash that also killed PostgreSQL; choosing its
 * file again then uploads it from the start. Stopping leaves no PostgreSQL behind.
 */
import { request as pwRequest, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD, alive, demoEmail, itsBin, postmasterPid, startServer } from '../server.mjs';
import { expect, shot, test, throttleUploads, signIn } from './helpers';

type Server = Awaited<ReturnType<typeof startServer>>;

const MB = 1024 * 1024;
const PARTS = 7;
const stamp = Date.now().toString(36);
const UPLOAD_PAGE = '/product/libraries/manage/documents/upload';

let dir: string;
let dataDir: string;
let bin: string;
let port: number | undefined;
const running: Server[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'its-crash-files-'));
  dataDir = mkdtempSync(join(tmpdir(), 'its-crash-data-'));
  // Every start runs the same binary, whatever is rebuilt meanwhile.
  bin = join(dir, 'its');
  copyFileSync(itsBin(), bin);
});

test.afterAll(async () => {
  for (const s of running.splice(0)) await s.stop();
  // A test that failed between a crash and the restart leaves the crashed server's postmaster.
  const left = postmasterPid(dataDir);
  if (alive(left)) {
    process.kill(left, 'SIGTERM');
    await expect.poll(() => alive(left), { timeout: 30_000 }).toBe(false);
  }
  expect(postmasters(), 'a PostgreSQL of the data dir is left running').toEqual([]);
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts (or starts again) the test's server on its data dir and port. */
async function serve(env: Record<string, string> = {}): Promise<Server> {
  const log = process.env.E2E_SERVER_LOG ? (l: string) => console.error(`[its:${port}] ${l}`) : undefined;
  const s = await startServer({ bin, dataDir, port, env, log });
  port = s.port;
  running.push(s);
  return s;
}

/** Crashes a server: SIGKILL, no shutdown of any kind. */
async function crash(s: Server) {
  await s.kill();
  running.splice(running.indexOf(s), 1);
}

/** Stops a server the normal way (SIGTERM), which stops its PostgreSQL too. */
async function stop(s: Server) {
  await s.stop();
  running.splice(running.indexOf(s), 1);
}

/** The pids of the postmasters (and their processes) running on the test's data dir. */
function postmasters(): number[] {
  try {
    return execFileSync('pgrep', ['-f', `postgres -D ${join(dataDir, 'pg')} `], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep answers 1 when nothing matches
  }
}

/** A PDF of `size` bytes whose body is random, so that a part out of place changes the hash. */
function randomPdf(name: string, size: number) {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'binary');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const bytes = Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, name, size, sha256: createHash('sha256').update(bytes).digest('hex') };
}

interface Traffic {
  uploadId?: string;
  /** The blob store's id of the multipart upload (its folder under blobs/multipart). */
  storageId?: string;
  creates: number;
  resumes: number;
  completes: number[];
  /** Part numbers stored (a 200 to their PUT), in order. */
  stored: number[];
}

/** Follows the upload's calls: create (its uploadId), the parts stored, resume and complete. */
function follow(page: Page): Traffic {
  const t: Traffic = { creates: 0, resumes: 0, completes: [], stored: [] };
  page.on('response', async (r) => {
    const url = r.url();
    const method = r.request().method();
    const part = /\/blobs\/part\/([0-9a-f]+)\/(\d+)/.exec(url);
    if (method === 'PUT' && part && r.status() === 200) {
      t.storageId = part[1];
      t.stored.push(Number(part[2]));
    }
    else if (url.endsWith('/api/upload/aws/s3/create')) {
      t.creates++;
      if (r.ok()) t.uploadId = ((await r.json()) as { data: { uploadId: string } }).data.uploadId;
    } else if (method === 'GET' && /\/api\/upload\/aws\/s3\/[0-9a-f-]{36}\/parts$/.test(url)) t.resumes++;
    else if (url.endsWith('/api/upload/aws/s3/complete')) t.completes.push(r.status());
  });
  return t;
}

/** An API client logged in as the editor. */
async function editorApi(url: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await pwRequest.newContext({ baseURL: url });
  const res = await api.post('/api/users/session', { data: { email: demoEmail('editor'), password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return { api, csrf: ((await res.json()) as { data: { csrfToken: string } }).data.csrfToken };
}

interface Asset {
  _id: string;
  name: string;
  files: { filename: string; fileSize: number; sourceFile?: string }[];
}

async function pending(api: APIRequestContext, q: string): Promise<Asset[]> {
  const res = await api.get(`/api/assets?libraryType=ProductDocument&status=Pending&q=${encodeURIComponent(q)}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { rows: Asset[] } }).data.rows;
}

const multipartDir = () => join(dataDir, 'blobs', 'multipart');
const storedParts = (storageId: string) => {
  const d = join(multipartDir(), storageId);
  return existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.etag')).length : 0;
};
const objectPath = (filename: string) => join(dataDir, 'blobs', 'objects', 'uploads', 'ProductDocument', filename);

test('a server killed mid-upload comes back and the upload resumes with the parts already stored', async ({ page }) => {
  test.setTimeout(300_000);
  const before = postmasters();
  expect(before, 'a PostgreSQL already runs on a fresh data dir').toEqual([]);
  const first = await serve();
  const postmaster = postmasterPid(dataDir);
  expect(alive(postmaster)).toBe(true);

  const file = randomPdf(`fit-guide-${stamp}.pdf`, 68 * MB);
  const traffic = follow(page);
  await signIn(page, 'editor', first.url);
  await page.goto(`${first.url}${UPLOAD_PAGE}`);
  await expect(page.getByTestId('dropzone')).toBeVisible();
  const unthrottle = await throttleUploads(page, 8 * MB);
  await page.getByTestId('upload-input').setInputFiles(file.path);
  const row = page.getByTestId('upload-list').locator(`[data-filename="${file.name}"]`);
  await expect(row).toHaveAttribute('data-state', 'uploading');

  // Some parts stored, the others on their way: the server dies.
  await expect.poll(() => traffic.stored.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await crash(first);
  const storedBefore = [...new Set(traffic.stored)];
  expect(traffic.uploadId).toBeTruthy();
  const uploadId = traffic.uploadId!;
  expect(storedBefore.length).toBeLessThan(PARTS);
  // A part may have been stored with its answer lost in the crash: it counts as stored.
  const onDisk = storedParts(traffic.storageId!);
  expect(onDisk).toBeGreaterThanOrEqual(storedBefore.length);
  expect(onDisk).toBeLessThan(PARTS);
  // The crash took the server only: its PostgreSQL still runs.
  expect(alive(postmaster)).toBe(true);

  // The queue does not give up while the server is away; it says it waits.
  await expect(row.getByTestId('upload-status')).toHaveText('Waiting for the server… the upload resumes where it stopped', { timeout: 30_000 });
  await expect(row).toHaveAttribute('data-state', 'uploading');
  await shot(page, 'upload-crash-waiting');
  const storedWhileDown = traffic.stored.length;

  // Back on the same data dir and port: it adopts the running PostgreSQL.
  const second = await serve();
  expect(postmasterPid(dataDir)).toBe(postmaster);
  await unthrottle();
  await expect.poll(() => traffic.completes, { timeout: 120_000 }).toEqual([200]);
  await expect(row).toHaveAttribute('data-state', 'completed');

  // Resumed, not restarted: one create, the stored parts asked for and not sent again.
  expect(traffic.creates).toBe(1);
  expect(traffic.resumes).toBeGreaterThanOrEqual(1);
  const sentAfter = traffic.stored.slice(storedWhileDown);
  expect(sentAfter.filter((n) => storedBefore.includes(n))).toEqual([]);
  expect([...new Set([...storedBefore, ...sentAfter])].sort((a, b) => a - b)).toEqual(Array.from({ length: PARTS }, (_, i) => i + 1));

  // The asset is Pending exactly once, with the file's size, and its bytes are the file's.
  const { api } = await editorApi(second.url);
  try {
    const assets = await pending(api, `fit-guide-${stamp}`);
    expect(assets.map((a) => a.name)).toEqual([`fit-guide-${stamp}`]);
    const f = assets[0]!.files[0]!;
    expect(f.filename).toBe(file.name);
    expect(f.fileSize).toBe(file.size);
    const body = await (await api.get(f.sourceFile!)).body();
    expect(body.length).toBe(file.size);
    expect(createHash('sha256').update(body).digest('hex')).toBe(file.sha256);
    // The upload is completed for good: nothing left to resume.
    const parts = await api.get(`/api/upload/aws/s3/${uploadId}/parts`);
    expect(parts.status()).toBe(409);
    expect(((await parts.json()) as { details: { status: string } }).details.status).toBe('completed');
  } finally {
    await api.dispose();
  }
  // No parts are left in the blob store; the object is whole.
  expect(readdirSync(multipartDir())).toEqual([]);
  expect(statSync(objectPath(file.name)).size).toBe(file.size);

  // Stopping the server stops the PostgreSQL it adopted.
  await stop(second);
  await expect.poll(() => alive(postmaster), { timeout: 10_000 }).toBe(false);
  expect(postmasters()).toEqual([]);
});

test('an upload nobody resumes after a crash that also killed PostgreSQL is aborted by the sweeper, and starts over when chosen again', async ({ browser }) => {
  test.setTimeout(300_000);
  const first = await serve();
  const postmaster = postmasterPid(dataDir);
  const file = randomPdf(`care-label-${stamp}.pdf`, 45 * MB);

  const context = await browser.newContext();
  const page = await context.newPage();
  const traffic = follow(page);
  await signIn(page, 'editor', first.url);
  await page.goto(`${first.url}${UPLOAD_PAGE}`);
  await throttleUploads(page, 6 * MB);
  await page.getByTestId('upload-input').setInputFiles(file.path);
  await expect.poll(() => traffic.stored.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);

  // The whole machine's processes die: the server and its postmaster, leaving postmaster.pid.
  await crash(first);
  process.kill(postmaster, 'SIGKILL');
  await expect.poll(() => alive(postmaster), { timeout: 10_000 }).toBe(false);
  expect(postmasterPid(dataDir)).toBe(postmaster);
  // The browser goes too: nobody will resume this upload.
  await page.close();
  const uploadId = traffic.uploadId!;
  expect(uploadId).toBeTruthy();
  expect(storedParts(traffic.storageId!)).toBeGreaterThanOrEqual(1);

  // Started again with a short stale-upload age: it starts its own PostgreSQL over the stale
  // pid file, and the sweeper (which runs at start) aborts the upload and removes its parts.
  const second = await serve({ ITS_STORAGE_STALE_UPLOAD_TTL: '1s' });
  const restarted = postmasterPid(dataDir);
  expect(restarted).not.toBe(postmaster);
  expect(alive(restarted)).toBe(true);
  const { api } = await editorApi(second.url);
  try {
    await expect
      .poll(async () => {
        const r = await api.get(`/api/upload/aws/s3/${uploadId}/parts`);
        return r.status() === 409 ? ((await r.json()) as { details: { status: string } }).details.status : `HTTP ${r.status()}`;
      }, { timeout: 60_000 })
      .toBe('aborted');
    expect(existsSync(join(multipartDir(), traffic.storageId!))).toBe(false);
    expect(readdirSync(multipartDir())).toEqual([]);
    expect(existsSync(objectPath(file.name))).toBe(false);
    expect(await pending(api, `care-label-${stamp}`)).toEqual([]);

    // The page, opened again, offers the upload for resuming; the server no longer has it, so
    // choosing the file again uploads it from the start, once.
    // The session outlived the crash (sessions live in the database): no login needed.
    const again = await context.newPage();
    const retraffic = follow(again);
    await again.goto(`${second.url}${UPLOAD_PAGE}`);
    const interrupted = again.getByTestId('upload-list').getByTestId('upload-interrupted');
    await expect(interrupted).toContainText(file.name);
    const chooser = again.waitForEvent('filechooser');
    await interrupted.getByRole('button', { name: 'Resume' }).click();
    await (await chooser).setFiles(file.path);
    const row = again.getByTestId('upload-list').locator(`[data-filename="${file.name}"]`);
    await expect.poll(() => retraffic.completes, { timeout: 120_000 }).toEqual([200]);
    await expect(row).toHaveAttribute('data-state', 'completed');
    expect(retraffic.resumes).toBe(1);
    expect(retraffic.creates).toBe(1);
    expect(retraffic.uploadId).not.toBe(uploadId);
    const assets = await pending(api, `care-label-${stamp}`);
    expect(assets).toHaveLength(1);
    expect(assets[0]!.files[0]!.fileSize).toBe(file.size);
    const body = await (await api.get(assets[0]!.files[0]!.sourceFile!)).body();
    expect(createHash('sha256').update(body).digest('hex')).toBe(file.sha256);
    expect(readdirSync(multipartDir())).toEqual([]);
  } finally {
    await api.dispose();
    await context.close();
  }

  await stop(second);
  // pg_ctl returns once the pid file is gone; the postmaster exits a moment later.
  await expect.poll(() => alive(restarted), { timeout: 10_000 }).toBe(false);
  expect(postmasters()).toEqual([]);
});
