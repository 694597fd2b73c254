/** What the grid's feature tests share: a schema, rows, an in-memory source and a mounted DataGrid. */
import { createRef } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { renderWithShell } from '../../../kit/src/test/render';
import { DataGrid, type DataGridHandle, type DataGridProps } from '../DataGrid';
import type { GridSource } from '../controller';
import type { BatchRequest, BatchResult, GridRow, GridSchema } from '../types';

export const schema: GridSchema = {
  grid: 'test.products',
  idField: 'id',
  versionField: 'version',
  pageSize: 100,
  maxLimit: 1000,
  maxBatch: 250,
  messages: {},
  columns: [
    { field: 'style', headerName: 'Style', type: 'text', editable: false, validators: [] },
    { field: 'status', headerName: 'Status', type: 'list', editable: true, editableWhen: 'always', validators: ['list'], options: ['Active', 'Inactive'] },
    { field: 'discountPercent', headerName: 'Discount %', type: 'number', editable: true, editableWhen: 'always', validators: [] },
    { field: 'netCost', headerName: 'Net cost', type: 'number', editable: false, validators: [] },
  ],
};

export const base = (): GridRow[] => [
  { id: 'a', version: 1, style: '100', status: 'Active', discountPercent: null, netCost: 50 },
  { id: 'b', version: 1, style: '101', status: 'Active', discountPercent: null, netCost: 80 },
  { id: 'c', version: 1, style: '101', status: 'Inactive', discountPercent: null, netCost: 20 },
];

/** A source over an in-memory table: a load that hands rows on, a send that answers as a server. */
export function memorySource(rows = base(), opts: { hardDelete?: boolean } = {}) {
  const db = new Map(rows.map((r) => [r.id, { ...r }]));
  const sent: BatchRequest[] = [];
  const load = vi.fn<GridSource['load']>(async (query, _signal, sink) => {
    const all = [...db.values()];
    sink.total(all.length);
    sink.rows(all.slice(query.skip, query.skip + 2));
  });
  const send = vi.fn(async (req: BatchRequest): Promise<BatchResult> => {
    sent.push(req);
    const updated = (req.update ?? []).map((u) => {
      const next = { ...db.get(u.id)!, ...u.changes, version: db.get(u.id)!.version + 1 };
      db.set(u.id, next);
      return next;
    });
    const deleted = (req.delete ?? []).map((d) => {
      const r = db.get(d.id)!;
      if (opts.hardDelete) db.delete(d.id);
      return r;
    });
    return { updated, added: [], deleted };
  });
  return { db, sent, load, send, source: { load, send } satisfies GridSource };
}

export function mount(props: Partial<DataGridProps>) {
  const handle = createRef<DataGridHandle>();
  const utils = renderWithShell(<DataGrid schema={schema} canEdit handle={handle} {...props} />);
  return { handle: () => handle.current!, ...utils };
}

export const loaded = async (h: () => DataGridHandle, n: number) => waitFor(() => expect(h().controller.rows.size).toBe(n), { timeout: 20_000 });

/** A source that loads every row at once (the memory source's load gives two per call). */
export const allRows = (rows = base()) => {
  const load = vi.fn<GridSource['load']>(async (_q, _s, sink) => {
    sink.total(rows.length);
    sink.rows(rows);
  });
  return { load, source: { load } satisfies GridSource };
};
/** Opens the column menu of a header. */
export const openMenu = async (field: string) => {
  const header = await waitFor(() => {
    const el = document.querySelector<HTMLElement>(`[data-testid="grid-header"][data-field="${field}"]`);
    expect(el).not.toBeNull();
    return el!;
  });
  fireEvent.click(within(header).getByTestId('grid-header-menu'));
  return screen.getByTestId('grid-column-menu');
};
/** An entry of a menu by its id. */
export const item = (menu: HTMLElement, id: string) => menu.querySelector<HTMLButtonElement>(`[data-menu-id="${id}"]`)!;
