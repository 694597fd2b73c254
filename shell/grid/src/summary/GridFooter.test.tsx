import { createRef } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../kit/src/test/render';
import { DataGrid, type DataGridHandle } from '../DataGrid';
import type { GridSource } from '../controller';
import type { GridRow, GridSchema } from '../types';

const schema: GridSchema = {
  grid: 'test.footer',
  idField: 'id',
  versionField: 'version',
  pageSize: 100,
  maxLimit: 1000,
  maxBatch: 250,
  messages: {},
  columns: [
    { field: 'style', headerName: 'Style', type: 'text', editable: false, validators: [] },
    { field: 'netCost', headerName: 'Net cost', type: 'number', editable: false, validators: [] },
  ],
};

const rows: GridRow[] = [
  { id: 'a', version: 1, style: '100', netCost: 50 },
  { id: 'b', version: 1, style: '101', netCost: 80.5 },
];

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('GridFooter', () => {
  it('asks the summary call with the filters and the figure shown per column, and shows the answer', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const fake = fakeFetch({
      'POST /api/test/summary': (init) => {
        const body = JSON.parse(String(init.body)) as { aggregates: Record<string, string[]> };
        bodies.push(body);
        const unique = body.aggregates.style?.[0] === 'unique';
        return json(200, {
          data: {
            totalCount: 1234,
            columns: { style: { count: 1234, empty: 4, filled: 1230, ...(unique ? { unique: 321 } : {}) }, netCost: { count: 1234, empty: 0, filled: 1234, sum: 98765.4321 } },
          },
        });
      },
    });
    configureApi({ fetch: fake });
    vi.stubGlobal('fetch', fake);
    const source: GridSource = {
      load: async (_q, _s, sink) => {
        sink.total(rows.length);
        sink.rows(rows);
      },
    };
    const handle = createRef<DataGridHandle>();
    renderWithShell(<DataGrid schema={schema} handle={handle} source={source} filters={{ division: 'Work' }} endpoints={{ summary: '/test/summary' }} canEdit={false} />);

    const footer = await screen.findByTestId('grid-footer', {}, { timeout: 20_000 });
    const cost = await waitFor(() => {
      const el = footer.querySelector('[data-field="netCost"]');
      expect(el?.getAttribute('data-value')).toBe('98765.4321');
      return el as HTMLElement;
    });
    expect(cost.getAttribute('data-figure')).toBe('sum');
    // The figure's name is text with its whole name as the title (never a cut-off menu).
    const label = cost.querySelector('.its-grid-foot__label') as HTMLElement;
    expect(label.getAttribute('title')).toBe('Sum');
    expect(label.querySelector('.its-grid-foot__name')?.textContent).toBe('Sum');
    expect(cost.querySelector('output')?.textContent).toBe('98,765.43');
    expect(bodies[0]).toEqual({ filters: { division: 'Work' }, fields: ['style', 'netCost'], aggregates: { style: ['filled'], netCost: ['sum'] } });
    const style = footer.querySelector('[data-field="style"]') as HTMLElement;
    expect(style.getAttribute('data-value')).toBe('1230');

    // Another figure from the cell's menu: a new request for it.
    const pick = screen.getByRole('combobox', { name: 'Summary of Style' });
    await act(async () => void fireEvent.change(pick, { target: { value: 'unique' } }));
    await waitFor(() => expect(style.getAttribute('data-value')).toBe('321'));
    expect(bodies.at(-1)).toMatchObject({ aggregates: { style: ['unique'], netCost: ['sum'] } });
    expect([...pick.querySelectorAll('option')].map((o) => o.value)).toEqual(['count', 'empty', 'filled', 'unique']);
    const costPick = screen.getByRole('combobox', { name: 'Summary of Net cost' });
    expect([...costPick.querySelectorAll('option')].map((o) => o.value)).toContain('avg');
  });

  it('shows no footer without a summary call', async () => {
    const source: GridSource = { load: async (_q, _s, sink) => void sink.total(0) };
    renderWithShell(<DataGrid schema={schema} source={source} canEdit={false} />);
    await screen.findByTestId('grid-row-count', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('grid-footer')).toBeNull();
  });
});
