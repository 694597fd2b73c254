/** The kit's ag-grid column definitions of a schema, with the page's extras laid over (withColumnExtras). */
import { useMemo, type RefObject } from 'react';
import type { CellClassParams, ColDef } from 'ag-grid-community';
import { CellEditor, type AutocompleteFetch } from '../CellEditor';
import { ColumnHeader } from '../ColumnHeader';
import { opensColumnMenu } from '../columnMenu';
import type { GridController, GridData } from '../controller';
import { below } from '../floating';
import { isGroupRow } from '../grouping';
import type { GridColumn, GridSchema } from '../types';
import type { ColumnExtras } from '../props';
import { suppressGridKeys } from './keys';

export interface ColumnDefsOptions {
  schema: GridSchema;
  canEdit: boolean;
  autocomplete?: { fields: string[]; fetch: (field: string, text: string, signal: AbortSignal) => ReturnType<AutocompleteFetch> };
  columnExtras?: ColumnExtras;
  headerName?: (col: GridColumn) => string;
  /** The view is read by scrolling (sorted by the server). */
  paged: boolean;
  /** The user's language: headers are made again when it changes. */
  locale: string;
}

/** ag-grid comparator of a view the server sorted: every row equal, the order stays. */
const keepOrder = () => 0;

export function useColumnDefs(ctrl: GridController, wrapper: RefObject<HTMLDivElement | null>, o: ColumnDefsOptions): ColDef<GridData>[] {
  const { schema, canEdit, autocomplete: ac, columnExtras, headerName, paged, locale } = o;
  return useMemo<ColDef<GridData>[]>(() => {
    const extras = columnExtras ?? {};
    const headerOf = (col: GridColumn) => headerName?.(col) || col.headerName;
    // The column menu from the keyboard: under the focused header cell.
    const openColumnMenuAt = (field: string) => {
      const cell = wrapper.current?.querySelector(`.ag-header-cell[col-id="${CSS.escape(field)}"]`);
      const at = cell ? below(cell) : { x: 0, y: 0 };
      ctrl.openColumnMenu(field, at.x, at.y);
    };
    return schema.columns.map((col): ColDef<GridData> => withColumnExtras(kitColumn(col), extras[col.field]));
    function kitColumn(col: GridColumn): ColDef<GridData> {
      const numeric = col.type === 'integer' || col.type === 'number';
      return {
        colId: col.field,
        field: col.field as never,
        headerName: headerOf(col),
        headerTooltip: headerOf(col),
        // initial*: the user's widths and hidden columns (and a restored layout) outlive new column
        // definitions, which a page makes whenever its props change (its rights arriving, say).
        initialWidth: col.width ?? 120,
        minWidth: 60,
        initialHide: !!col.hide,
        sortable: col.sortable !== false,
        resizable: true,
        editable: (p) => canEdit && ctrl.canEditCell(p.data, col),
        cellEditor: CellEditor,
        cellEditorParams: {
          column: col,
          autocomplete: ac?.fields.includes(col.field) ? (text: string, signal: AbortSignal) => ac.fetch(col.field, text, signal) : undefined,
        },
        valueFormatter: (p) => ctrl.cellText(col, p.value),
        // A view read by scrolling is sorted by the server: ag-grid keeps its order (postSort).
        comparator: paged ? keepOrder : numeric ? undefined : (a, b) => String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' }),
        tooltipValueGetter: (p) => (p.data && !isGroupRow(p.data) ? ctrl.cellError(p.data.id, col.field) : undefined),
        cellClass: numeric ? 'its-grid-cell--num' : undefined,
        headerClass: canEdit && col.editable && col.editableWhen === 'always' ? 'its-grid-header--editable' : undefined,
        cellClassRules: {
          'its-grid-cell--range': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field),
          'its-grid-cell--range-top': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field, 'top'),
          'its-grid-cell--range-bottom': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field, 'bottom'),
          'its-grid-cell--range-left': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field, 'left'),
          'its-grid-cell--range-right': (p: CellClassParams<GridData>) => ctrl.rangeClass(p.data?.id, col.field, 'right'),
          'its-grid-cell--error': (p: CellClassParams<GridData>) => !!p.data && !isGroupRow(p.data) && !!ctrl.cellError(p.data.id, col.field),
          'its-grid-cell--readonly': (p: CellClassParams<GridData>) => canEdit && !ctrl.canEditCell(p.data, col),
        },
        headerComponent: ColumnHeader,
        headerComponentParams: { ctrl, locale },
        suppressHeaderKeyboardEvent: (p) => {
          const e = p.event;
          if (e.type !== 'keydown' || !opensColumnMenu(e)) return false;
          e.preventDefault();
          openColumnMenuAt(col.field);
          return true;
        },
        suppressKeyboardEvent: suppressGridKeys,
      };
    }
  }, [schema, canEdit, ac, columnExtras, headerName, ctrl, wrapper, paged, locale]);
}

/**
 * A kit column definition with the page's extras laid over (classes and class rules added). A
 * page's width, hidden flag and pin are starting values (ag-grid's initial*): ag-grid applies the
 * plain ones again on every new set of definitions, undoing what the user changed since.
 */
export function withColumnExtras(def: ColDef<GridData>, extra: Partial<ColDef> | undefined): ColDef<GridData> {
  if (!extra) return def;
  const { width, hide, pinned, ...rest } = extra;
  const out: ColDef<GridData> = { ...def, ...(rest as Partial<ColDef<GridData>>) };
  if (width !== undefined) out.initialWidth = width;
  if (hide !== undefined) out.initialHide = !!hide;
  if (pinned != null) out.initialPinned = pinned;
  if (def.cellClass && extra.cellClass) {
    const list = (c: unknown): string[] => (typeof c === 'string' ? [c] : Array.isArray(c) ? (c as string[]) : []);
    if (typeof def.cellClass === 'function' || typeof extra.cellClass === 'function') out.cellClass = extra.cellClass as ColDef<GridData>['cellClass'];
    else out.cellClass = [...list(def.cellClass), ...list(extra.cellClass)];
  }
  if (extra.cellClassRules) out.cellClassRules = { ...def.cellClassRules, ...(extra.cellClassRules as ColDef<GridData>['cellClassRules']) };
  return out;
}
