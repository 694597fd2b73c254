/**
 * Row grouping, built on the client (ag-grid Community has none): a header row opens each group
 * ("Style: 10306 (12)"), members follow in the grid's sort order, and a collapsed group hides
 * its members. Groups are ordered by value, blanks last, as the server's Excel export does it.
 */

export const GROUP_ID_PREFIX = '__group:';

export interface GroupInfo {
  field: string;
  key: string;
  value: unknown;
  count: number;
}

export interface GroupRow {
  id: string;
  version: 0;
  __group: GroupInfo;
}

export const isGroupRow = (row: unknown): row is GroupRow =>
  !!row && typeof row === 'object' && '__group' in (row as Record<string, unknown>);

/** The key of a value within its group field: blanks share one group. */
export function groupKey(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

export const groupRowId = (field: string, key: string) => `${GROUP_ID_PREFIX}${field}:${key}`;

/** Orders group keys: blanks last, numbers by value, text ignoring case. */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return 1;
  if (b === '') return -1;
  const na = Number(a);
  const nb = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : 1;
}

/** The group header rows for the data rows: one per distinct value, with its count. */
export function buildGroups(rows: Iterable<Record<string, unknown>>, field: string): GroupRow[] {
  const groups = new Map<string, GroupInfo>();
  for (const r of rows) {
    const value = r[field];
    const key = groupKey(value);
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { field, key, value: key === '' ? null : value, count: 1 });
  }
  return [...groups.values()]
    .sort((a, b) => compareKeys(a.key, b.key))
    .map((g) => ({ id: groupRowId(field, g.key), version: 0, __group: g }));
}

/**
 * Reorders a sorted list in place: leading rows `first` keeps ahead (rows being added), then each
 * group's header followed by its members in their sorted order. Members of unknown groups go last.
 */
export function orderGrouped<T>(items: T[], opts: { field: string; data: (item: T) => unknown; first?: (item: T) => boolean }): void {
  const headers = new Map<string, T>();
  const members = new Map<string, T[]>();
  const lead: T[] = [];
  for (const it of items) {
    const d = opts.data(it) as Record<string, unknown> | undefined;
    if (isGroupRow(d)) {
      headers.set(d.__group.key, it);
      continue;
    }
    if (opts.first?.(it)) {
      lead.push(it);
      continue;
    }
    const k = groupKey(d?.[opts.field]);
    let list = members.get(k);
    if (!list) members.set(k, (list = []));
    list.push(it);
  }
  const keys = [...new Set([...headers.keys(), ...members.keys()])].sort(compareKeys);
  let i = 0;
  for (const it of lead) items[i++] = it;
  for (const k of keys) {
    const h = headers.get(k);
    if (h !== undefined) items[i++] = h;
    for (const m of members.get(k) ?? []) items[i++] = m;
  }
  items.length = i;
}
