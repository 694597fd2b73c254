/** A feature of the grid controller (controller.ts composes them); its methods run with the controller as `this`. */
import { toast } from '@its/kit';
import { isGroupRow } from '../grouping';
import { m } from '../messages';
import { downloadExport, type ExportFormat } from '../export';
import type { ColumnContext, GridRow } from '../types';
import { isPlaceholder } from '../blocks/pagedRows';
import type { GridController } from '../controller';

/** The Excel and csv exports of the grid as shown. */
export class Export {
  /** Exports the grid as shown to Excel on the server and downloads the file. */
  exportXlsx(this: GridController): Promise<void> {
    return this.exportAs('xlsx');
  }

  /** Exports the grid as shown to a csv file on the server and downloads it. */
  exportCsv(this: GridController): Promise<void> {
    return this.exportAs('csv');
  }

  async exportAs(this: GridController, format: ExportFormat): Promise<void> {
    const path = format === 'csv' ? this.settings.endpoints.exportCsv : this.settings.endpoints.export;
    if (!path || this.ui.get().exporting) return;
    this.patchUi({ exporting: format });
    try {
      this.history.flush();
      await this.writer.flush();
      const name = this.settings.exportFileName;
      await downloadExport(path, this.exportRequest(), `${name ?? 'export'}.${format}`);
    } catch (e) {
      console.error('Export failed', e);
      toast.error(this.intl.formatMessage(format === 'csv' ? m.exportCsvFailed : m.exportFailed), { key: 'grid-export' });
    } finally {
      this.patchUi({ exporting: false });
    }
  }

  /** A data row of the grid (not a group header or a placeholder), for row-dependent formats. */
  sampleRow(this: GridController): GridRow | undefined {
    const api = this.api;
    const n = api?.getDisplayedRowCount() ?? 0;
    for (let i = 0; i < Math.min(n, 50); i++) {
      const d = api?.getDisplayedRowAtIndex(i)?.data;
      if (d && !isGroupRow(d) && !isPlaceholder(d)) return d as GridRow;
    }
    return undefined;
  }

  /** The request body of the Excel export: the grid as the user sees it. */
  exportRequest(this: GridController): Record<string, unknown> {
    const api = this.api;
    const sample = this.sampleRow();
    const columns = this.columns.map((c) => {
      const col = this.column(c.getColId());
      const format = (c.getColDef().context as ColumnContext | undefined)?.exportFormat?.(sample);
      return { field: c.getColId(), headerName: col ? this.header(col) : c.getColId(), ...(format ? { format } : {}) };
    });
    const sort = (api?.getColumnState() ?? [])
      .filter((s) => s.sort)
      .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
      .map((s) => ({ field: s.colId, dir: s.sort as 'asc' | 'desc' }));
    const filters = Object.fromEntries(Object.entries(this.queryFilters()).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    const where = this.wireWhere();
    const body: Record<string, unknown> = { columns, filters, ...(where ? { where } : {}) };
    if (sort.length) body.sort = sort;
    if (this.groupField) body.groupBy = [this.groupField];
    if (this.settings.exportFileName) body.fileName = this.settings.exportFileName;
    return this.settings.exportRequest ? this.settings.exportRequest(body, where) : body;
  }
}
