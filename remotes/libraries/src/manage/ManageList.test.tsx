import { createRef } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, type ModuleEntry } from '@its/kit';
import type { DataGridHandle } from '@its/grid';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { RouteContext } from '../../../../shell/kit/src/context';
import { ConfirmHost } from '../../../../shell/kit/src/confirm';
import { clearToasts, getToasts } from '../../../../shell/kit/src/toasts';
import type { LibrarySchema } from '../api/types';
import { ManageList } from './ManageList';

const schema: LibrarySchema = {
  grid: 'libraries.StepAsset',
  idField: 'id',
  versionField: 'version',
  pageSize: 100,
  maxLimit: 1000,
  maxBatch: 1000,
  defaultSort: [{ field: 'modifiedDate', dir: 'desc' }],
  softDelete: { field: 'status', value: 'Deleted' },
  messages: { list: "'{value}' is not a valid {header}", nonClearable: '{header} cannot be cleared' },
  libraryType: 'StepAsset',
  statuses: ['Pending', 'Published', 'Unpublished', 'Deleted'],
  publishFields: ['name', 'assetType'],
  columns: [
    { field: 'thumbnail', headerName: 'Thumbnail', type: 'text', editable: false, validators: [], filterable: false, sortable: false },
    { field: 'name', headerName: 'Name', type: 'text', editable: true, editableWhen: 'always', validators: ['nonClearable'], required: true },
    { field: 'assetType', headerName: 'Asset Type', type: 'text', editable: true, editableWhen: 'always', validators: ['nonClearable'], required: true },
    { field: 'status', headerName: 'Status', type: 'list', editable: true, editableWhen: 'always', validators: ['list', 'nonClearable'], options: ['Pending', 'Published', 'Unpublished', 'Deleted'] },
    { field: 'file', headerName: 'File', type: 'text', editable: false, validators: [] },
  ],
};

const rows = [
  { id: 'a1', version: 1, thumbnail: null, name: 'Aero Runner fit guide', assetType: null, status: 'Pending', file: 'aero.pdf' },
  { id: 'a2', version: 1, thumbnail: null, name: 'Court Classic quiz', assetType: 'Quiz', status: 'Pending', file: 'quiz.jpg' },
];

const modules: ModuleEntry[] = [
  {
    id: 'libraries',
    title: 'module.libraries',
    routes: [
      { path: '/sales/libraries/manage/step/pending', name: 'p', expose: './ManageList', meta: { manageType: 'StepAsset', status: 'Pending' } },
      { path: '/sales/libraries/manage/step/published', name: 'u', expose: './ManageList', meta: { manageType: 'StepAsset', status: 'Published' } },
    ],
  },
];


function server(batch: (body: { update?: Array<{ id: string; version: number; changes: Record<string, unknown> }> }) => Response) {
  const batches: unknown[] = [];
  const fake = fakeFetch({
    'GET /api/assets/StepAsset/schema': () => json(200, { data: schema }),
    'POST /api/assets/StepAsset/query': () => json(200, { data: { rows, totalCount: 2, nextCursor: null } }),
    'PATCH /api/assets/StepAsset/batch/many': (init) => {
      const body = JSON.parse(String(init.body));
      batches.push(body);
      return batch(body);
    },
    'GET /api/assets': () => json(200, { data: { rows: [], totalCount: 2 } }),
    'GET /api/assets/filters': () => json(200, { data: { assetType: [{ value: 'Quiz', count: 3 }] } }),
  });
  configureApi({ fetch: fake });
  vi.stubGlobal('fetch', fake);
  return { fake, batches };
}

vi.setConfig({ testTimeout: 30_000 });

const handle = createRef<DataGridHandle>();
const controller = () => handle.current!.controller;

async function mount() {
  const route = { moduleId: 'libraries', name: 'p', path: '/sales/libraries/manage/step/pending', layout: 'main' as const, meta: { manageType: 'StepAsset', status: 'Pending' } };
  await act(async () => {
    renderWithShell(
      <RouteContext.Provider value={route}>
        <ManageList handle={handle} />
        <ConfirmHost />
      </RouteContext.Provider>,
      { shell: { modules }, path: '/sales/libraries/manage/step/pending' },
    );
  });
  await waitFor(() => expect(screen.getByTestId('manage-count').textContent).toBe('2 items'), { timeout: 20_000 });
  return screen.getByTestId('manage-data-grid');
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('manage grid', () => {
  it('loads the status page through the grid protocol, with translated headers marking the publish fields', async () => {
    const { fake } = server(() => json(500, {}));
    const grid = await mount();
    expect(within(grid).getByText('Aero Runner fit guide')).toBeTruthy();
    // The first block of the view in the schema's order, read on the query call (docs/grid.md §3.8).
    const query = fake.calls.find((c) => c.url === '/api/assets/StepAsset/query')!;
    expect(JSON.parse(String(query.init.body))).toEqual({ filters: { status: 'Pending' }, sort: [{ field: 'modifiedDate', dir: 'desc' }], limit: 100 });
    const headers = [...grid.querySelectorAll('.ag-header-cell-text')].map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Name *', 'Asset type *', 'Status', 'File']));
  });

  it('asks before a status change, keeps the old value meanwhile, and shows a refused publication itself', async () => {
    const msg = '"Aero Runner fit guide" cannot be published: missing assetType';
    const { batches } = server(() =>
      json(400, { message: msg, messageCode: 'ITS_ERR_VALIDATION', details: [{ op: 'update', index: 0, id: 'a1', field: 'assetType', rule: 'publish', message: msg }] }),
    );
    await mount();
    act(() => void controller().setCells([{ rowId: 'a1', field: 'status', raw: 'Published' }], 'edit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are You Sure?');
    expect(dialog.textContent).toContain('Changing the status will impact visibility to end users.');
    expect(controller().rows.get('a1')!.status).toBe('Pending');
    expect(batches).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' })));
    // Edits wait for the library update debounce (1500 ms).
    await waitFor(() => expect(batches).toEqual([{ update: [{ id: 'a1', version: 1, changes: { status: 'Published' } }] }]), { timeout: 4000 });
    const problem = await screen.findByTestId('publish-error');
    expect(problem.textContent).toContain('“Aero Runner fit guide” cannot be published: Asset type missing.');
    // Nothing was written: the cell shows Pending again, and the kit shows no second report.
    await waitFor(() => expect(controller().rows.get('a1')!.status).toBe('Pending'));
    expect(screen.queryByTestId('grid-rejected')).toBeNull();
    await waitFor(() => expect(document.querySelectorAll('.lib-cell--missing').length).toBe(1));
  }, 15_000);

  it('drops a status change the user cancels, and toasts a confirmed move', async () => {
    const { batches } = server((body) => {
      const u = body.update![0]!;
      return json(200, { data: { updated: [{ ...rows.find((r) => r.id === u.id), ...u.changes, version: 2 }], added: [], deleted: [] } });
    });
    await mount();
    act(() => void controller().setCells([{ rowId: 'a2', field: 'status', raw: 'published' }], 'edit'));
    let dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(controller().rows.get('a2')!.status).toBe('Pending');
    expect(controller().ui.get().canUndo).toBe(false);

    act(() => void controller().setCells([{ rowId: 'a2', field: 'status', raw: 'Published' }], 'edit'));
    dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' })));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('1 item moved to Published'), { timeout: 5000 });
    expect(batches).toEqual([{ update: [{ id: 'a2', version: 1, changes: { status: 'Published' } }] }]);
    expect(controller().rows.get('a2')).toMatchObject({ status: 'Published', version: 2 });
    expect(controller().ui.get().canUndo).toBe(true);
  }, 15_000);
});
