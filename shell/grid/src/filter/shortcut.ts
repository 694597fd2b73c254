/**
 * A page's filter bar as shortcuts of the grid's filter tree (spec §2.6, §5.3): a bar field adds
 * and removes values of one "is any of" condition at the top of the tree, so the bar and the
 * filter builder edit one tree and the grid shows one set of chips. Several values only where
 * the page's allowance says that the module, the filter's group and the filter all allow
 * several; otherwise a new value replaces the old. A duplicate (ignoring case) is ignored.
 */
import { group, isAnd, isGroup, normalizeWhere, type WhereCondition, type WhereNode } from './where';

/** Which filters of a module take several values, declared once as data. */
export interface FilterAllowance {
  multiple: boolean;
  groups: Record<string, { multiple: boolean }>;
  filters: Record<string, { group: string; multiple: boolean }>;
}

/** Spec §5.3: several values only if module, group and filter all allow multiple. */
export function allowsMultiple(a: FilterAllowance, field: string): boolean {
  const f = a.filters[field];
  return !!(a.multiple && f?.multiple && a.groups[f.group]?.multiple);
}

const topItems = (tree: WhereNode | null): WhereNode[] => (!tree ? [] : isGroup(tree) && isAnd(tree) ? tree.and : [tree]);
const isShortcut = (n: WhereNode, field: string): n is WhereCondition => !isGroup(n) && n.field === field && n.op === 'in';
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The values the bar shows chosen in a field: those of its "is any of" conditions at the top. */
export function shortcutValues(tree: WhereNode | null, field: string): string[] {
  return topItems(tree)
    .filter((n): n is WhereCondition => isShortcut(n, field))
    .flatMap((c) => c.values);
}

/** The tree with the field's shortcut condition made of `values` (none: taken away). */
function withShortcut(tree: WhereNode | null, field: string, values: string[]): WhereNode | null {
  const items = topItems(tree);
  const at = items.findIndex((n) => isShortcut(n, field));
  const cond: WhereCondition | null = values.length ? { field, op: 'in', values } : null;
  const rest = items.filter((n, i) => i === at || !isShortcut(n, field));
  const next: WhereNode[] = at < 0 ? (cond ? [...rest, cond] : rest) : rest.flatMap((n): WhereNode[] => (isShortcut(n, field) ? (cond ? [cond] : []) : [n]));
  return normalizeWhere(group('and', next));
}

/**
 * The values of a filter after `raw` is picked (spec §5.3): added when several are allowed, else
 * in place of the others; null when nothing changes (an empty value, or one there already,
 * ignoring case).
 */
export function pickValue(had: string[], raw: string, multiple: boolean): string[] | null {
  const value = raw.trim();
  if (!value || had.some((v) => same(v, value))) return null;
  return multiple ? [...had, value] : [value];
}

/** A bar edit: the tree it leaves (null: nothing filters), or null when nothing changes. */
export type ShortcutEdit = { where: WhereNode | null } | null;

/** A value picked in a bar field; nothing changes for an empty value or a duplicate. */
export function addShortcut(tree: WhereNode | null, a: FilterAllowance, field: string, raw: string): ShortcutEdit {
  const next = pickValue(shortcutValues(tree, field), raw, allowsMultiple(a, field));
  return next && { where: withShortcut(tree, field, next) };
}

/** A value of a bar field taken away; nothing changes when it was not there. */
export function removeShortcut(tree: WhereNode | null, field: string, value: string): ShortcutEdit {
  const had = shortcutValues(tree, field);
  if (!had.some((v) => same(v, value))) return null;
  return {
    where: withShortcut(
      tree,
      field,
      had.filter((v) => !same(v, value)),
    ),
  };
}

/** A saved search's conditions (field -> values) as the same tree the bar edits. */
export function conditionsToWhere(conditions: Record<string, unknown[] | undefined>, a: FilterAllowance): WhereNode | null {
  let tree: WhereNode | null = null;
  for (const [field, vs] of Object.entries(conditions)) for (const v of vs ?? []) tree = addShortcut(tree, a, field, String(v ?? ''))?.where ?? tree;
  return tree;
}
