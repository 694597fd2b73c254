/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import type { IRowNode } from 'ag-grid-community';
import { buildGroups, groupKey, isGroupRow, orderGrouped, type GroupRow } from '../grouping';
import { isPlaceholder } from '../blocks/pagedRows';
import { serverGroupKey } from '../blocks/groupLayout';
import { isNew, type GridData } from '../state';
import type { GridController } from '../controller';

/** Group header rows over the loaded rows (or the server's groups of a view read by scrolling), folding and the grouped order. */
export class Grouping {
  /** Whether the groups are the server's (a view read by scrolling, grouped). */
  serverGrouped(this: GridController): boolean {
    return !!this.groupField && this.isPaged();
  }

  /** The user's choice of grouping (the page hears of it through `onGroupingChange`). */
  chooseGroupBy(this: GridController, field: string | null): void {
    if (field === this.groupField) return;
    this.setGroupBy(field);
    this.settings.onGroupingChange?.(field ? [field] : []);
  }

  setGroupBy(this: GridController, field: string | null): void {
    if (field === this.groupField) return;
    const wasPaged = this.isPaged();
    this.groupField = field;
    if (this.api && (wasPaged || this.isPaged())) {
      // Read by scrolling: grouped, the groups come from the server with the rows in their
      // order; or whole when the source cannot group: either way the view is read again.
      this.collapsed.clear();
      this.patchUi({ groupBy: field });
      void this.load();
      return;
    }
    this.collapsed.clear();
    this.patchUi({ groupBy: field });
    this.regroup();
    this.api?.onFilterChanged();
  }

  isCollapsed(this: GridController, key: string): boolean {
    return this.collapsed.has(key);
  }

  queueRegroup(this: GridController) {
    if (!this.groupField || this.regroupQueued) return;
    this.regroupQueued = true;
    requestAnimationFrame(() => {
      this.regroupQueued = false;
      this.regroup();
    });
  }

  /** Brings the group header rows in line with the data (counts, new and vanished groups). */
  regroup(this: GridController): void {
    const api = this.api;
    // Read by scrolling, the groups are the server's (set when the view came).
    if (!api || this.isPaged()) return;
    const field = this.groupField;
    const next = new Map<string, GroupRow>();
    if (field) {
      for (const g of buildGroups([...this.rows.values()].filter((r) => !isNew(r) && this.passesColumnFilters(r)), field)) next.set(g.id, g);
    }
    const add: GroupRow[] = [];
    const update: GroupRow[] = [];
    const remove: GroupRow[] = [];
    for (const [id, g] of next) {
      const old = this.groupRows.get(id);
      if (!old) add.push(g);
      else if (old.__group.count !== g.__group.count) update.push(g);
      else next.set(id, old);
    }
    for (const [id, g] of this.groupRows) if (!next.has(id)) remove.push(g);
    this.groupRows = next;
    if (add.length || update.length || remove.length) api.applyTransaction({ add, update, remove });
  }

  toggleGroup(this: GridController, key: string): void {
    if (this.collapsed.has(key)) this.collapsed.delete(key);
    else this.collapsed.add(key);
    this.refreshGroupHeaders();
  }

  expandAll(this: GridController): void {
    this.collapsed.clear();
    this.refreshGroupHeaders();
  }

  collapseAll(this: GridController): void {
    for (const g of this.groupRows.values()) this.collapsed.add(g.__group.key);
    this.refreshGroupHeaders();
  }

  refreshGroupHeaders(this: GridController) {
    const api = this.api;
    if (!api) return;
    // New objects make the full-width header rows render their chevron again.
    const update = [...this.groupRows.values()].map((g) => ({ ...g, __group: { ...g.__group } }));
    for (const g of update) this.groupRows.set(g.id, g);
    api.applyTransaction({ update });
    api.onFilterChanged();
    // Folding moves other rows into view without a scroll: read the blocks of those not read yet.
    if (this.isPaged()) this.onViewport(api.getFirstDisplayedRowIndex(), api.getLastDisplayedRowIndex());
  }

  /** ag-grid postSortRows: grouped order, rows being added first. */
  postSort(this: GridController, nodes: IRowNode<GridData>[]): void {
    if (this.isPaged()) {
      this.paged.order(nodes as IRowNode<unknown>[]);
      return;
    }
    if (this.groupField) {
      orderGrouped(nodes, { field: this.groupField, data: (n) => n.data, first: (n) => isNew(n.data) });
      return;
    }
    if (!nodes.some((n) => isNew(n.data))) return;
    const lead = nodes.filter((n) => isNew(n.data));
    const rest = nodes.filter((n) => !isNew(n.data));
    nodes.splice(0, nodes.length, ...lead, ...rest);
  }

  /** ag-grid isExternalFilterPresent: folded groups, or a filter over the loaded rows. */
  externalFilterPresent(this: GridController): boolean {
    return (!!this.groupField && this.collapsed.size > 0) || (this.filterMode() === 'client' && !!this.ui.get().where);
  }

  /** ag-grid doesExternalFilterPass: the row passes the filter and its group is open. */
  externalFilterPasses(this: GridController, node: IRowNode<GridData>): boolean {
    const d = node.data;
    if (!d || isGroupRow(d) || isNew(d)) return true;
    if (!this.passesColumnFilters(d)) return false;
    if (!this.groupField) return true;
    if (!this.serverGrouped()) return !this.collapsed.has(groupKey(d[this.groupField]));
    // A row not read yet carries its group's key; a row read has its value.
    const key = isPlaceholder(d) ? String((d as Record<string, unknown>).__groupKey) : serverGroupKey(d[this.groupField]);
    return !this.collapsed.has(key);
  }
}
