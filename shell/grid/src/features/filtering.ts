/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import type { ColumnFilter, FilterMode } from '../columnFilter';
import { wherePredicate } from '../filter/evaluate';
import { isFilterOp, normalizeWhere, setFieldCondition, toWire, topConditions, type WhereCondition, type WhereNode } from '../filter/where';
import type { Filters, GridRow } from '../types';
import { isNew } from '../state';
import type { GridController } from '../controller';

/** The filter (builder tree and column menu conditions): on the server or over the loaded rows, and the header popups that edit it. */
export class Filtering {
  /** Where the column menu's conditions apply: the server for protocol grids and server-filtering sources. */
  filterMode(this: GridController): FilterMode {
    const source = this.settings.source;
    if (!source) return 'server';
    return source.columnFilters ?? 'client';
  }

  passesColumnFilters(this: GridController, row: GridRow): boolean {
    if (this.filterMode() !== 'client' || !this.ui.get().where) return true;
    this.wherePasses ??= wherePredicate(this.ui.get().where, this.settings.schema.columns);
    return this.wherePasses(row);
  }

  /** Rows the grid shows (rows being added always show). */
  shownCount(this: GridController): number {
    if (this.isPaged()) return this.paged.slots + this.countNew();
    if (this.filterMode() !== 'client' || !this.ui.get().where) return this.rows.size;
    let n = 0;
    for (const r of this.rows.values()) if (isNew(r) || this.passesColumnFilters(r)) n++;
    return n;
  }

  /** The filter as the server takes it (the spec's ampersand rule applied), null when none. */
  wireWhere(this: GridController): WhereNode | null {
    return toWire(this.ui.get().where, this.settings.schema.columns);
  }

  /** The page's filters (the filter tree travels beside them as `where`). */
  queryFilters(this: GridController): Filters {
    return this.settings.filters;
  }

  /** "Filter by this column": the column's condition at the top of the tree (null removes it). */
  setColumnCondition(this: GridController, field: string, cond: WhereCondition | null): void {
    this.setWhere(setFieldCondition(this.ui.get().where, field, cond));
  }

  /** Sets the filter (builder and column menu): reloads on the server, or filters the loaded rows. */
  setWhere(this: GridController, tree: WhereNode | null): void {
    const where = normalizeWhere(tree);
    const columnFilters = topConditions(where).filter((c): c is ColumnFilter => isFilterOp(c.op));
    this.wherePasses = null;
    this.patchUi({ where, columnFilters, filterEditor: null, filterBuilder: null });
    if (this.filterMode() === 'server') {
      void this.load();
      return;
    }
    this.regroup();
    this.api?.onFilterChanged();
    this.patchUi({ rowCount: this.shownCount() });
  }

  /** Opens (or, given null, closes) the filter builder's panel. */
  openFilterBuilder(this: GridController, at: { x: number; y: number } | null): void {
    this.patchUi({ filterBuilder: at, columnMenu: null, filterEditor: null, menu: null });
  }

  openColumnMenu(this: GridController, field: string, x: number, y: number): void {
    this.patchUi({ columnMenu: { field, x, y }, filterEditor: null, menu: null });
  }

  openFilterEditor(this: GridController, field: string, x: number, y: number): void {
    this.patchUi({ filterEditor: { field, x, y }, columnMenu: null, menu: null });
  }

  closeHeaderPopups(this: GridController): void {
    this.patchUi({ columnMenu: null, filterEditor: null });
  }
}
