/**
 * The shell's boundary, the browser twin of core/boundary_test.go: the shell (shell/src, the
 * grid kit shell/grid/src, the kit shell/kit) never imports a remote, and its code never names a
 * module's domain, so a module's screens live in the module's remote and change in one place.
 * Comments and string literals (texts, URLs, message ids) are not code; identifiers are.
 * And the remotes' boundary, the twin of modules/boundary_test.go: a remote imports another only
 * through the other's published api (remotes/<id>/src/api, `@its/remote-<id>/api`), and that
 * api imports nothing else of its own remote but the remote's catalogs.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shellDirs = ['shell/src', 'shell/grid/src', 'shell/kit/src', 'shell/kit/build', 'shell/scripts'];
const remotes = readdirSync(join(root, 'remotes')).filter((d) => statSync(join(root, 'remotes', d)).isDirectory());

/** Domain words of the modules (camelCase humps, either joined or apart). */
const domainWords = ['wholesale', 'assortment', 'showroom', 'lineSheet', 'sampleInventory'];

/**
 * The only files that may name the domain, each for a reason:
 * - generated/: the names, enums and titles generated from every module's manifest (make gen).
 * Tests are not checked for words: their fixtures are domain data.
 */
const allowed = ['shell/kit/src/generated/'];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(tsx?|mjs|js|css)$/.test(name)) out.push(p);
  }
  return out;
}

const remoteFiles = remotes.flatMap((r) => files(join(root, 'remotes', r, 'src'))).map((f) => relative(root, f).split(sep).join('/'));
const shellFiles = shellDirs.flatMap((d) => files(join(root, d))).map((f) => relative(root, f).split(sep).join('/'));

/** The module specifiers a file imports (static, dynamic, re-exports, CSS @import). */
export function importsOf(text: string): string[] {
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|@import\s+(?:url\()?)['"]([^'"]+)['"]/g;
  return [...text.matchAll(re)].map((m) => m[1]!);
}

/** The code of a file without its comments and string literals (template text included). */
export function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, ' ');
}

/** Whether the specifier (imported by `file`) reaches a remote's code or a remote's exposes. */
export function reachesRemote(file: string, spec: string): boolean {
  if (spec.startsWith('.')) return join(dirname(file), spec).split(sep).join('/').startsWith('remotes/');
  if (spec.startsWith('@its/remote-')) return true;
  return remotes.some((r) => spec === r || spec.startsWith(`${r}/`));
}

/** The domain words in the code, e.g. "wholesaleRules" names "wholesale". */
export function domainNames(code: string): string[] {
  const found = new Set<string>();
  for (const ident of code.match(/[A-Za-z_$][\w$]*/g) ?? []) {
    const flat = ident.toLowerCase().replace(/[_$]/g, '');
    for (const w of domainWords) if (flat.includes(w.toLowerCase())) found.add(w);
  }
  return [...found];
}

/** The module specifiers a file imports for their code: `import type` and `export type` left out. */
export function valueImportsOf(text: string): string[] {
  return importsOf(text.replace(/\b(?:import|export)\s+type\s*\{[^}]*\}\s*from\s*['"][^'"]+['"]/g, ' '));
}

/**
 * Why a remote's import breaks the remotes' boundary, or null: `file` (under remotes/<id>/src)
 * may reach another remote only at its published api, and a file of the api may reach its own
 * remote only inside the api or at the remote's catalogs (src/i18n); `types` tells that the
 * import is type-only, which the api may make of its exposed components' props.
 */
export function remoteImportProblem(file: string, spec: string, types = false): string | null {
  const own = file.split('/')[1];
  const where = (): { target: string; inside: string | null } | null => {
    if (spec.startsWith('.')) {
      const m = /^remotes\/([^/]+)\/(.*)$/.exec(join(dirname(file), spec).split(sep).join('/'));
      return m ? { target: m[1]!, inside: m[2]! } : null;
    }
    const m = /^@its\/remote-([^/]+)(?:\/(.*))?$/.exec(spec);
    // A package name reaches the remote's api by its exports' `./api`; nothing else is published.
    return m ? { target: m[1]!, inside: m[2] === 'api' ? 'src/api' : null } : null;
  };
  if (!spec.startsWith('.') && !spec.startsWith('@its/') && remotes.some((r) => spec === r || spec.startsWith(`${r}/`))) {
    return 'a remote module federation name: show its exposed components with the kit\'s remoteComponent';
  }
  const to = where();
  if (!to) return null;
  const api = to.inside !== null && (to.inside === 'src/api' || to.inside.startsWith('src/api/'));
  if (to.target !== own) return api ? null : `remote ${to.target} outside its published api (remotes/${to.target}/src/api)`;
  if (!spec.startsWith('.')) return api ? null : 'its own remote by package name';
  if (!file.startsWith(`remotes/${own}/src/api/`)) return null;
  return api || types || to.inside!.startsWith('src/i18n/') ? null : `the api reaches its remote's ${to.inside}`;
}

describe('remotes boundary', () => {
  it('reads the remotes', () => {
    expect(remoteFiles.length).toBeGreaterThan(100);
    expect(remoteFiles).toContain('remotes/products/src/api/index.ts');
  });

  it('finds what it looks for', () => {
    expect(remoteImportProblem('remotes/orders/src/a.ts', '@its/remote-products/api')).toBeNull();
    expect(remoteImportProblem('remotes/orders/src/a.ts', '../../products/src/api')).toBeNull();
    expect(remoteImportProblem('remotes/orders/src/a.ts', '../../products/src/api/calls')).toBeNull();
    expect(remoteImportProblem('remotes/orders/src/a.ts', '@its/remote-products')).toMatch(/outside its published api/);
    expect(remoteImportProblem('remotes/orders/src/a.ts', '../../products/src/catalog/CatalogGrid')).toMatch(/outside its published api/);
    expect(remoteImportProblem('remotes/orders/src/a.ts', 'products/CatalogGrid')).toMatch(/module federation/);
    expect(remoteImportProblem('remotes/products/src/catalog/a.ts', '../api')).toBeNull();
    expect(remoteImportProblem('remotes/products/src/catalog/a.ts', './CatalogGrid')).toBeNull();
    expect(remoteImportProblem('remotes/products/src/api/a.ts', '../i18n/en-US.json')).toBeNull();
    expect(remoteImportProblem('remotes/products/src/api/a.ts', '../catalog/CatalogGrid')).toMatch(/the api reaches/);
    expect(remoteImportProblem('remotes/products/src/api/a.ts', '../catalog/exposed', true)).toBeNull();
    expect(remoteImportProblem('remotes/products/src/api/a.ts', '@its/grid')).toBeNull();
    expect(valueImportsOf(`import type { A } from './a';\nexport type { B } from '../b';\nimport { c, type D } from './c';`)).toEqual(['./c']);
  });

  // A test may stand in for module federation by importing another remote's exposed module.
  it('imports another remote only through its published api', () => {
    const bad = remoteFiles
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .flatMap((f) => {
        const text = readFileSync(join(root, f), 'utf8');
        const values = new Set(valueImportsOf(text));
        return importsOf(text).flatMap((s) => {
          const why = remoteImportProblem(f, s, !values.has(s));
          return why ? [`${f}: ${s}: ${why}`] : [];
        });
      });
    expect(bad).toEqual([]);
  });

  it('publishes an api that others import', () => {
    const users = remoteFiles.filter((f) => !f.startsWith('remotes/products/') && importsOf(readFileSync(join(root, f), 'utf8')).includes('@its/remote-products/api'));
    expect(users.length).toBeGreaterThan(20);
  });
});

describe('shell boundary', () => {
  it('reads the shell', () => {
    expect(shellFiles.length).toBeGreaterThan(100);
    expect(remotes).toContain('products');
  });

  it('finds what it looks for', () => {
    expect(importsOf(`import { x } from '../../remotes/orders/src/api';\nconst m = import("products/Catalog");`)).toEqual(['../../remotes/orders/src/api', 'products/Catalog']);
    expect(reachesRemote('shell/grid/src/a.ts', '../../../remotes/orders/src/api')).toBe(true);
    expect(reachesRemote('shell/src/a.ts', 'products/Catalog')).toBe(true);
    expect(reachesRemote('shell/src/a.ts', '@its/kit')).toBe(false);
    expect(domainNames(codeOf(`// the wholesale rules\nexport * as wholesaleRules from './orders/x'; const t = 'assortment';`))).toEqual(['wholesale']);
    expect(domainNames('function lineSheetOf(sample_inventory) {}')).toEqual(['lineSheet', 'sampleInventory']);
  });

  it('imports no remote', () => {
    const bad = shellFiles.flatMap((f) => importsOf(readFileSync(join(root, f), 'utf8')).filter((s) => reachesRemote(f, s)).map((s) => `${f}: ${s}`));
    expect(bad).toEqual([]);
  });

  it('names no domain outside the listed files', () => {
    const bad = shellFiles
      .filter((f) => !/\.test\.tsx?$/.test(f) && !allowed.some((a) => f.startsWith(a)))
      .flatMap((f) => domainNames(codeOf(readFileSync(join(root, f), 'utf8'))).map((w) => `${f}: ${w}`));
    expect(bad).toEqual([]);
  });
});
