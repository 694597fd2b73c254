import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actions, configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import { dataSetOf } from './api';
import ReferenceDataPage from './ReferenceDataPage';

const schema = {
  grid: 'referenceData.currencies',
  idField: 'id',
  versionField: 'version',
  pageSize: 100,
  maxLimit: 1000,
  maxBatch: 1000,
  defaultSort: [{ field: 'currencyCode', dir: 'asc' }],
  columns: [
    { field: 'currencyCode', headerName: 'Currency Code', type: 'text', editable: true, editableWhen: 'newRows', validators: [], required: true, filterable: true, filterOps: ['in'], sortable: true, width: 140 },
    { field: 'decimalPlaces', headerName: 'Decimal Places', type: 'integer', editable: true, editableWhen: 'always', validators: [], required: true, filterable: true, filterOps: ['in'], sortable: true, width: 140 },
  ],
  messages: {},
  validatorDocs: {},
};

describe('reference data', () => {
  it('reads the set from the page path', () => {
    expect(dataSetOf('/admin/data/divisionGroups')).toBe('divisionGroups');
    expect(dataSetOf('/admin/data/currencies/')).toBe('currencies');
    expect(dataSetOf('/admin/data/nope')).toBe('customers');
  });

  it('opens the set’s grid from its schema, with tabs to the sets the user may keep and the export button', async () => {
    const asked: string[] = [];
    configureApi({
      fetch: fakeFetch({
        'GET /api/admin/data/currencies/schema': (_init, url) => {
          asked.push(url);
          return json(200, { data: schema });
        },
        'POST /api/admin/data/currencies/stream': () =>
          new Response('{"totalCount":1}\n{"id":"a","version":1,"currencyCode":"EUR","decimalPlaces":2}\n{"done":true,"count":1,"nextCursor":null}\n', {
            status: 200,
            headers: { 'Content-Type': 'application/x-ndjson' },
          }),
        'POST /api/authz/decisions': (init) => {
          const { checks } = JSON.parse(String(init.body)) as { checks: { action: string }[] };
          return json(200, { decisions: checks.map((c) => c.action === actions.adminTerritories.id || c.action === actions.adminCurrencies.id) });
        },
      }),
    });
    await act(async () => {
      renderWithShell(<ReferenceDataPage />, { path: '/admin/data/currencies', shell: { user: { id: 'a1', name: 'Ada', lastName: 'Admin', fullName: 'Ada Admin', email: 'admin@example.com' } } });
    });
    await waitFor(() => expect(screen.getByTestId('data-tab-territories')).toBeTruthy());
    expect(screen.queryByTestId('data-tab-customers')).toBeNull();
    expect(screen.getByTestId('data-tab-currencies').className).toContain('is-on');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Currencies');
    await waitFor(() => expect(screen.getByTestId('data-grid-currencies')).toBeTruthy());
    expect(asked).toHaveLength(1);
    expect(screen.getByTestId('grid-export')).toBeTruthy();
    expect(screen.getByTestId('data-add')).toBeTruthy();
  });
});
