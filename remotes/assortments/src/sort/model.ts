/**
 * Group sort (spec §3.2, §4.1): the display groups of an assortment with their styles and
 * colours in order, and the moves that change them. The same rules as the server's
 * (modules/assortments/groupsort.go): a move names the item and the item it must precede (null:
 * the end); Uncategorized stays last and never moves. The page applies a move here at once and
 * sends it in the next batch.
 */
import { api } from '@its/kit';
import type { OrgBase } from '../api';

export const UNCATEGORIZED = 'uncategorized';
/** Spec platform §9: group sort debounce (ms). */
export const GROUP_SORT_DEBOUNCE_MS = 500;
export const MAX_SORT_KEYS = 3;
/** Group-by choices (spec §3.4), in the order offered. */
export const GROUP_BY = ['gender', 'division', 'divisionGroup', 'pillar', 'outsole', 'upper', 'style', 'none'] as const;
export type GroupBy = (typeof GROUP_BY)[number];
/** Auto-sort keys: the style number (numerically) and the group-by fields. */
export const SORT_FIELDS = ['styleNumeric', 'style', 'gender', 'division', 'divisionGroup', 'pillar', 'outsole', 'upper'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface GroupColor {
  id: string;
  color: string;
  colorDescription: string;
  thumbnail?: string;
}

export interface GroupStyle {
  style: string;
  name: string;
  productType: string;
  styleNumeric: number;
  origIndex: number;
  gender: string;
  division: string;
  pillar: string;
  outsole: string;
  upper: string;
  colors: GroupColor[];
}

export interface DisplayGroup {
  id: string;
  index: number;
  key: string;
  title: string;
  openState: boolean;
  alwaysOpen: boolean;
  locked: boolean;
  uncategorized: boolean;
  styles: GroupStyle[];
}

export interface GroupSortState {
  assortmentId: string;
  groupBy: GroupBy;
  version: number;
  groups: DisplayGroup[];
}

export interface Move {
  item: string;
  before: string | null;
  displayGroup?: string;
  style?: string;
}

export interface SortKey {
  field: SortField;
  direction: 'asc' | 'desc';
}

export type Batch =
  | { type: 'groupBy'; groupBy: GroupBy }
  | { type: 'moveDisplayGroup'; moves: Move[] }
  | { type: 'moveStyle'; moves: Move[] }
  | { type: 'moveColor'; moves: Move[] }
  | { type: 'sortStyles'; keys: SortKey[]; displayGroup?: string }
  | { type: 'updateDisplayGroup'; displayGroup: string; title?: string; openState?: boolean; alwaysOpen?: boolean; locked?: boolean };

/** A batch that only moves (the page applies it itself; the server answers only the version). */
export type MoveBatch = Extract<Batch, { type: 'moveDisplayGroup' | 'moveStyle' | 'moveColor' }>;

export interface BatchAnswer {
  assortmentId: string;
  groupBy: GroupBy;
  version: number;
  groups?: DisplayGroup[];
}

const path = (id: string) => encodeURIComponent(id);
export const fetchGroupSort = (id: string, signal?: AbortSignal, org: OrgBase = 'assortments') =>
  api.get<GroupSortState>(`/${org}/groupsort/${path(id)}`, { signal });
/** PATCH /api/{orgType}/groupsort/batch/{id}. */
export const patchGroupSort = (id: string, version: number, batches: Batch[], org: OrgBase = 'assortments') =>
  api.patch<BatchAnswer>(`/${org}/groupsort/batch/${path(id)}`, { version, batches }, { silent: true });

function moveBefore<T>(xs: T[], from: number, to: number): T[] {
  const out = xs.slice();
  const moved = out.splice(from, 1);
  out.splice(to > from ? to - 1 : to, 0, ...moved);
  return out;
}

interface StyleAt {
  g: number;
  i: number;
  group: DisplayGroup;
  style: GroupStyle;
}

function findStyle(groups: DisplayGroup[], style: string): StyleAt | null {
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g]!;
    const i = group.styles.findIndex((x) => x.style === style);
    if (i >= 0) return { g, i, group, style: group.styles[i]! };
  }
  return null;
}

/** Where a style is: its group and the style after it (the move that puts it back). */
export function styleSpot(s: GroupSortState, style: string): Move | null {
  const at = findStyle(s.groups, style);
  if (!at) return null;
  return { item: style, displayGroup: at.group.id, before: at.group.styles[at.i + 1]?.style ?? null };
}

export function colorSpot(s: GroupSortState, style: string, color: string): Move | null {
  const at = findStyle(s.groups, style);
  if (!at) return null;
  const cs = at.style.colors;
  const j = cs.findIndex((c) => c.color === color);
  return j < 0 ? null : { item: color, style, before: cs[j + 1]?.color ?? null };
}

const reindex = (groups: DisplayGroup[]) => groups.map((g, index) => (g.index === index ? g : { ...g, index }));

function moveGroup(groups: DisplayGroup[], m: Move): DisplayGroup[] {
  const from = groups.findIndex((g) => g.id === m.item);
  if (from < 0 || groups[from]!.locked) throw new Error(`group ${m.item} cannot move`);
  let to = groups.length - 1; // before Uncategorized, which stays last
  if (m.before && m.before !== UNCATEGORIZED) to = groups.findIndex((g) => g.id === m.before);
  if (to < 0 || to === from) throw new Error(`no place before ${m.before}`);
  return moveBefore(groups, from, to);
}

function moveStyle(groups: DisplayGroup[], m: Move): DisplayGroup[] {
  const at = findStyle(groups, m.item);
  const ti = groups.findIndex((g) => g.id === m.displayGroup);
  if (!at || ti < 0 || m.before === m.item) throw new Error(`style ${m.item} cannot move`);
  const without = groups.map((g, k) => (k === at.g ? { ...g, styles: g.styles.filter((_, j) => j !== at.i) } : g));
  const target = without[ti]!.styles;
  const pos = m.before === null ? target.length : target.findIndex((x) => x.style === m.before);
  if (pos < 0) throw new Error(`style ${m.before} is not in the group`);
  return without.map((g, k) => (k === ti ? { ...g, styles: [...target.slice(0, pos), at.style, ...target.slice(pos)] } : g));
}

function moveColor(groups: DisplayGroup[], m: Move): DisplayGroup[] {
  const at = findStyle(groups, m.style ?? '');
  if (!at) throw new Error(`style ${m.style} is not here`);
  const cs = at.style.colors;
  const from = cs.findIndex((c) => c.color === m.item);
  const to = m.before === null ? cs.length : cs.findIndex((c) => c.color === m.before);
  if (from < 0 || to < 0 || to === from) throw new Error(`colour ${m.item} cannot move`);
  const next: GroupStyle = { ...at.style, colors: moveBefore(cs, from, to) };
  return groups.map((g, k) => (k === at.g ? { ...g, styles: g.styles.map((x, j) => (j === at.i ? next : x)) } : g));
}

/** Applies a move batch; a move that does not apply (the server would refuse it) throws. */
export function applyMoves(s: GroupSortState, b: MoveBatch): GroupSortState {
  const step = b.type === 'moveDisplayGroup' ? moveGroup : b.type === 'moveStyle' ? moveStyle : moveColor;
  return { ...s, groups: reindex(b.moves.reduce(step, s.groups)) };
}

/** The move batch that brings `to`'s order back from `from` (undo and redo): groups, then the
 * styles of each group, then colours; only the items out of place move. */
export function restoreMoves(from: GroupSortState, to: GroupSortState): MoveBatch[] {
  const out: MoveBatch[] = [];
  let cur = from;
  const push = (b: MoveBatch) => {
    if (b.moves.length === 0) return;
    cur = applyMoves(cur, b);
    out.push(b);
  };
  // Groups: from the last to the first, each before the one that follows it in `to`.
  const gm: Move[] = [];
  const order = to.groups.filter((g) => !g.uncategorized).map((g) => g.id);
  let sim = cur.groups.filter((g) => !g.uncategorized).map((g) => g.id);
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i]!;
    const want = order[i + 1] ?? null;
    const at = sim.indexOf(id);
    if (at < 0) continue;
    if ((sim[at + 1] ?? null) !== want) {
      gm.push({ item: id, before: want });
      sim = sim.filter((x) => x !== id);
      sim.splice(want === null ? sim.length : sim.indexOf(want), 0, id);
    }
  }
  push({ type: 'moveDisplayGroup', moves: gm });
  // Styles: per group of `to`, from its last style back.
  const sm: Move[] = [];
  for (const g of to.groups) {
    for (let i = g.styles.length - 1; i >= 0; i--) {
      const style = g.styles[i]!.style;
      const want = g.styles[i + 1]?.style ?? null;
      const spot = styleSpot(cur, style);
      if (!spot) continue;
      if (spot.displayGroup !== g.id || spot.before !== want) {
        const m = { item: style, before: want, displayGroup: g.id };
        cur = applyMoves(cur, { type: 'moveStyle', moves: [m] });
        sm.push(m);
      }
    }
  }
  if (sm.length) out.push({ type: 'moveStyle', moves: sm });
  const cm: Move[] = [];
  for (const g of to.groups) {
    for (const st of g.styles) {
      for (let i = st.colors.length - 1; i >= 0; i--) {
        const color = st.colors[i]!.color;
        const want = st.colors[i + 1]?.color ?? null;
        const spot = colorSpot(cur, st.style, color);
        if (spot && spot.before !== want) {
          const m = { item: color, before: want, style: st.style };
          cur = applyMoves(cur, { type: 'moveColor', moves: [m] });
          cm.push(m);
        }
      }
    }
  }
  if (cm.length) out.push({ type: 'moveColor', moves: cm });
  return out;
}

/** The order of styles as "group: style style|…" (tests and the page's test hooks). */
export function layout(s: GroupSortState): string {
  return s.groups.map((g) => `${g.title}: ${g.styles.map((x) => x.style).join(' ')}`.trimEnd()).join(' | ');
}
