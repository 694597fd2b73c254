/**
 * The filter builder's condition tree (docs/grid.md §3.7): the exact `where` JSON the server
 * compiles against a grid's whitelisted columns, never SQL. A node is a group (`{and: [...]}`,
 * `{or: [...]}`) or a condition (`{field, op, values}`). Pure functions: the operators of a
 * column type, the spec's value rules (§5.3), and the edits the builder and the column menu make.
 */
import type { ColumnType, FilterOp, GridColumn } from '../types';

export type WhereOp = 'in' | 'notIn' | 'contains' | 'startsWith' | 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'blank' | 'notBlank';

export interface WhereCondition {
  field: string;
  op: WhereOp;
  /** The values as typed (none for blank / notBlank, two for between). */
  values: string[];
}
export interface WhereAnd {
  and: WhereNode[];
}
export interface WhereOr {
  or: WhereNode[];
}
export type WhereGroup = WhereAnd | WhereOr;
export type WhereNode = WhereGroup | WhereCondition;

/** The column menu's operators (the protocol's filter operators, docs/grid.md §3.3). */
const FILTER_OPS: ReadonlySet<string> = new Set<FilterOp>(['in', 'contains', 'startsWith', 'gte', 'lte', 'gt', 'lt', 'blank']);
export const isFilterOp = (op: WhereOp): op is FilterOp => FILTER_OPS.has(op);

/** Groups nest at most this deep; a tree has at most this many conditions (the server's limits). */
export const MAX_WHERE_DEPTH = 5;
export const MAX_WHERE_CONDITIONS = 100;

export const isGroup = (n: WhereNode): n is WhereGroup => 'and' in n || 'or' in n;
export const isAnd = (n: WhereNode): n is WhereAnd => 'and' in n;
export const joinOf = (g: WhereGroup): 'and' | 'or' => ('and' in g ? 'and' : 'or');
export const itemsOf = (g: WhereGroup): WhereNode[] => ('and' in g ? g.and : g.or);
export const group = (join: 'and' | 'or', items: WhereNode[]): WhereGroup => (join === 'and' ? { and: items } : { or: items });

const NUMERIC: ColumnType[] = ['integer', 'number', 'date', 'datetime'];

/** What a column is to the builder: a list when it has options (its values are picked). */
export type BuilderKind = 'text' | 'list' | 'number' | 'boolean' | 'multi';

export function builderKind(col: GridColumn): BuilderKind {
  if (col.type === 'multiSelect') return 'multi';
  if (col.type === 'boolean') return 'boolean';
  if (NUMERIC.includes(col.type)) return 'number';
  if (col.type === 'list' || col.options?.length) return 'list';
  return 'text';
}

/** The server's operators of a column type (core/grid/where.go whereOpsFor). */
export function serverOps(type: ColumnType): WhereOp[] {
  if (type === 'text' || type === 'list') return ['in', 'notIn', 'contains', 'startsWith', 'blank', 'notBlank'];
  if (NUMERIC.includes(type)) return ['in', 'notIn', 'gt', 'gte', 'lt', 'lte', 'between', 'blank', 'notBlank'];
  return ['in', 'notIn', 'blank', 'notBlank'];
}

/**
 * The operators the builder offers on a column, in menu order: text contains / is / starts with /
 * is empty / is not empty; lists is any of / is none of / is empty; numbers and dates =, ≠, <, ≤,
 * >, ≥, between, is empty. Always within the server's whitelist of the type.
 */
export function builderOps(col: GridColumn): WhereOp[] {
  const byKind: Record<BuilderKind, WhereOp[]> = {
    text: ['contains', 'in', 'startsWith', 'blank', 'notBlank'],
    list: ['in', 'notIn', 'blank', 'notBlank'],
    number: ['in', 'notIn', 'lt', 'lte', 'gt', 'gte', 'between', 'blank'],
    boolean: ['in', 'blank'],
    multi: ['in', 'notIn', 'blank', 'notBlank'],
  };
  const allowed = serverOps(col.type);
  return byKind[builderKind(col)].filter((op) => allowed.includes(op));
}

/** How many values an operator takes: -1 several, else exactly n. */
export function arity(op: WhereOp): number {
  if (op === 'blank' || op === 'notBlank') return 0;
  if (op === 'between') return 2;
  if (op === 'in' || op === 'notIn') return -1;
  return 1;
}

/** Several values only where allowed: "is any of" / "is none of" of lists and multi-selects. */
export function takesSeveral(col: GridColumn, op: WhereOp): boolean {
  const k = builderKind(col);
  return arity(op) === -1 && (k === 'list' || k === 'multi');
}

/**
 * The spec's value rules (§5.3), as the server applies them (grid.Where.Normalize): values are
 * trimmed, empty ones dropped, duplicates ignored (ignoring case; not for between); a condition
 * left without the values its operator needs goes, so does a group left empty; a group of one
 * is that one. Null when nothing is left.
 */
export function normalizeWhere(n: WhereNode | null | undefined): WhereNode | null {
  if (!n) return null;
  if (isGroup(n)) {
    const kept = itemsOf(n)
      .map(normalizeWhere)
      .filter((x): x is WhereNode => x !== null);
    if (!kept.length) return null;
    if (kept.length === 1) return kept[0]!;
    return group(joinOf(n), kept);
  }
  const need = arity(n.op);
  if (need === 0) return { field: n.field, op: n.op, values: [] };
  const seen = new Set<string>();
  const values: string[] = [];
  for (const raw of n.values) {
    const v = String(raw ?? '').trim();
    const k = v.toLowerCase();
    if (!v || (n.op !== 'between' && seen.has(k))) continue;
    seen.add(k);
    values.push(v);
  }
  if (!values.length || (need === 2 && values.length < 2)) return null;
  return { field: n.field, op: n.op, values: need === 1 ? values.slice(0, 1) : need === 2 ? values.slice(0, 2) : values };
}

/** The conditions of a tree, depth first. */
export function conditionsOf(n: WhereNode | null): WhereCondition[] {
  if (!n) return [];
  return isGroup(n) ? itemsOf(n).flatMap(conditionsOf) : [n];
}

/** The conditions at the top of the tree (AND-ed with everything else): the column filters. */
export function topConditions(n: WhereNode | null): WhereCondition[] {
  if (!n) return [];
  if (!isGroup(n)) return [n];
  return isAnd(n) ? n.and.filter((x): x is WhereCondition => !isGroup(x)) : [];
}

/**
 * "Filter by this column": the column's condition at the top of the tree, replacing the ones on
 * that column there (null removes them); the rest of the tree stays AND-ed with it.
 */
export function setFieldCondition(tree: WhereNode | null, field: string, cond: WhereCondition | null): WhereNode | null {
  const top = !tree ? [] : isGroup(tree) && isAnd(tree) ? tree.and : [tree];
  const rest = top.filter((x) => isGroup(x) || x.field !== field);
  return normalizeWhere({ and: cond ? [...rest, cond] : rest });
}

/** A node's place in the tree: the indexes from the root (the root is []). */
export type WherePath = number[];

/** The tree without the node at `path` (the groups left empty or single collapse). */
export function removeAt(tree: WhereNode | null, path: WherePath): WhereNode | null {
  if (!tree || !path.length) return null;
  const walk = (n: WhereNode, p: WherePath): WhereNode | null => {
    if (!isGroup(n)) return n;
    const [i, ...rest] = p;
    const items = itemsOf(n)
      .map((c, k) => (k !== i ? c : rest.length ? walk(c, rest) : null))
      .filter((x): x is WhereNode => x !== null);
    return group(joinOf(n), items);
  };
  return normalizeWhere(walk(tree, path));
}

/** The node at `path`, or undefined. */
export function nodeAt(tree: WhereNode | null, path: WherePath): WhereNode | undefined {
  let n: WhereNode | undefined = tree ?? undefined;
  for (const i of path) n = n && isGroup(n) ? itemsOf(n)[i] : undefined;
  return n;
}

/** The spec's ampersand rule (§5.3): `&` travels as `%26`; an encoded column's values are URI-encoded once more. */
export function wireValue(col: GridColumn | undefined, v: string): string {
  const amp = v.replace(/&/g, '%26');
  return col?.encoded ? encodeURIComponent(amp) : amp;
}

/** The tree as it is sent: normalized, values with the ampersand rule. Null when nothing filters. */
export function toWire(tree: WhereNode | null, columns: GridColumn[]): WhereNode | null {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const walk = (n: WhereNode): WhereNode =>
    isGroup(n) ? group(joinOf(n), itemsOf(n).map(walk)) : { field: n.field, op: n.op, values: n.values.map((v) => wireValue(byField.get(n.field), v)) };
  const norm = normalizeWhere(tree);
  return norm ? walk(norm) : null;
}

/** The deepest nesting of groups (a condition alone is 0). */
export function depthOf(n: WhereNode | null): number {
  if (!n || !isGroup(n)) return 0;
  return 1 + Math.max(0, ...itemsOf(n).map(depthOf));
}
