/** The sample inventory's server calls (docs/grid.md §8). */
import { api } from '@its/kit';
import type { CellValue, GridEndpoints, GridRow, GridSchema } from '@its/grid';

export type Library = 'Production' | 'Sales';

export const LIBRARIES: Library[] = ['Production', 'Sales'];

export const PATHS: Record<Library, string> = {
  Production: '/product/libraries/samples/production',
  Sales: '/product/libraries/samples/sales',
};

/** Spec platform §9: sample inventory update 1500 ms, delete 200 ms. */
export const UPDATE_DEBOUNCE_MS = 1500;
export const DELETE_DEBOUNCE_MS = 200;

export interface SampleSchema extends GridSchema {
  library: Library;
  manageType: string;
  identityFields: string[];
  requiredFields: string[];
  trackingActions: string[];
}

export const endpoints = (library: Library): GridEndpoints => ({
  stream: `/sampleInventory/${library}/stream`,
  query: `/sampleInventory/${library}/query`,
  batch: `/sampleInventory/${library}/batch/many`,
  export: `/sampleInventory/export/xlsx/${library}`,
  exportCsv: `/sampleInventory/export/csv/${library}`,
  summary: `/sampleInventory/${library}/summary`,
  groups: `/sampleInventory/${library}/groups`,
});

export const fetchSchema = (library: Library, signal?: AbortSignal) => api.get<SampleSchema>(`/sampleInventory/${library}/schema`, { signal });

export function autocomplete(library: Library, field: string, text: string, signal: AbortSignal): Promise<string[]> {
  return api.get<string[]>(`/sampleInventory/autocomplete/${library}/${encodeURIComponent(field)}/${encodeURIComponent(text)}`, { signal, silent: true, kind: `si-autocomplete-${field}` });
}

export interface ValidateRow {
  index: number;
  ignored: boolean;
  values: Record<string, unknown>;
  errors: Array<{ field: string; errorType: string; message: string }>;
}

export interface ValidateResult {
  valid: boolean;
  errorCount: number;
  strippedFields: string[];
  rows: ValidateRow[];
}

export const validateRows = (library: Library, rows: Array<Record<string, CellValue>>) =>
  api.post<ValidateResult>(`/sampleInventory/validate/${library}`, { rows }, { silent: true });

export interface TrackingEntry {
  id: number;
  sampleId: string;
  library: Library;
  action: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
  note?: string;
  user?: { id: string; name: string; userCode?: string };
  at: string;
}

export const fetchTracking = (library: Library, id: string, signal?: AbortSignal) =>
  api.get<TrackingEntry[]>(`/sampleInventoryTracking/${library}/${encodeURIComponent(id)}`, { signal, silent: true });

export const addTracking = (library: Library, body: { ids: string[]; action: string; note?: string }) =>
  api.post<{ count: number }>(`/sampleInventoryTracking/${library}`, body, { silent: true });

export interface TransferSample {
  id: string;
  version: number;
  quantity?: number;
  region: string;
  aisle: string;
  direction: string;
  level: string;
  shelf?: string;
  newBin?: string;
}

export interface TransferResult {
  transfers: Array<{ id: string; salesId: string; quantity: number; mode: 'moved' | 'split' | 'merged' }>;
  production: GridRow[];
  sales: GridRow[];
}

export const transferToSales = (samples: TransferSample[]) => api.patch<TransferResult>('/sampleInventory/Sales/transfer', { samples }, { silent: true });
