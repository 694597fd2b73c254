/**
 * Merge assortments (PATCH /api/{org}/{id}/merge): the products of the chosen source
 * assortments are added to the target; a style/colour the target (or an earlier source) already
 * holds is skipped. The preview below counts the same way the server merges.
 */
import { api } from '@its/kit';
import type { GridRow } from '@its/grid';
import type { Assortment, OrgBase } from '../api';
import { loadRows } from '../detail/source';

/** The style/colour pairs of one assortment. */
export interface MergeSide {
  id: string;
  title: string;
  keys: string[];
}

export interface MergePreview {
  /** Styles each source adds, in the order chosen. */
  sources: Array<{ id: string; title: string; total: number; added: number }>;
  added: number;
  /** Styles already in the target or in an earlier source. */
  skipped: number;
}

/**
 * The assortments a merge may go into: a static item that is not archived (the server refuses a
 * folder or a dynamic one; an archived one is read-only). Who may merge is the edit right on its
 * channel (and, once open, the edit lock that no other user holds).
 */
export const takesMerge = (a: Pick<Assortment, 'type' | 'method' | 'state'>) => a.type === 'item' && a.method !== 'dynamic' && a.state !== 'archived';

export const styleKey = (r: GridRow) => `${String(r.style)}_${String(r.color)}`;

/** What a merge of sources into target will do: the server's rule (existing rows kept, duplicates skipped). */
export function mergePreview(target: string[], sources: MergeSide[]): MergePreview {
  const have = new Set(target);
  let added = 0;
  let skipped = 0;
  const out = sources.map((s) => {
    let n = 0;
    for (const k of new Set(s.keys)) {
      if (have.has(k)) skipped++;
      else {
        have.add(k);
        n++;
      }
    }
    added += n;
    return { id: s.id, title: s.title, total: new Set(s.keys).size, added: n };
  });
  return { sources: out, added, skipped };
}

/** Every style/colour of an assortment (a dynamic one: the products its filters find, as the merge reads them). */
export async function styleKeys(id: string, dynamic: boolean, org: OrgBase, signal: AbortSignal): Promise<string[]> {
  const keys: string[] = [];
  await loadRows(id, dynamic, signal, { total: () => {}, rows: (rows) => rows.forEach((r) => keys.push(styleKey(r))) }, org);
  return keys;
}

/** Merges sources into the target; answers the number of styles added. */
export const mergeAssortments = (org: OrgBase, id: string, ids: string[]) =>
  api.patch<{ added: number }>(`/${org}/${encodeURIComponent(id)}/merge`, { ids }, { silent: true });
