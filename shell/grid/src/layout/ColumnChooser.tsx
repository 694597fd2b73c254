/**
 * The column chooser (the toolbar's Columns button): show and hide columns, move them up and
 * down (keyboard too), pick the row height, reset to the grid's default. Every change shows at
 * once and is kept as the user's layout of the grid on the server.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from '@its/kit';
import type { GridController } from '../controller';
import { below, useFloating } from '../floating';
import { GridIcon } from '../icons';
import { ROW_HEIGHTS, layoutFromState, moveColumn, type RowHeight } from './layout';
import { lm } from './messages';
import { useGridLayout, type GridLayoutState } from './useGridLayout';

export interface ColumnChooserProps {
  ctrl: GridController;
  /** The grid's name for its saved layout (e.g. `products.catalog`). */
  layoutKey: string;
}

export function ColumnChooser({ ctrl, layoutKey }: ColumnChooserProps) {
  const intl = useIntl();
  // The controller gets its api when the grid is ready; its ui changes then.
  useStore(ctrl.ui);
  const gridApi = ctrl.api;
  const layout = useGridLayout(ctrl, layoutKey, gridApi);
  const [open, setOpen] = useState<{ x: number; y: number } | null>(null);
  const label = intl.formatMessage(lm.columns);
  return (
    <>
      <button
        type="button"
        className="its-btn its-btn--secondary"
        aria-haspopup="dialog"
        aria-expanded={!!open}
        data-testid="grid-columns"
        disabled={!gridApi}
        onClick={(e) => {
          setOpen(open ? null : below(e.currentTarget, 'right', 320));
        }}
      >
        <GridIcon name="eye" size={16} />
        {label}
      </button>
      {open && gridApi && <ChooserPanel ctrl={ctrl} layout={layout} x={open.x} y={open.y} onClose={() => setOpen(null)} />}
    </>
  );
}

function ChooserPanel({ ctrl, layout, x, y, onClose }: { ctrl: GridController; layout: GridLayoutState; x: number; y: number; onClose: () => void }) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  const pos = useFloating(ref, x, y, 'input', onClose);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const gridApi = ctrl.api!;
  useEffect(() => {
    const events = ['columnMoved', 'columnVisible', 'columnPinned'] as const;
    for (const e of events) gridApi.addEventListener(e, redraw);
    return () => {
      if (gridApi.isDestroyed()) return;
      for (const e of events) gridApi.removeEventListener(e, redraw);
    };
  }, [gridApi]);
  const columns = layoutFromState(gridApi.getColumnState()).columns;
  const headerOf = (field: string) => {
    const c = ctrl.column(field);
    return c ? ctrl.header(c) : field;
  };
  const move = (i: number, by: number) => {
    if (moveColumn(columns, i, by) === columns) return;
    // Its neighbour's place in the whole column list (with hidden and the kit's own columns).
    const to = gridApi.getColumnState().findIndex((s) => s.colId === columns[i + by]!.field);
    gridApi.moveColumns([columns[i]!.field], to);
    layout.changed();
    redraw();
  };
  return (
    <div
      ref={ref}
      className="its-grid-popover its-grid-chooser"
      role="dialog"
      aria-label={intl.formatMessage(lm.title)}
      style={{ left: pos.left, top: pos.top }}
      data-testid="grid-column-chooser"
    >
      <h3 className="its-grid-filter__title">{intl.formatMessage(lm.title)}</h3>
      <fieldset className="its-grid-chooser__heights">
        <legend>{intl.formatMessage(lm.rowHeight)}</legend>
        {(Object.keys(ROW_HEIGHTS) as RowHeight[]).map((h) => (
          <label key={h} className={`its-grid-chooser__height${layout.rowHeight === h ? ' is-on' : ''}`}>
            <input type="radio" name="its-grid-row-height" value={h} checked={layout.rowHeight === h} onChange={() => layout.setRowHeight(h)} data-testid={`grid-row-height-${h}`} />
            {intl.formatMessage(lm[h])}
          </label>
        ))}
      </fieldset>
      <ul className="its-grid-chooser__list">
        {columns.map((c, i) => {
          const header = headerOf(c.field);
          return (
            <li key={c.field} className="its-grid-chooser__item" data-field={c.field} data-testid="grid-chooser-column">
              <label className="its-grid-chooser__check">
                <input
                  type="checkbox"
                  checked={!c.hide}
                  aria-label={intl.formatMessage(lm.show, { header })}
                  onChange={(e) => {
                    gridApi.setColumnsVisible([c.field], e.target.checked);
                    redraw();
                  }}
                />
                <span>{header}</span>
              </label>
              <button type="button" className="its-grid-btn" disabled={i === 0} aria-label={intl.formatMessage(lm.moveUp, { header })} title={intl.formatMessage(lm.moveUp, { header })} onClick={() => move(i, -1)} data-testid="grid-chooser-up">
                <GridIcon name="sortAsc" size={14} />
              </button>
              <button type="button" className="its-grid-btn" disabled={i === columns.length - 1} aria-label={intl.formatMessage(lm.moveDown, { header })} title={intl.formatMessage(lm.moveDown, { header })} onClick={() => move(i, 1)} data-testid="grid-chooser-down">
                <GridIcon name="sortDesc" size={14} />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="its-grid-filter__actions">
        <button
          type="button"
          className="its-btn its-btn--secondary"
          data-testid="grid-layout-reset"
          onClick={() => {
            void layout.reset().then(redraw);
          }}
        >
          {intl.formatMessage(lm.reset)}
        </button>
      </div>
    </div>
  );
}
