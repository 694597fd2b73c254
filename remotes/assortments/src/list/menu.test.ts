import { describe, expect, it } from 'vitest';
import type { Assortment } from '../api';
import { rowScreens } from './menu';

const row = (over: Partial<Assortment>): Assortment => ({ ...({ _id: 'a1', type: 'item', method: 'static', state: 'active', channel: 'Wholesale', title: 'T' } as Assortment), ...over });

const editor = { mayExport: true, canEditChannel: (c: string) => c === 'Wholesale' };

describe('the assortment list context menu: the screens of an assortment', () => {
  it('offers Open, Documents and Merge of a static assortment to its channel editor who may export', () => {
    expect(rowScreens(row({}), editor)).toEqual(['open', 'documents', 'merge']);
  });

  it('offers Documents only with documents.view', () => {
    expect(rowScreens(row({}), { ...editor, mayExport: false })).toEqual(['open', 'merge']);
  });

  it('offers Merge only where the manage page does: edit on the channel, a static item, not archived', () => {
    expect(rowScreens(row({ channel: 'Retail' }), editor)).toEqual(['open', 'documents']);
    expect(rowScreens(row({ method: 'dynamic' }), editor)).toEqual(['open', 'documents']);
    expect(rowScreens(row({ state: 'archived' }), editor)).toEqual(['open', 'documents']);
  });

  it('offers no screen of a folder or of no row', () => {
    expect(rowScreens(row({ type: 'folder' }), editor)).toEqual([]);
    expect(rowScreens(null, editor)).toEqual([]);
  });
});
