import { describe, expect, it, vi } from 'vitest';
import type { GridRow } from '../types';
import { loaded, memorySource, mount } from './testing';

// The first mount loads ag-grid and the kit's catalogs: slow on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe('export', () => {
  it('gives the Excel export the number formats the columns show', async () => {
    const mem = memorySource([{ id: 'a', version: 1, style: '100', status: 'Active', discountPercent: 12.5, netCost: 50, currency: '€' }]);
    const columnExtras = {
      netCost: { context: { exportFormat: (row: GridRow | undefined) => ({ kind: 'money' as const, symbol: String(row?.currency ?? '$'), decimals: 2 }) } },
      discountPercent: { context: { exportFormat: () => ({ kind: 'percent' as const, decimals: 2 }) } },
    };
    const { handle } = mount({ source: mem.source, columnExtras });
    await loaded(handle, 1);
    const body = handle().controller.exportRequest() as { columns: Array<{ field: string; format?: unknown }> };
    expect(body.columns.find((c) => c.field === 'netCost')?.format).toEqual({ kind: 'money', symbol: '€', decimals: 2 });
    expect(body.columns.find((c) => c.field === 'discountPercent')?.format).toEqual({ kind: 'percent', decimals: 2 });
    expect(body.columns.find((c) => c.field === 'style')).not.toHaveProperty('format');
  });
});
