/**
 * The filter builder's draft: the tree being edited in the panel, with ids for its rows and room
 * for conditions not filled in yet. Pure edits; `draftToWhere` makes the tree that is applied
 * (normalized: empty values dropped, duplicates ignored, unfinished conditions gone).
 */
import { validValue } from '../columnFilter';
import type { GridColumn } from '../types';
import { arity, builderKind, builderOps, group, isGroup, itemsOf, joinOf, MAX_WHERE_DEPTH, normalizeWhere, type WhereNode, type WhereOp } from './where';

export interface DraftCondition {
  kind: 'cond';
  id: number;
  field: string;
  op: WhereOp;
  values: string[];
}
export interface DraftGroup {
  kind: 'group';
  id: number;
  join: 'and' | 'or';
  items: DraftNode[];
}
export type DraftNode = DraftCondition | DraftGroup;

let seq = 0;
const nextId = () => ++seq;

/** The columns the builder offers: the filterable ones with at least one operator. */
export function builderColumns(columns: GridColumn[], mode: 'server' | 'client'): GridColumn[] {
  return columns.filter((c) => (mode === 'server' ? !!c.filterable : c.filterable !== false) && builderOps(c).length > 0);
}

/** A new condition on a column: its first operator, no value yet. */
export function newCondition(col: GridColumn): DraftCondition {
  return { kind: 'cond', id: nextId(), field: col.field, op: builderOps(col)[0] ?? 'in', values: [] };
}

export function newGroup(join: 'and' | 'or', items: DraftNode[] = []): DraftGroup {
  return { kind: 'group', id: nextId(), join, items };
}

/** The draft of an applied tree; the root is always a group (AND when the tree is one condition). */
export function whereToDraft(tree: WhereNode | null): DraftGroup {
  const walk = (n: WhereNode): DraftNode => (isGroup(n) ? newGroup(joinOf(n), itemsOf(n).map(walk)) : { kind: 'cond', id: nextId(), field: n.field, op: n.op, values: [...n.values] });
  if (!tree) return newGroup('and');
  const d = walk(tree);
  return d.kind === 'group' ? d : newGroup('and', [d]);
}

/** The tree the draft stands for, normalized (null: it filters nothing). */
export function draftToWhere(d: DraftGroup): WhereNode | null {
  const walk = (n: DraftNode): WhereNode => (n.kind === 'group' ? group(n.join, n.items.map(walk)) : { field: n.field, op: n.op, values: n.values });
  return normalizeWhere(walk(d));
}

/** Applies `fn` to the node with the id (anywhere in the draft). */
function mapNode(d: DraftGroup, id: number, fn: (n: DraftNode) => DraftNode | null): DraftGroup {
  const walk = (n: DraftNode): DraftNode | null => {
    if (n.id === id) return fn(n);
    if (n.kind !== 'group') return n;
    return { ...n, items: n.items.map(walk).filter((x): x is DraftNode => x !== null) };
  };
  return (walk(d) as DraftGroup | null) ?? newGroup('and');
}

/** Adds a node at the end of the group with the id. */
export function addTo(d: DraftGroup, groupId: number, node: DraftNode): DraftGroup {
  return mapNode(d, groupId, (g) => (g.kind === 'group' ? { ...g, items: [...g.items, node] } : g));
}

/** Removes the node with the id (the root stays, emptied). */
export function removeNode(d: DraftGroup, id: number): DraftGroup {
  if (d.id === id) return { ...d, items: [] };
  return mapNode(d, id, () => null);
}

export function setJoin(d: DraftGroup, groupId: number, join: 'and' | 'or'): DraftGroup {
  return mapNode(d, groupId, (g) => (g.kind === 'group' ? { ...g, join } : g));
}

/** Another column: its first operator unless the old one is also offered; the values go. */
export function setField(d: DraftGroup, id: number, col: GridColumn): DraftGroup {
  return mapNode(d, id, (n) => {
    if (n.kind !== 'cond') return n;
    const ops = builderOps(col);
    return { ...n, field: col.field, op: ops.includes(n.op) ? n.op : (ops[0] ?? 'in'), values: [] };
  });
}

/** Another operator: the values kept as far as it takes them. */
export function setOp(d: DraftGroup, id: number, op: WhereOp): DraftGroup {
  return mapNode(d, id, (n) => {
    if (n.kind !== 'cond') return n;
    const need = arity(op);
    const values = need === 0 ? [] : need === -1 ? n.values : n.values.slice(0, need);
    return { ...n, op, values };
  });
}

export function setValues(d: DraftGroup, id: number, values: string[]): DraftGroup {
  return mapNode(d, id, (n) => (n.kind === 'cond' ? { ...n, values } : n));
}

/** How deep a group of the draft sits (the root is 1). */
export function depthOfGroup(d: DraftGroup, id: number, depth = 1): number {
  if (d.id === id) return depth;
  for (const n of d.items) {
    if (n.kind !== 'group') continue;
    const found = depthOfGroup(n, id, depth + 1);
    if (found) return found;
  }
  return 0;
}

/** Whether a group may take another group inside (the server nests at most 5 deep). */
export const canNest = (d: DraftGroup, groupId: number) => depthOfGroup(d, groupId) < MAX_WHERE_DEPTH;

export function countConditions(d: DraftNode): number {
  return d.kind === 'cond' ? 1 : d.items.reduce((n, x) => n + countConditions(x), 0);
}

/** The first value of the draft that is not a value of its column's type, or null. */
export function firstBadValue(d: DraftGroup, columns: GridColumn[]): { id: number; field: string; value: string } | null {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const walk = (n: DraftNode): { id: number; field: string; value: string } | null => {
    if (n.kind === 'group') {
      for (const x of n.items) {
        const bad = walk(x);
        if (bad) return bad;
      }
      return null;
    }
    const col = byField.get(n.field);
    if (!col || arity(n.op) === 0) return null;
    const asOp = n.op === 'contains' || n.op === 'startsWith' ? n.op : 'in';
    const kind = builderKind(col);
    for (const raw of n.values) {
      const v = raw.trim();
      if (v === '' || kind === 'text' || kind === 'list' || kind === 'multi') continue;
      if (!validValue(col, asOp, v)) return { id: n.id, field: n.field, value: v };
    }
    return null;
  };
  return walk(d);
}
