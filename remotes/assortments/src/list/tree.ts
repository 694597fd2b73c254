/**
 * The assortment list as a tree: folders hold assortments and folders (spec §3.2 hierarchy),
 * expanded folders show their content below them, indented. The grid gets the visible rows,
 * in order, each with its depth.
 */
import type { Assortment } from '../api';

export interface TreeRow extends Assortment {
  id: string;
  version: number;
  depth: number;
  expanded: boolean;
  /** The folder's content is loaded (an empty folder shows no chevron then). */
  childCount: number | null;
  path: string;
}

/** Folders first, then by title (as the server orders a level). */
export function compareEntries(a: Assortment, b: Assortment): number {
  if (a.type !== b.type) return a.type === 'folder' ? -1 : 1;
  return a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true }) || a._id.localeCompare(b._id);
}

/**
 * The visible rows: the roots in their order, and below each expanded folder its loaded
 * children (sorted), recursively. A folder met twice (a cycle) is shown once.
 */
export function flattenTree(roots: Assortment[], children: ReadonlyMap<string, Assortment[]>, expanded: ReadonlySet<string>): TreeRow[] {
  const out: TreeRow[] = [];
  const seen = new Set<string>();
  const walk = (items: Assortment[], depth: number, path: string) => {
    for (const a of items) {
      if (seen.has(a._id)) continue;
      seen.add(a._id);
      const kids = a.type === 'folder' ? children.get(a._id) : undefined;
      const open = a.type === 'folder' && expanded.has(a._id) && !!kids;
      out.push({ ...a, id: a._id, version: a.version, depth, expanded: open, childCount: kids ? kids.length : null, path });
      if (open && kids) walk([...kids].sort(compareEntries), depth + 1, path ? `${path} / ${a.title}` : a.title);
    }
  };
  walk(roots, 0, '');
  return out;
}

/**
 * A flat list spanning several levels (search results) nested by each entry's hierarchy: an
 * entry goes under the nearest listed ancestor, or at the root.
 */
export function nestByHierarchy(items: Assortment[]): { roots: Assortment[]; children: Map<string, Assortment[]> } {
  const ids = new Set(items.map((a) => a._id));
  const roots: Assortment[] = [];
  const children = new Map<string, Assortment[]>();
  for (const a of items) {
    const parent = [...a.hierarchy].reverse().find((h) => ids.has(h));
    if (!parent) roots.push(a);
    else {
      const list = children.get(parent) ?? [];
      list.push(a);
      children.set(parent, list);
    }
  }
  roots.sort(compareEntries);
  for (const [k, list] of children) children.set(k, list.sort(compareEntries));
  return { roots, children };
}

/** Every folder of the loaded tree (for expand all). */
export function folderIds(roots: Assortment[], children: ReadonlyMap<string, Assortment[]>): string[] {
  const out: string[] = [];
  const walk = (items: Assortment[]) => {
    for (const a of items) {
      if (a.type !== 'folder' || out.includes(a._id)) continue;
      out.push(a._id);
      walk(children.get(a._id) ?? []);
    }
  };
  walk(roots);
  return out;
}

/** Selected entries without those inside a selected folder (a folder's action takes its content). */
export function topmost<T extends { _id: string; hierarchy: string[] }>(selected: T[]): T[] {
  const ids = new Set(selected.map((s) => s._id));
  return selected.filter((s) => !s.hierarchy.some((h) => ids.has(h)));
}
