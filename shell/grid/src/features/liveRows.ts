/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import { isNew } from '../state';
import type { GridRow } from '../types';
import type { GridController } from '../controller';
import { sameValue } from '../rules';
import type { RowCompare } from '../blocks/rowOrder';

/** How a live event's rows came. */
export interface LiveOrigin {
  /** Told in the stream's catch-up of a first opening: it may predate the grid's own read. */
  catchUp?: boolean;
  /**
   * The ids the event named as added. A row not shown that is not among them changed: read by
   * scrolling, it may stand in a block not read yet.
   */
  added?: string[];
}

/** Rows others changed, told by a live stream and read again through the grid's own query. */
export class LiveRows {
  /**
   * Shows rows read again after a live event and takes out the deleted ones: a changed row is
   * updated in place with its changed cells flashed, a new one added. A row with the user's own
   * queued edits keeps them and its version (their save then meets the conflict, userLock); a
   * row whose version is not newer than the one confirmed (the user's own save) is left as is.
   * A new row is added where the grid's sort puts it, unless the user is scrolled into the grid
   * (it could move their view): then it waits behind the "n new rows" bar (showHeldRows).
   * Rows in `left` (told of but no longer in the view: their change took them out of the
   * page's filters, or the user may no longer read them) are taken out too, but for those with
   * the user's unsaved edits. Read by scrolling, a row not shown may sit in a block not read yet
   * (its block then finds it shown, PagedRows). When the source tells the server's order
   * (GridSource.order), a row not shown goes where the server's order puts it (addLiveRows); one
   * that changed, or told in a first catch-up (the grid's own read, just before, holds it if it
   * is in the view), whose place lies in a part not read yet is left to the block read there.
   * Otherwise none told in a first catch-up is added. Grouped on the server, a row that goes in a
   * collapsed group or below the rows in view does not wait behind the bar: its group's header
   * counts it at once (PagedRows.outOfView). Read by scrolling, rows deleted (or gone
   * from the view) that were not read are placed by asking the server (PagedRows.settle): the
   * view is shorter where they stood. Answers the ids of the rows shown changed or added.
   */
  applyLiveRows(this: GridController, rows: GridRow[], deleted: string[], left: string[] = [], origin: LiveOrigin = {}): string[] {
    this.history.flush(); // edits still gathered go to the queue, so they count as unsaved
    const api = this.api;
    const update: GridRow[] = [];
    const add: GridRow[] = [];
    const flash: Array<{ id: string; fields: string[] }> = [];
    const fieldsOf = this.settings.schema.columns.map((c) => c.field);
    const deletedIds = new Set(deleted);
    const hold = (api?.getFirstDisplayedRowIndex() ?? 0) > 0;
    const mayAdd = !origin.catchUp || !this.isPaged();
    const order = this.liveOrder();
    const added = new Set(origin.added);
    for (const r of rows) {
      const shown = this.rows.get(r.id);
      if (!shown) {
        if (deletedIds.has(r.id)) continue;
        if (order) {
          const seat = this.paged.seat(r, order);
          // Grouped on the server, an added row with a value no group of the view has makes its group (addLiveRows).
          const newGroup = !seat && !origin.catchUp && added.has(r.id) && this.paged.lacksGroup(r) && !!this.liveGroupOrder();
          if (!newGroup && (!seat || (!seat.known && (origin.catchUp || !added.has(r.id))))) continue;
          // Grouped on the server, one that goes in a collapsed group or below the rows in view
          // moves none of them: it need not wait, and its group's header counts it at once.
          if (seat && hold && !this.liveHeld.has(r.id) && api && this.paged.outOfView(seat, api.getLastDisplayedRowIndex(), (key) => this.isCollapsed(key))) {
            add.push(r);
            continue;
          }
        } else if (!mayAdd) continue;
        if (hold || this.liveHeld.has(r.id)) this.liveHeld.set(r.id, r);
        else add.push(r);
        continue;
      }
      if (isNew(shown)) continue;
      const base = this.writer.confirmedRow(r.id);
      if (base && base.version >= r.version) continue;
      if (Object.keys(this.writer.pendingChanges(r.id)).length > 0) continue;
      const fields = fieldsOf.filter((f) => !sameValue(shown[f], r[f]));
      this.writer.track([r]);
      update.push(r);
      if (fields.length) flash.push({ id: r.id, fields });
    }
    if (update.length) this.applyRows(update);
    const shownAdded = this.addLiveRows(add);
    // Read by scrolling, rows gone that were not read may have stood in a block not read yet.
    const unseen = [...deleted, ...left.filter((id) => !deletedIds.has(id))].filter((id) => !this.rows.has(id) && !this.liveHeld.has(id) && !this.paged.wasDropped(id));
    if (unseen.length && this.isPaged()) void this.paged.settle(unseen.length);
    for (const id of [...deleted, ...left]) this.liveHeld.delete(id);
    this.patchUi({ liveHeld: this.liveHeld.size });
    const leaving = left.filter((id) => !deletedIds.has(id) && Object.keys(this.writer.pendingChanges(id)).length === 0);
    const gone = [...deleted, ...leaving].filter((id) => this.rows.has(id));
    if (gone.length) {
      this.dropRows(gone);
      // Read by scrolling, dropping them shortened the view and its total (PagedRows.drop).
      if (!this.isPaged()) this.patchUi({ total: Math.max(0, this.ui.get().total - gone.length) });
    }
    if (api) {
      for (const f of flash) {
        const node = api.getRowNode(f.id);
        if (node) api.flashCells({ rowNodes: [node], columns: f.fields });
      }
      this.flashRows(shownAdded);
    }
    return [...update, ...shownAdded].map((r) => r.id);
  }

  /** Shows the rows held behind the "n new rows" bar, brings the first into view and flashes them. */
  showHeldRows(this: GridController): void {
    const waiting = [...this.liveHeld.values()];
    this.liveHeld.clear();
    this.patchUi({ liveHeld: 0 });
    const held = this.addLiveRows(waiting);
    const first = held.map((r) => this.api?.getRowNode(r.id)).find((n) => n && n.rowIndex !== null);
    if (first) this.api?.ensureNodeVisible(first, 'middle');
    this.flashRows(held);
  }

  /**
   * The server's order of a view read by scrolling whose source tells it (GridSource.order: the
   * user's sort, else the source's own, with the server's ties); null when it is not known on the
   * client (no order, or one the source cannot reproduce for this sort). Grouped on the server,
   * the order within a group: the rows come sorted by the group column first, then by the rest of
   * the sort (PagedRows.seat places a row in its group).
   */
  liveOrder(this: GridController): RowCompare | null {
    const source = this.settings.source;
    if (!source?.order || !this.isPaged()) return null;
    const group = this.groupField;
    return source.order(group ? this.currentSort().filter((s) => s.field !== group) : this.currentSort(), this.settings.schema.columns);
  }

  /**
   * Grouped on the server, the order of its groups: the rows' order by the group column as the
   * source's server sorts it (GridSource.order); null when not grouped so or not known.
   */
  liveGroupOrder(this: GridController): RowCompare | null {
    const source = this.settings.source;
    const group = this.groupField;
    if (!source?.order || !group || !this.serverGrouped()) return null;
    return source.order([{ field: group, dir: 'asc' }], this.settings.schema.columns);
  }

  /**
   * Adds rows others saved and answers those shown: the grid's sort places them. Read by
   * scrolling, the server's order does (liveOrder): between the rows read around its place, or,
   * in a part not read yet, as a row more of the view that the block read there brings; when
   * that order is not known, at the top. Grouped on the server, a row whose value no group of the
   * view has makes its group where the groups' order puts it (PagedRows.makeGroup). A grid that loads every row puts it where the source's
   * own order does when the user sorted nothing (loadedOrder), else where ag-grid's sort does.
   */
  addLiveRows(this: GridController, add: GridRow[]): GridRow[] {
    if (!add.length) return [];
    const order = this.liveOrder();
    if (order) {
      const shown: GridRow[] = [];
      let placed = 0;
      const groupOrder = this.liveGroupOrder();
      for (const r of add) {
        // A value no group of the view has: its group first (its header shown, counting the row).
        if (groupOrder) this.paged.makeGroup(r, groupOrder);
        const seat = this.paged.seat(r, order);
        if (!seat) continue;
        if (seat.known) {
          this.writer.track([r]);
          this.rows.set(r.id, r);
          shown.push(r);
        }
        this.paged.place(r, seat);
        placed++;
      }
      if (placed) this.patchUi({ total: this.ui.get().total + placed, loaded: this.rows.size, rowCount: this.shownCount() });
      return shown;
    }
    this.writer.track(add);
    for (const r of add) this.rows.set(r.id, r);
    // Read by scrolling, the view is a row longer for each (its count is the view's length).
    if (this.isPaged()) this.paged.insert(add.map((r) => r.id));
    const loadedOrder = this.loadedOrder();
    if (loadedOrder) for (const r of add) this.api?.applyTransaction({ add: [r], addIndex: this.indexIn(r, loadedOrder) });
    else this.api?.applyTransaction({ add });
    this.patchUi({ total: this.ui.get().total + add.length, loaded: this.rows.size, rowCount: this.shownCount() });
    this.queueRegroup();
    return add;
  }

  /**
   * The server's order of a grid that loads every row when the user sorted nothing and it is not
   * grouped (the source's own order, GridSource.order): ag-grid keeps the rows in the order they
   * came, and would put a row added without an index last. Null otherwise: a sort by the user is
   * ag-grid's, which places an added row itself.
   */
  loadedOrder(this: GridController): RowCompare | null {
    const source = this.settings.source;
    if (!source?.order || this.isPaged() || this.groupField || this.currentSort().length) return null;
    return source.order([], this.settings.schema.columns);
  }

  /** The index in the grid's rows (ag-grid's addIndex) before the first row that comes after `row`; undefined: last. */
  indexIn(this: GridController, row: GridRow, order: RowCompare): number | undefined {
    let index: number | undefined;
    let i = 0;
    this.api?.forEachNode((n) => {
      const d = n.data as GridRow | undefined;
      if (index === undefined && d && !isNew(d) && this.rows.has(d.id) && order(d, row) > 0) index = i;
      i++;
    });
    return index;
  }

  flashRows(this: GridController, rows: GridRow[]): void {
    for (const r of rows) {
      const node = this.api?.getRowNode(r.id);
      if (node) this.api?.flashCells({ rowNodes: [node] });
    }
  }
}
