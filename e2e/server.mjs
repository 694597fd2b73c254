// Starts and stops a real ITS server for browser tests and benchmarks: the built binary
// (bin/its), a fresh data directory (its own embedded PostgreSQL), demo data, and the web
// builds served from the checkout.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Chromium from the system (never a downloaded browser); CHROMIUM_PATH overrides. Its headless
 * shell when installed (make deps-chromium installs it), as Playwright's own headless runs use:
 * the same engine as the full browser without its window and profile machinery, it ran the grid
 * specs in some 15 % less time on two cores.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const chromiumPath = process.env.CHROMIUM_PATH || (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DEMO_PASSWORD = 'its-demo';
export const DEMO_ROLES = ['user', 'editor', 'seniorEditor', 'admin', 'adminEditor', 'approver', 'seniorApprover', 'coordinator', 'seniorCoordinator', 'manager'];
export const demoEmail = (role) => `${role}@example.com`;

export function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** The server binary the tests run: E2E_ITS_BIN, else bin/its. */
export const itsBin = () => process.env.E2E_ITS_BIN || join(repoRoot, 'bin', 'its');

/** The pid in a data dir's postmaster.pid, or 0 when none is recorded. */
export function postmasterPid(dataDir) {
  try {
    return Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]) || 0;
  } catch {
    return 0;
  }
}

/** The URL of the database a server started by startServer keeps in its data dir (a second server shares it). */
export function databaseUrl(dataDir) {
  const port = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://its:${password}@127.0.0.1:${port}/its?sslmode=disable`;
}

/** Whether a process still runs (a zombie waiting to be reaped does not count). */
export function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // The state is the field after the parenthesised command name.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return true;
  }
}

/**
 * This process's environment for a server it starts, without the benchmarks' own switches
 * (ITS_BENCH_*): they are not server settings, and a server refuses an ITS_ variable it does not know.
 */
export function serverEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ITS_BENCH_')));
}

/**
 * The data dir with the demo data loaded that global setup makes once (E2E_TEMPLATE_DIR, its
 * PostgreSQL stopped): a server on a data dir without a cluster starts from a copy of it instead
 * of loading the demo data again, which took a test's server most of its start (a minute on a
 * busy two-core machine, against seconds for the copy). Not for a server on another server's
 * database (ITS_DATABASE_URL), nor one told not to load the demo data.
 * @param {string} dataDir
 * @param {Record<string, string>} env the server's own settings
 */
function fromTemplate(dataDir, env) {
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template || !existsSync(join(template, 'pg'))) return;
  if (env.ITS_DATABASE_URL || process.env.ITS_DATABASE_URL) return;
  if ((env.ITS_DEMO ?? 'true') !== 'true') return;
  if (existsSync(join(dataDir, 'pg'))) return;
  // cp -a keeps the cluster's owner (the postgres user when the tests run as root); a plugins
  // folder the test put in the data dir stays.
  execFileSync('cp', ['-a', `${template}/.`, dataDir]);
}

/**
 * Makes the template data dir of fromTemplate: a server loads the demo data into it and stops.
 * Answers its path; global setup puts it in E2E_TEMPLATE_DIR and removes it at the end.
 */
export async function makeTemplate() {
  const dir = mkdtempSync(join(tmpdir(), 'its-e2e-template-'));
  const server = await startServer({ dataDir: dir });
  await server.stop();
  return dir;
}

/**
 * Starts `bin/its serve`. By default on a fresh data dir and a free port, both removed on stop;
 * with `dataDir` and `port` it (re)starts a server on an existing data dir, which it keeps. A
 * data dir without a cluster starts as a copy of the template (fromTemplate) when there is one.
 * `kill()` SIGKILLs the process, as a crash would, leaving its PostgreSQL running; `stop()`
 * SIGTERMs it (which stops its PostgreSQL) and makes sure no postmaster of the data dir is left.
 * `bin` runs another binary than E2E_ITS_BIN or bin/its (e.g. a copy that a rebuild cannot change
 * between a crash and the restart).
 * @param {{ env?: Record<string, string>, log?: (line: string) => void, dataDir?: string, port?: number, bin?: string }} [opts]
 * @returns {Promise<{ url: string, port: number, dataDir: string, pid: number, stop: () => Promise<void>, kill: () => Promise<void> }>}
 */
export async function startServer({ env = {}, log = () => {}, dataDir: givenDir, port: givenPort, bin: givenBin } = {}) {
  const bin = givenBin || itsBin();
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build it first (make build)`);
  for (const dist of ['shell/dist/index.html', 'remotes/dashboard/dist/mf-manifest.json']) {
    if (!existsSync(join(repoRoot, dist))) throw new Error(`${dist} is missing: build the web first (npm run build)`);
  }
  const port = givenPort ?? (await freePort());
  const dataDir = givenDir ?? mkdtempSync(join(tmpdir(), 'its-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  fromTemplate(dataDir, env);
  const child = spawn(bin, ['serve'], {
    cwd: repoRoot,
    env: {
      ...serverEnv(),
      ITS_ADDR: `127.0.0.1:${port}`,
      ITS_DATA_DIR: dataDir,
      ITS_DEMO: 'true',
      // The browser tests share two cores with Chromium: a decision may wait longer for a core
      // than a server's 50 ms deadline allows.
      ITS_AUTHZ_DECISION_DEADLINE: '2s',
      ITS_AUTHZ_DECISION_BUDGET: '1s',
      ITS_WEB_DIR: repoRoot,
      ITS_PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    const text = String(chunk);
    output = (output + text).slice(-20_000);
    for (const line of text.split('\n')) if (line.trim()) log(line);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;

  // Loading the demo data (the template, or a server that starts without one) takes about a
  // minute on two quiet cores and more than two on busy ones.
  const deadline = Date.now() + 240_000;
  let healthy = false;
  while (Date.now() < deadline) {
    if (!running()) break;
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        healthy = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const kill = async () => {
    if (running()) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const stop = async () => {
    if (running()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    // A postmaster outliving its server (one that crashed, or failed to start) is stopped too.
    const pm = postmasterPid(dataDir);
    if (alive(pm)) {
      process.kill(pm, 'SIGTERM');
      for (let i = 0; i < 120 && alive(pm); i++) await new Promise((r) => setTimeout(r, 250));
    }
    if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
  };
  if (!healthy) {
    await stop();
    throw new Error(`ITS did not become healthy at ${url}:\n${output}`);
  }
  return { url, port, dataDir, pid: child.pid ?? 0, stop, kill };
}

/**
 * Starts the company identity providers of the browser tests (scripts/testidp: a real OpenID
 * Provider and a real SAML identity provider on loopback) for ITS at `its`, its SAML key pair in
 * `dir`. Answers what testidp printed (addresses, client, key files, the account) and a stop.
 * @param {string} its
 * @param {string} dir
 */
export async function startTestIdp(its, dir) {
  const child = spawn('go', ['run', './scripts/testidp', '-its', its, '-dir', dir], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`the test identity providers exited with ${code}`)));
  });
  /** @type {{ oidcIssuer: string, clientId: string, clientSecret: string, samlUrl: string, certFile: string, keyFile: string, username: string, password: string }} */
  const idp = JSON.parse(String(line));
  return { idp, stop: () => child.kill('SIGTERM') };
}

/**
 * ITS_AUTH_PROVIDERS for the test identity providers: "Corp Login" (OpenID Connect, the only way
 * in for corp.example) and "Corp SAML" (saml.example).
 * @param {{ oidcIssuer: string, clientId: string, clientSecret: string, samlUrl: string, certFile: string, keyFile: string }} idp
 * @param {string} its
 */
export function testProviders(idp, its) {
  return JSON.stringify([
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
  ]);
}
