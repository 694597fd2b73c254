import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GridSource } from '../controller';
import type { BatchRequest, BatchResult, GridSchema } from '../types';
import { base, loaded, mount, schema } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

/** A source whose send adds rows as a server does (ids n1, n2, ...). */
function addingSource() {
  const sent: BatchRequest[] = [];
  let seq = 0;
  const source: GridSource = {
    load: async (_q, _s, sink) => {
      sink.total(3);
      sink.rows(base());
    },
    send: async (req): Promise<BatchResult> => {
      sent.push(req);
      return { updated: [], deleted: [], added: (req.add ?? []).map((a) => ({ tempId: a.tempId, row: { id: `n${++seq}`, version: 1, ...a.values } })) };
    },
  };
  return { sent, source };
}

describe('new rows', () => {
  it('a row being added shows first; Save new sends it (blank ones dropped) and swaps it for the saved row', async () => {
    const src = addingSource();
    const { handle } = mount({ source: src.source });
    await loaded(handle, 3);
    const ctrl = handle().controller;
    let id: string | null = null;
    act(() => {
      id = handle().addRow({ status: 'Active' });
      handle().addRow();
    });
    expect(id).toBe('new-1');
    expect(ctrl.ui.get()).toMatchObject({ newRows: 2, rowCount: 5 });
    await waitFor(() => expect(ctrl.api?.getDisplayedRowAtIndex(0)?.data?.id).toMatch(/^new-/));
    act(() => void ctrl.setCells([{ rowId: 'new-1', field: 'discountPercent', raw: '5' }], 'edit'));
    let saved = false;
    await act(async () => {
      saved = await handle().saveNewRows();
    });
    expect(saved).toBe(true);
    expect(src.sent).toEqual([{ add: [{ tempId: 'new-1', values: { status: 'Active', discountPercent: 5 } }] }]);
    expect(ctrl.ui.get()).toMatchObject({ newRows: 0, rowCount: 4 });
    expect(handle().getRow('n1')).toMatchObject({ status: 'Active', discountPercent: 5 });
    expect(handle().getRow('new-1')).toBeUndefined();
  }, 60_000);

  it('a required cell left empty is marked and reported, and nothing is sent', async () => {
    const src = addingSource();
    const required: GridSchema = { ...schema, columns: schema.columns.map((c) => (c.field === 'status' ? { ...c, required: true } : c)) };
    const { handle } = mount({ source: src.source, schema: required });
    await loaded(handle, 3);
    const ctrl = handle().controller;
    act(() => void handle().addRow({ discountPercent: 3 }));
    let saved = true;
    await act(async () => {
      saved = await handle().saveNewRows();
    });
    expect(saved).toBe(false);
    expect(src.sent).toEqual([]);
    expect(ctrl.cellError('new-1', 'status')).toBeTruthy();
    expect(ctrl.ui.get().rejected).toEqual([expect.objectContaining({ column: 'Status' })]);
    expect(ctrl.countNew()).toBe(1);
    // The open editor's commit of the same empty value (it may come after the check) keeps the mark.
    act(() => void ctrl.setCells([{ rowId: 'new-1', field: 'status', raw: '' }], 'edit'));
    expect(ctrl.cellError('new-1', 'status')).toBeTruthy();
    // A value clears it.
    act(() => void ctrl.setCells([{ rowId: 'new-1', field: 'status', raw: 'Active' }], 'edit'));
    expect(ctrl.cellError('new-1', 'status')).toBeUndefined();
  });

  it('a grid the user may not edit adds no row', async () => {
    const src = addingSource();
    const { handle } = mount({ source: src.source, canEdit: false });
    await loaded(handle, 3);
    expect(handle().addRow()).toBeNull();
    expect(handle().controller.countNew()).toBe(0);
  });
});
