import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, use, useCallback, useMemo } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GridController, type WhereNode } from '@its/grid';
import { catalogColumns, catalogSchema } from './columns';
import { FilterBar } from './FilterBar';
import { useGridWhere } from './gridWhere';
import { useUrlFilters } from './urlState';

/** A grid controller of the catalog's columns over rows in the browser (no rows: only its filter tree matters here). */
function controller() {
  const ctrl = new GridController();
  // Only what setting the tree reads: the columns and a source filtering the loaded rows.
  ctrl.settings = { schema: catalogSchema('products.catalog', catalogColumns()), source: { load: async () => {} }, filters: {} } as Partial<GridController['settings']> as GridController['settings'];
  return ctrl;
}

/** While `hold.promise` is set, a render of the page waits for it (is not shown) before it is committed. */
const hold: { promise: Promise<void> | null } = { promise: null };
function Held() {
  if (hold.promise) use(hold.promise);
  return null;
}

/** The product library's wiring: the filters in the address, the bar editing the tree, the grid kept in step. */
function Page({ ctrl }: { ctrl: GridController }) {
  const [filters, setFilters] = useUrlFilters();
  const where = filters.where ?? null;
  const setWhere = useCallback((w: WhereNode | null) => setFilters((f) => ({ ...f, where: w })), [setFilters]);
  useGridWhere(ctrl, where, setWhere);
  const barWhere = useMemo(
    () => ({ tree: where, onChange: (edit: (tree: WhereNode | null) => WhereNode | null) => setFilters((f) => ({ ...f, where: edit(f.where ?? null) })) }),
    [where, setFilters],
  );
  return (
    <>
      <FilterBar value={filters} onChange={() => {}} where={barWhere} />
      <output data-testid="address-where">{JSON.stringify(where)}</output>
      <Held />
    </>
  );
}

describe('useGridWhere', () => {
  it('a grid change that is not of its tree (rows arriving) does not write the tree it lags with back over a newer pick', async () => {
    const ctrl = controller();
    render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <MemoryRouter initialEntries={['/product/libraries/products']}>
          <Suspense fallback={null}>
            <Page ctrl={ctrl} />
          </Suspense>
        </MemoryRouter>
      </IntlProvider>,
    );
    const select = screen.getByTestId('filter-division');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'Work' } });
    });
    const work = { field: 'division', op: 'in', values: ['Work'] };
    expect(ctrl.ui.get().where).toEqual(work);

    // The second pick's navigation renders the page with the new tree, but the render is not
    // committed yet (a navigation is a transition: it yields, here it waits), so the grid still
    // has the first pick; meanwhile the grid's rows of the first pick arrive.
    let release = () => {};
    hold.promise = new Promise<void>((resolve) => (release = resolve));
    await act(async () => {
      fireEvent.change(select, { target: { value: 'Kids' } });
    });
    expect(ctrl.ui.get().where).toEqual(work);
    await act(async () => ctrl.patchUi({ total: 1234, loading: false }));
    hold.promise = null;
    await act(async () => release());

    const both = { field: 'division', op: 'in', values: ['Work', 'Kids'] };
    expect(JSON.parse(screen.getByTestId('address-where').textContent ?? 'null')).toEqual(both);
    expect(ctrl.ui.get().where).toEqual(both);
  });

  it("a change of the grid's tree (its chips, builder or a view) goes into the address; the address goes into the grid", async () => {
    const ctrl = controller();
    render(
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <MemoryRouter initialEntries={[`/product/libraries/products?f=${encodeURIComponent(JSON.stringify({ conditions: {}, where: { field: 'division', op: 'in', values: ['Kids'] } }))}`]}>
          <Page ctrl={ctrl} />
        </MemoryRouter>
      </IntlProvider>,
    );
    await act(async () => {});
    expect(ctrl.ui.get().where).toEqual({ field: 'division', op: 'in', values: ['Kids'] });
    const channel: WhereNode = { field: 'channel', op: 'in', values: ['Retail'] };
    await act(async () => ctrl.setWhere(channel));
    expect(JSON.parse(screen.getByTestId('address-where').textContent ?? 'null')).toEqual(channel);
    await act(async () => ctrl.setWhere(null));
    expect(screen.getByTestId('address-where').textContent).toBe('null');
    expect(ctrl.ui.get().where).toBeNull();
  });
});
