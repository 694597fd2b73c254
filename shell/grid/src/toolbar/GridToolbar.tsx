/**
 * The grid's toolbar: the page's buttons at the start (often EditActions), then the save state,
 * the filter builder, the column chooser, the saved views, undo and redo, grouping and export.
 */
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '@its/kit';
import type { GridController, GridUi } from '../controller';
import type { DataGridHandle, DataGridProps, GroupOption } from '../props';
import { FilterBuilder } from '../filter/FilterBuilder';
import { ColumnChooser } from '../layout/ColumnChooser';
import { ViewsMenu } from '../views/ViewsMenu';
import { VIEW_GRIDS } from '../views/viewState';
import { GridIcon } from '../icons';
import { m } from '../messages';

function SaveIndicator({ state }: { state: string }) {
  const intl = useIntl();
  if (state === 'idle') return null;
  const busy = state === 'saving' || state === 'pending';
  return (
    <span className={`its-grid-save its-grid-save--${busy ? 'busy' : state}`} data-testid="grid-save-state" data-state={state} role="status">
      {busy ? <Spinner size={14} /> : <GridIcon name={state === 'error' ? 'warning' : 'checkCircle'} size={16} />}
      {intl.formatMessage(busy ? m.saving : state === 'error' ? m.saveError : m.saved)}
    </span>
  );
}

export interface GridToolbarProps {
  ctrl: GridController;
  ui: GridUi;
  handle: DataGridHandle;
  /** The page's buttons (a function gets the grid's state). */
  start?: ReactNode | ((ui: GridUi, grid: DataGridHandle) => ReactNode);
  canEdit?: boolean;
  layoutKey?: string;
  viewFilters?: DataGridProps['viewFilters'];
  onSortChange?: DataGridProps['onSortChange'];
  groupOptions: GroupOption[];
  endpoints?: DataGridProps['endpoints'];
}

export function GridToolbar({ ctrl, ui, handle, start, canEdit, layoutKey, viewFilters, onSortChange, groupOptions, endpoints }: GridToolbarProps) {
  const intl = useIntl();
  return (
    <div className="its-grid__toolbar">
      <div className="its-grid__toolbar-start">{typeof start === 'function' ? start(ui, handle) : start}</div>
      <div className="its-grid__toolbar-end">
        <SaveIndicator state={ui.saveState} />
        <FilterBuilder ctrl={ctrl} />
        {layoutKey && <ColumnChooser ctrl={ctrl} layoutKey={layoutKey} />}
        {layoutKey && VIEW_GRIDS.has(layoutKey) && (
          <ViewsMenu ctrl={ctrl} grid={layoutKey} onSortChange={onSortChange} viewFilters={viewFilters} canGroup={(f) => groupOptions.some((g) => g.field === f)} />
        )}
        {canEdit && (
          <span className="its-grid__btn-group">
            <button type="button" className="its-grid-btn" onClick={() => ctrl.undo()} disabled={!ui.canUndo} title={`${intl.formatMessage(m.undo)} (Ctrl+Z)`} aria-label={intl.formatMessage(m.undo)} data-testid="grid-undo">
              <GridIcon name="undo" />
            </button>
            <button type="button" className="its-grid-btn" onClick={() => ctrl.redo()} disabled={!ui.canRedo} title={`${intl.formatMessage(m.redo)} (Ctrl+Y)`} aria-label={intl.formatMessage(m.redo)} data-testid="grid-redo">
              <GridIcon name="redo" />
            </button>
          </span>
        )}
        {groupOptions.length > 0 && (
          <label className="its-grid-groupby">
            <GridIcon name="group" size={16} />
            <span className="its-grid-groupby__label">{intl.formatMessage(m.groupBy)}</span>
            <select value={ui.groupBy ?? ''} onChange={(e) => ctrl.chooseGroupBy(e.target.value || null)} data-testid="grid-group-by">
              <option value="">{intl.formatMessage(m.groupNone)}</option>
              {groupOptions.map((g) => (
                <option key={g.field} value={g.field}>
                  {g.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {ui.groupBy && (
          <span className="its-grid__btn-group">
            <button type="button" className="its-grid-btn" onClick={() => ctrl.expandAll()} title={intl.formatMessage(m.expandAll)} aria-label={intl.formatMessage(m.expandAll)} data-testid="grid-expand-all">
              <GridIcon name="expand" />
            </button>
            <button type="button" className="its-grid-btn" onClick={() => ctrl.collapseAll()} title={intl.formatMessage(m.contractAll)} aria-label={intl.formatMessage(m.contractAll)} data-testid="grid-contract-all">
              <GridIcon name="collapse" />
            </button>
          </span>
        )}
        {endpoints?.export && (
          <button type="button" className="its-btn its-btn--secondary its-grid-export" onClick={() => void ctrl.exportXlsx()} disabled={!!ui.exporting} data-testid="grid-export">
            {ui.exporting === 'xlsx' ? <Spinner size={14} /> : <GridIcon name="excel" />}
            {intl.formatMessage(ui.exporting === 'xlsx' ? m.exporting : m.exportExcel)}
          </button>
        )}
        {endpoints?.exportCsv && (
          <button type="button" className="its-btn its-btn--secondary its-grid-export" onClick={() => void ctrl.exportCsv()} disabled={!!ui.exporting} data-testid="grid-export-csv">
            {ui.exporting === 'csv' ? <Spinner size={14} /> : <GridIcon name="excel" />}
            {intl.formatMessage(ui.exporting === 'csv' ? m.exportingCsv : m.exportCsv)}
          </button>
        )}
      </div>
    </div>
  );
}
