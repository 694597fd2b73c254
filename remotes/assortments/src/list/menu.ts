/**
 * The screens of an assortment its row's context menu opens (issue: every page reachable):
 * the manage page, its Documents (with documents.view) and Merge from… (the manage page's rule:
 * the edit right on its channel, a static item that is not archived).
 */
import type { Assortment } from '../api';
import { takesMerge } from '../merge/merge';

export type RowScreen = 'open' | 'documents' | 'merge';

export interface RowRights {
  /** documents.view: the assortment's Documents page. */
  mayExport: boolean;
  /** assortments.edit on a channel. */
  canEditChannel: (channel: string) => boolean;
}

/** The screens offered for row (none for a folder or no row), in menu order. */
export function rowScreens(row: Pick<Assortment, 'type' | 'method' | 'state' | 'channel'> | null, rights: RowRights): RowScreen[] {
  if (!row || row.type !== 'item') return [];
  const out: RowScreen[] = ['open'];
  if (rights.mayExport) out.push('documents');
  if (rights.canEditChannel(row.channel) && takesMerge(row)) out.push('merge');
  return out;
}
