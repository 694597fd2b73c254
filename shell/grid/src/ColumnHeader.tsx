/**
 * The kit's column header (ag-grid custom header): the name sorts on click (Shift adds a sort
 * key), the sort and filter state show as icons, and a button opens the column menu. From a
 * focused header the menu opens with the menu key, Shift+F10 or Alt+↓ (see DataGrid).
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import type { CustomHeaderProps } from 'ag-grid-react';
import { useStore } from '@its/kit';
import { columnOps, filterValues, makeColumnFilter, type ColumnFilter, type FilterProblem } from './columnFilter';
import type { GridController } from './controller';
import { below, useFloating } from './floating';
import { GridIcon } from './icons';
import { m, opLabels, ruleText } from './messages';
import type { FilterOp, GridColumn } from './types';

export interface ColumnHeaderParams {
  ctrl: GridController;
}

export function ColumnHeader(props: CustomHeaderProps & ColumnHeaderParams) {
  const intl = useIntl();
  const { ctrl, column } = props;
  const ui = useStore(ctrl.ui);
  const [sort, setSort] = useState(column.getSort() ?? null);
  useEffect(() => {
    const on = () => setSort(column.getSort() ?? null);
    column.addEventListener('sortChanged', on);
    return () => column.removeEventListener('sortChanged', on);
  }, [column]);
  const field = column.getColId();
  const filtered = ui.columnFilters.some((f) => f.field === field);
  const grouped = ui.groupBy === field;
  const open = ui.columnMenu?.field === field;

  return (
    <div
      className={`its-grid-header ag-header-cell-label${filtered ? ' is-filtered' : ''}${props.enableSorting ? ' is-sortable' : ''}`}
      data-testid="grid-header"
      data-field={field}
      onClick={(e) => props.enableSorting && props.progressSort(e.shiftKey)}
    >
      <span className="its-grid-header__label ag-header-cell-text">{props.displayName}</span>
      {sort && (
        <span className="its-grid-header__state" data-testid="grid-header-sort" data-sort={sort}>
          <GridIcon name={sort === 'asc' ? 'sortAsc' : 'sortDesc'} size={14} />
        </span>
      )}
      {grouped && (
        <span className="its-grid-header__state" title={intl.formatMessage(m.groupBy)}>
          <GridIcon name="group" size={14} />
        </span>
      )}
      {filtered && (
        <span className="its-grid-header__state is-filter" data-testid="grid-header-filtered" title={intl.formatMessage(m.filtered)}>
          <GridIcon name="filter" size={14} />
        </span>
      )}
      <button
        type="button"
        className={`its-grid-header__menu${open ? ' is-open' : ''}`}
        tabIndex={-1}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={intl.formatMessage(m.columnMenu, { header: props.displayName })}
        title={intl.formatMessage(m.columnMenu, { header: props.displayName })}
        data-testid="grid-header-menu"
        onMouseDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          e.stopPropagation();
          if (open) {
            ctrl.closeHeaderPopups();
            return;
          }
          const at = below(e.currentTarget);
          ctrl.openColumnMenu(field, at.x, at.y);
        }}
      >
        <GridIcon name="dots" size={16} />
      </button>
    </div>
  );
}

/** A small dialog at a point, kept inside the window; Escape or a click outside closes it. */
function Popover({ x, y, label, onClose, children, testId }: { x: number; y: number; label: string; onClose: () => void; children: React.ReactNode; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const pos = useFloating(ref, x, y, 'select, input, button', onClose);
  return createPortal(
    <div ref={ref} className="its-grid-popover" role="dialog" aria-label={label} style={pos} data-testid={testId}>
      {children}
    </div>,
    document.body,
  );
}

/** "Filter by this column": an operator of the column's type and the value(s). */
export function FilterEditor({
  col,
  header,
  ops,
  current,
  x,
  y,
  onApply,
  onClose,
}: {
  col: GridColumn;
  header: string;
  ops: FilterOp[];
  current: ColumnFilter | undefined;
  x: number;
  y: number;
  onApply: (f: ColumnFilter | null) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const labels = opLabels(col.type);
  const [op, setOp] = useState<FilterOp>(current?.op ?? ops[0] ?? 'in');
  const [text, setText] = useState(current?.values.join(op === 'in' ? ', ' : '') ?? '');
  const [problem, setProblem] = useState<{ problem: FilterProblem; value?: string } | null>(null);
  const listId = `its-grid-filter-${col.field}`;
  const apply = () => {
    const r = makeColumnFilter(col, op, text);
    if ('problem' in r) setProblem(r);
    else onApply(r.filter);
  };
  const error = problem ? (problem.problem === 'empty' ? intl.formatMessage(m.filterEmpty) : ruleText(intl, undefined, `type.${col.type}`, header, problem.value ?? '')) : null;
  const title = intl.formatMessage(m.filterTitle, { header });
  const n = filterValues(op, text).length;
  return (
    <Popover x={x} y={y} label={title} onClose={onClose} testId="grid-filter-editor">
      <form
        className="its-grid-filter"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <h3 className="its-grid-filter__title">{title}</h3>
        <label className="its-grid-filter__field">
          <span>{intl.formatMessage(m.filterOperator)}</span>
          <select value={op} onChange={(e) => setOp(e.target.value as FilterOp)} data-testid="grid-filter-op">
            {ops.map((o) => (
              <option key={o} value={o}>
                {intl.formatMessage(labels[o])}
              </option>
            ))}
          </select>
        </label>
        {op !== 'blank' && (
          <label className="its-grid-filter__field">
            <span>{intl.formatMessage(op === 'in' ? m.filterValues : m.filterValue)}</span>
            <input
              value={text}
              list={col.options?.length ? listId : undefined}
              onChange={(e) => {
                setText(e.target.value);
                setProblem(null);
              }}
              aria-invalid={!!error}
              aria-describedby={error ? `${listId}-error` : undefined}
              data-testid="grid-filter-value"
            />
            {col.options?.length ? (
              <datalist id={listId}>
                {col.options.map((o) => (
                  <option key={o} value={o} />
                ))}
              </datalist>
            ) : null}
            {op === 'in' && <small className="its-grid-filter__hint">{intl.formatMessage(m.filterValuesHint, { n })}</small>}
          </label>
        )}
        {error && (
          <p className="its-grid-filter__error" id={`${listId}-error`} role="alert">
            {error}
          </p>
        )}
        <div className="its-grid-filter__actions">
          {current && (
            <button type="button" className="its-btn its-btn--ghost" onClick={() => onApply(null)} data-testid="grid-filter-remove">
              {intl.formatMessage(m.filterRemove)}
            </button>
          )}
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(m.cancel)}
          </button>
          <button type="submit" className="its-btn its-btn--primary" data-testid="grid-filter-apply">
            {intl.formatMessage(m.filterApply)}
          </button>
        </div>
      </form>
    </Popover>
  );
}

/** The operators a column offers in this grid. */
export const opsOf = (ctrl: GridController, col: GridColumn) => columnOps(col, ctrl.filterMode());
