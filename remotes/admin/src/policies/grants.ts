/**
 * grants.json as the grants editor edits it (policies/README.md): each action's entries, each
 * entry public, authenticated, or a permission name with roles, narrowing, match and department.
 * serialize writes the file in its own layout (one entry per line, keys in their order), so a
 * change shows in the version's diff as the lines it really changes.
 */
import type { Files, TestResult } from './api';

export interface GrantEntry {
  public?: boolean;
  authenticated?: boolean;
  /** A user access flag: any logged-in user holding it. */
  flag?: string;
  domain?: string;
  /** Absent: any role. */
  roles?: string[];
  narrow?: string[];
  match?: Record<string, string>;
  department?: string;
}

/** Actions in the file's order, each with its entries. */
export type Grants = [string, GrantEntry[]][];

export const GRANTS_FILE = 'grants.json';

/** How the grants editor's add row names a flag among the permission names. */
export const FLAG_PREFIX = 'flag:';

/** Removes entry i of action. */
export const removeEntry = (g: Grants, action: string, i: number): Grants => replace(g, action, i, null);

export function parseGrants(src: string): Grants {
  const obj = JSON.parse(src) as Record<string, GrantEntry[]>;
  return Object.entries(obj);
}

function value(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(value).join(', ')}]`;
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${value(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

export function serialize(g: Grants): string {
  const actions = g.map(([action, entries]) => `  ${JSON.stringify(action)}: [\n${entries.map((e) => `    ${value(e)}`).join(',\n')}\n  ]`);
  return `{\n${actions.join(',\n')}\n}\n`;
}

export const entriesOf = (g: Grants, action: string): GrantEntry[] => g.find(([a]) => a === action)?.[1] ?? [];

function replace(g: Grants, action: string, i: number, next: GrantEntry | null): Grants {
  return g.map(([a, es]) => {
    if (a !== action) return [a, es];
    const out = es.slice();
    if (next === null) out.splice(i, 1);
    else out[i] = next;
    return [a, out];
  });
}

/** Whether an entry admits a role ("any role" when it names none). */
export const hasRole = (e: GrantEntry, role: string) => !!e.domain && (!e.roles || e.roles.includes(role));

/**
 * Gives or takes a role in entry i of action. Taking one from "any role" names every other
 * role; giving the last missing one keeps the list (explicit roles stay explicit). An entry left
 * without roles is removed.
 */
export function setRole(g: Grants, action: string, i: number, role: string, on: boolean, allRoles: string[]): Grants {
  const e = entriesOf(g, action)[i];
  if (!e?.domain) return g;
  const current = e.roles ?? allRoles;
  const roles = on ? allRoles.filter((r) => r === role || current.includes(r)) : current.filter((r) => r !== role);
  if (roles.length === 0) return replace(g, action, i, null);
  return replace(g, action, i, withKey(e, 'roles', roles));
}

/** Turns narrowing by attr on or off for entry i of action. */
export function setNarrow(g: Grants, action: string, i: number, attr: string, on: boolean, order: string[]): Grants {
  const e = entriesOf(g, action)[i];
  if (!e?.domain) return g;
  const narrow = order.filter((a) => (a === attr ? on : (e.narrow ?? []).includes(a)));
  return replace(g, action, i, withKey(e, 'narrow', narrow.length ? narrow : undefined));
}

/** Sets or clears the department attribute (a user-access condition) of entry i of action. */
export function setDepartment(g: Grants, action: string, i: number, attr: string): Grants {
  const e = entriesOf(g, action)[i];
  if (!e?.domain) return g;
  return replace(g, action, i, withKey(e, 'department', attr || undefined));
}

/** Adds an entry for a permission name with one role, or for a user access flag (the action is added when new). */
export function addEntry(g: Grants, action: string, domain: string, role: string): Grants {
  const entry: GrantEntry = domain.startsWith(FLAG_PREFIX) ? { flag: domain.slice(FLAG_PREFIX.length) } : { domain, roles: [role] };
  if (!g.some(([a]) => a === action)) return [...g, [action, [entry]]];
  return g.map(([a, es]) => (a === action ? [a, [...es, entry]] : [a, es]));
}

/** A copy of e with key set (undefined: removed), keeping the keys' order. */
function withKey<K extends keyof GrantEntry>(e: GrantEntry, key: K, v: GrantEntry[K] | undefined): GrantEntry {
  const out: GrantEntry = {};
  const order: (keyof GrantEntry)[] = ['public', 'authenticated', 'flag', 'domain', 'roles', 'match', 'narrow', 'department'];
  const keys = Object.keys(e) as (keyof GrantEntry)[];
  if (!keys.includes(key)) {
    // after the last key that comes before it in the usual order
    let at = 0;
    keys.forEach((k, i) => {
      if (order.indexOf(k) < order.indexOf(key)) at = i + 1;
    });
    keys.splice(at, 0, key);
  }
  for (const k of keys) {
    const x = k === key ? v : e[k];
    if (x !== undefined) (out as Record<string, unknown>)[k] = x;
  }
  return out;
}

/** The grants one action's entries differ in, for the change list (action ids). */
export function changedActions(before: Grants, after: Grants): string[] {
  const a = new Map(before.map(([k, v]) => [k, JSON.stringify(v)]));
  const b = new Map(after.map(([k, v]) => [k, JSON.stringify(v)]));
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
}

/**
 * A failing test that asserts one decision on one line (`test_x_allow_y if t.allowed(...)` or
 * `test_x_deny_y if not t.allowed(...)`) turned around to assert the other, as a grant change
 * that is meant asks. Answers the changed files, or null when the test is not of that form.
 */
export function turnAround(files: Files, test: TestResult): Files | null {
  const src = files[test.file];
  if (src === undefined) return null;
  const lines = src.split('\n');
  const line = lines[test.row - 1];
  const m = line?.match(/^(test_\w*?)_(allow|deny)(_\w*)? if (not )?(\S.*)$/);
  if (!m) return null;
  const [, head, word, tail = '', not, rest] = m;
  if ((word === 'allow') !== !not) return null;
  const turned = word === 'allow' ? `${head}_deny${tail} if not ${rest}` : `${head}_allow${tail} if ${rest}`;
  lines[test.row - 1] = turned;
  return { ...files, [test.file]: lines.join('\n') };
}
