#!/usr/bin/env node
// Browser measurements of the shell, printed as one JSON line per figure on stdout (all other
// output goes to stderr). Starts its own server like the test harness.
//   shell.initial_js_gzip_kb   the shell's JavaScript (gzip) loaded by the first page, before any remote
//   shell.login_to_dashboard_ms  submit on the login form until the dashboard's quick links show,
//                                fresh browser context each time, median of 5
//   grid.browser_first_paint_10k_ms  the Production samples grid with 10,000 rows: from the start of
//                                the data load (its first block's query request) to the first rows painted, median of 5
//   grid.paste_1000_cells_commit_ms  a paste of 1,000 cells (125 rows × 8 columns) until the server
//                                has confirmed the save (the grid says 'All changes saved.'), median of 5
//   showroom.first_paint_ms      a demo assortment's showroom opened from the dashboard (a client-side
//                                navigation, its remote not loaded yet): until the frame in which the
//                                first product tile shows its loaded image, median of 5
//   grid.scroll_to_end_50k_ms  the product library (50,000 products read by scrolling): from the jump
//                                to the end of the grid to the frame showing its last rows, median of 5
//   scale.browser_scroll_to_end_ms.50k  the same figure under the scale figures' name; with
//                                ITS_BENCH_SCALE=1m also .1m (a server whose catalog `its seed
//                                --products 1000000` grew to a million) and .growth (1M ÷ 50k);
//                                BENCH_SCALE_TRY=N grows it to N instead, to try the step quickly
//   live.edit_to_other_browser_p95_ms  live rows on two servers sharing one database: from an
//                                assortment batch sent to server A to the frame in which the editor's
//                                browser on server B shows the new value, 95th percentile of 20
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD, chromiumArgs, chromiumPath, databaseUrl, demoEmail, itsBin, serverEnv, startServer } from './server.mjs';

const RUNS = 5;
const log = (...args) => console.error('[bench]', ...args);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function initialJs(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = [];
  const sizes = new Map();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (!path.endsWith('.js') || path.startsWith('/remotes/')) return;
    pending.push(res.body().then((body) => sizes.set(path, gzipSync(body, { level: 9 }).length), () => {}));
  });
  await page.goto(`${url}/`);
  await page.getByTestId('login-form').waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  for (const [path, size] of [...sizes].sort((a, b) => b[1] - a[1])) log(`  ${(size / 1024).toFixed(1).padStart(7)} kB  ${path}`);
  return Math.round((total / 1024) * 10) / 10;
}

async function loginToDashboard(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}/`);
  const form = page.getByTestId('login-form');
  await form.waitFor();
  await form.locator('input[name=email]').fill(demoEmail('editor'));
  await form.locator('input[name=password]').fill(DEMO_PASSWORD);
  // Timed inside the page (Playwright's own waiting polls too coarsely): from the click on
  // submit to the first frame in which the quick links are laid out.
  await page.evaluate(() => {
    window.__itsBench = new Promise((resolve) => {
      let start = 0;
      document.addEventListener('click', (e) => {
        if (e.target instanceof Element && e.target.closest('[data-testid="login-submit"]')) start = performance.now();
      }, true);
      const check = () => {
        const el = document.querySelector('[data-testid="quick-links"]');
        if (!start || !el || el.getBoundingClientRect().height === 0) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      };
      const observer = new MutationObserver(check);
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    });
  });
  await form.getByTestId('login-submit').click();
  const ms = await page.evaluate(() => window.__itsBench);
  await page.getByTestId('quick-links').waitFor({ state: 'visible' });
  await context.close();
  return ms;
}

const GRID_ROWS = 10_000;
/** An editor's API session on url: fetch headers with its cookie and CSRF token. */
async function editorHeaders(url) {
  const login = await fetch(`${url}/api/users/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demoEmail('editor'), password: DEMO_PASSWORD }),
  });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': (await login.json()).data.csrfToken };
}

const PRODUCTION = '/product/libraries/samples/production';

/** Tops the Production library up to 10,000 live samples through the batch API. */
async function seedSamples(url) {
  const headers = await editorHeaders(url);
  const page = await (await fetch(`${url}/api/sampleInventory/Production?limit=1`, { headers })).json();
  let missing = GRID_ROWS - page.data.totalCount;
  let n = 0;
  while (missing > 0) {
    const size = Math.min(missing, 2000);
    const add = Array.from({ length: size }, () => {
      n++;
      return {
        tempId: `b${n}`,
        values: { division: 'Footwear', style: String(50000 + (n % 700)), color: 'BLK', size: String(5 + (n % 10)), side: 'Pair', status: 'Available', bin: `BN-${n}`, totalQty: (n % 12) + 1 },
      };
    });
    const res = await fetch(`${url}/api/sampleInventory/Production/batch/many`, { method: 'PATCH', headers, body: JSON.stringify({ add }) });
    if (!res.ok) throw new Error(`seeding samples failed: ${res.status} ${await res.text()}`);
    missing -= size;
  }
}

async function loginPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}/`);
  const form = page.getByTestId('login-form');
  await form.locator('input[name=email]').fill(demoEmail('editor'));
  await form.locator('input[name=password]').fill(DEMO_PASSWORD);
  await form.getByTestId('login-submit').click();
  await page.getByTestId('quick-links').waitFor();
  return { context, page };
}

/** From the grid's first read request's start to the frame in which the first grid rows are painted. */
async function gridFirstPaint(page, url) {
  await page.evaluate(() => {
    window.__itsPaint = new Promise((resolve) => {
      const check = () => {
        if (!document.querySelector('[data-testid="sample-grid"] .ag-row[row-id] .ag-cell[col-id="style"]')) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      };
      const observer = new MutationObserver(check);
      observer.observe(document.documentElement, { subtree: true, childList: true });
    });
  });
  // A client-side navigation keeps the observer (and the shell) in place, like a user's click.
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, PRODUCTION);
  const paintedAt = await page.evaluate(() => window.__itsPaint);
  await page.getByTestId('grid-row-count').and(page.locator(`[data-count="${GRID_ROWS}"]`)).waitFor({ timeout: 60_000 });
  // The grid reads its first block through the protocol's query call (the stream, before block loading).
  const start = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => /\/api\/sampleInventory\/Production\/(query|stream)\b/.test(e.name))?.startTime);
  if (start === undefined) throw new Error('no query or stream request of the grid seen');
  return paintedAt - start;
}

/** A 1,000-cell paste until the grid says the server has saved it. */
async function pasteCommit(page, run) {
  await page.locator('[data-testid="sample-grid"] .ag-row[row-index="0"] .ag-cell[col-id="size"]').click();
  const lines = [];
  for (let i = 0; i < 125; i++) lines.push([String(6 + (i % 8) / 2), ['L', 'R', 'Pair'][i % 3], 'Available', 'Mens', `M${run}x${i}`, '03/07/2025', `PB${run}-${i}`, String((i % 9) + 1)].join('\t'));
  const text = `${lines.join('\r\n')}\r\n`;
  return page.evaluate(
    (tsv) =>
      new Promise((resolve, reject) => {
        const state = () => document.querySelector('[data-testid="grid-save-state"]')?.getAttribute('data-state');
        let busy = false;
        let t0 = 0;
        const check = () => {
          const s = state();
          if (s === 'saving' || s === 'pending') busy = true;
          else if (busy && s === 'saved') {
            observer.disconnect();
            const end = performance.now();
            // The phases go to the log: in the browser before the save call, the call, after it.
            const call = performance.getEntriesByType('resource').filter((e) => /\/batch\b/.test(e.name) && e.startTime >= t0).pop();
            const phases = call ? { before: call.startTime - t0, call: call.responseEnd - call.startTime, after: end - call.responseEnd } : null;
            resolve({ ms: end - t0, phases });
          } else if (busy && s === 'error') {
            observer.disconnect();
            reject(new Error('the paste was not saved'));
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
        const data = new DataTransfer();
        data.setData('text/plain', tsv);
        t0 = performance.now();
        document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        check();
      }),
    text,
  );
}

/**
 * The product library (50,000 products, read by scrolling): from the jump to the end of the
 * grid to the frame in which its last row shows its style.
 */
async function scrollToEnd(browser, url, atLeast = 50_000) {
  const { context, page } = await loginPage(browser, url);
  try {
    await page.goto(`${url}/product/libraries/products`);
    const grid = page.getByTestId('product-grid');
    await grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="style"]').filter({ hasText: /\S/ }).waitFor({ timeout: 60_000 });
    const total = Number(await page.getByTestId('catalog-count').getAttribute('data-total'));
    if (!(total >= atLeast)) throw new Error(`the product library shows ${total} products, not ${atLeast}`);
    return await page.evaluate(
      (last) =>
        new Promise((resolve) => {
          const grid = document.querySelector('[data-testid="product-grid"]');
          const shown = () => {
            const rows = grid.querySelectorAll('.ag-row:not(.its-grid-row--placeholder) .ag-cell[col-id="style"]');
            for (const c of rows) if (c.textContent.trim() && Number(c.closest('.ag-row').getAttribute('row-index')) >= last - 5) return true;
            return false;
          };
          const t0 = performance.now();
          const observer = new MutationObserver(() => {
            if (!shown()) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          });
          observer.observe(grid, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
          const viewport = grid.querySelector('.ag-grid-viewport');
          viewport.scrollTop = viewport.scrollHeight;
        }),
      total - 1,
    );
  } finally {
    await context.close();
  }
}

async function gridFigures(browser, url) {
  await seedSamples(url);
  const paints = [];
  const pastes = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await loginPage(browser, url);
    const ms = await gridFirstPaint(page, url);
    log(`grid first paint (10,000 rows) run ${i + 1}: ${ms.toFixed(0)} ms`);
    paints.push(ms);
    const { ms: paste, phases } = await pasteCommit(page, i);
    const split = phases ? ` (before the save call ${phases.before.toFixed(0)}, call ${phases.call.toFixed(0)}, after ${phases.after.toFixed(0)})` : '';
    log(`paste 1,000 cells → saved run ${i + 1}: ${paste.toFixed(0)} ms${split}`);
    pastes.push(paste);
    await context.close();
  }
  return { paint: Math.round(median(paints)), paste: Math.round(median(pastes)) };
}

const SHOWROOM_ASSORTMENT = 'Summer 2025 Line Review';

/** The id of the editor's demo assortment the showroom figure opens. */
async function showroomAssortmentId(url) {
  const res = await fetch(`${url}/api/assortments?view=all&q=${encodeURIComponent(SHOWROOM_ASSORTMENT)}`, { headers: await editorHeaders(url) });
  const item = (await res.json()).data.items.find((a) => a.title === SHOWROOM_ASSORTMENT);
  if (!item) throw new Error(`no demo assortment ${SHOWROOM_ASSORTMENT}`);
  return item._id;
}

/** From the navigation to the showroom to the frame in which the first tile's image is painted. */
async function showroomFirstPaint(page, id) {
  await page.evaluate(() => {
    window.__itsShowroom = new Promise((resolve) => {
      let start = 0;
      const check = () => {
        const img = document.querySelector('[data-testid="showroom-tile"] img');
        if (!img || !img.complete || img.naturalWidth === 0) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      };
      const observer = new MutationObserver(check);
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
      document.addEventListener('load', check, true);
      window.__itsShowroomStart = () => {
        start = performance.now();
      };
    });
  });
  await page.evaluate((path) => {
    window.__itsShowroomStart();
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/product/assortments/assortment/${id}/showroom`);
  return page.evaluate(() => window.__itsShowroom);
}

async function showroomFigure(browser, url) {
  const id = await showroomAssortmentId(url);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await loginPage(browser, url);
    const ms = await showroomFirstPaint(page, id);
    log(`showroom first paint run ${i + 1}: ${ms.toFixed(0)} ms`);
    times.push(ms);
    await context.close();
  }
  return Math.round(median(times));
}

/** Median of RUNS scrolls to the end of the product library of the server at url. */
async function scrollFigure(browser, url, atLeast, what) {
  const ends = [];
  for (let i = 0; i < RUNS; i++) {
    const ms = await scrollToEnd(browser, url, atLeast);
    log(`scroll to the end of ${what} run ${i + 1}: ${ms.toFixed(0)} ms`);
    ends.push(ms);
  }
  return Math.round(median(ends));
}

/** Runs `its seed --products n` into a new data directory, the catalog grown to n products. */
async function seedCatalog(n) {
  const dataDir = mkdtempSync(join(tmpdir(), 'its-bench-scale-'));
  const started = Date.now();
  const code = await new Promise((ok) => {
    const child = spawn(itsBin(), ['seed', '--products', String(n)], {
      env: { ...serverEnv(), ITS_DATA_DIR: dataDir, ITS_DEMO: 'true' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', ok);
  });
  if (code !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`its seed --products ${n} exited with ${code}`);
  }
  log(`seeded ${n} products in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return dataDir;
}

/** The scroll figure at a million products: a server over a catalog the generator made. */
async function scrollAtMillion(browser) {
  const n = Number(process.env.BENCH_SCALE_TRY) || 1_000_000;
  const dataDir = await seedCatalog(n);
  const big = await startServer({ dataDir });
  try {
    return await scrollFigure(browser, big.url, n, `${n.toLocaleString('en-US')} products`);
  } finally {
    await big.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ndjson = async (res) =>
  (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/** live.edit_to_other_browser_p95_ms: a second server on the first one's database, a browser on it. */
async function liveFigure(browser, a) {
  const b = await startServer({ env: { ITS_DATABASE_URL: databaseUrl(a.dataDir) } });
  try {
    const headers = await editorHeaders(a.url);
    const pairs = (await ndjson(await fetch(`${a.url}/api/products/query`, { method: 'POST', headers, body: JSON.stringify({ limit: 3 }) })))
      .filter((p) => p.style && p.color)
      .slice(0, 3)
      .map((p) => ({ style: p.style, color: p.color }));
    const created = await (await fetch(`${a.url}/api/assortments`, { method: 'POST', headers, body: JSON.stringify({ title: `Live bench ${Date.now()}`, products: pairs }) })).json();
    const id = created.data._id;
    const { context, page } = await loginPage(browser, b.url);
    await page.goto(`${b.url}/product/assortments/assortment/${id}/manage`);
    await page.locator('[data-testid="rows-live"][data-state="live"]').waitFor({ timeout: 30_000 });
    const times = [];
    for (let i = 0; i < 20; i++) {
      const rows = (await ndjson(await fetch(`${a.url}/api/assortments/products/query`, { method: 'POST', headers, body: JSON.stringify({ assortmentId: id, limit: 10 }) })))
        .filter((r) => typeof r.id === 'string')
        .sort((x, y) => (x.sort ?? 0) - (y.sort ?? 0));
      const row = rows[0];
      const pct = 10 + i;
      const t0 = Date.now();
      const res = await fetch(`${a.url}/api/assortments/batch/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ updateProducts: [{ id: row.id, version: row.version, changes: { discountPercent: pct } }] }) });
      if (!res.ok) throw new Error(`live batch: ${res.status} ${await res.text()}`);
      await page.waitForFunction((want) => document.querySelector('[data-testid="detail-grid"] .ag-row[row-index="0"] .ag-cell[col-id="discountPercent"]')?.textContent?.includes(want), `${pct}`, { polling: 'raf', timeout: 10_000 });
      const ms = Date.now() - t0;
      log(`live edit → other browser run ${i + 1}: ${ms} ms`);
      times.push(ms);
    }
    await context.close();
    const sorted = times.sort((x, y) => x - y);
    return sorted[Math.ceil(sorted.length * 0.95) - 1];
  } finally {
    await b.stop();
  }
}

// BENCH_ONLY=shell,grid,showroom,live measures only those groups of figures (default: all); paste
// is the grid group's first-paint and paste figures alone.
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : null;
const want = (group) => !only || only.includes(group);

const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  if (want('shell')) {
    const kb = await initialJs(browser, server.url);
    log(`initial shell JS: ${kb} kB gzip`);
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const ms = await loginToDashboard(browser, server.url);
      log(`login → dashboard run ${i + 1}: ${ms.toFixed(0)} ms`);
      times.push(ms);
    }
    console.log(JSON.stringify({ name: 'shell.initial_js_gzip_kb', value: kb, unit: 'kB' }));
    console.log(JSON.stringify({ name: 'shell.login_to_dashboard_ms', value: Math.round(median(times)), unit: 'ms' }));
  }
  if (want('grid') || want('paste')) {
    const grid = await gridFigures(browser, server.url);
    console.log(JSON.stringify({ name: 'grid.browser_first_paint_10k_ms', value: grid.paint, unit: 'ms' }));
    console.log(JSON.stringify({ name: 'grid.paste_1000_cells_commit_ms', value: grid.paste, unit: 'ms' }));
  }
  if (want('grid')) {
    const end = await scrollFigure(browser, server.url, 50_000, '50,000 products');
    console.log(JSON.stringify({ name: 'grid.scroll_to_end_50k_ms', value: end, unit: 'ms' }));
    console.log(JSON.stringify({ name: 'scale.browser_scroll_to_end_ms.50k', value: end, unit: 'ms' }));
    if (process.env.ITS_BENCH_SCALE === '1m') {
      const million = await scrollAtMillion(browser);
      console.log(JSON.stringify({ name: 'scale.browser_scroll_to_end_ms.1m', value: million, unit: 'ms' }));
      console.log(JSON.stringify({ name: 'scale.browser_scroll_to_end_ms.growth', value: Math.round((million / end) * 100) / 100, unit: 'ratio' }));
    }
  }
  if (want('showroom')) console.log(JSON.stringify({ name: 'showroom.first_paint_ms', value: await showroomFigure(browser, server.url), unit: 'ms' }));
  if (want('live')) console.log(JSON.stringify({ name: 'live.edit_to_other_browser_p95_ms', value: await liveFigure(browser, server), unit: 'ms' }));
} finally {
  await browser.close();
  await server.stop();
}
