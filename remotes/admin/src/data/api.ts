/** The reference data grids' calls (grid protocol under /api/admin/data/<set>) and permissions. */
import { actions, api, authzCheck, liveTopics, type AuthzCheck } from '@its/kit';
import type { GridEndpoints, GridSchema } from '@its/grid';

/** The reference data sets, in the order of the admin navigation. */
export const DATA_SETS = ['customers', 'territories', 'divisionGroups', 'locations', 'currencies'] as const;
export type DataSet = (typeof DATA_SETS)[number];

/** Each set's permission, in DATA_SETS order (the server's route actions). */
export const dataSetChecks: AuthzCheck[] = [
  authzCheck(actions.adminCustomers),
  authzCheck(actions.adminTerritories),
  authzCheck(actions.adminDivisionGroups),
  authzCheck(actions.adminLocations),
  authzCheck(actions.adminCurrencies),
];

/** The set a page path names (/admin/data/<set>); customers when it names none. */
export function dataSetOf(pathname: string): DataSet {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (DATA_SETS as readonly string[]).includes(last) ? (last as DataSet) : 'customers';
}

export const dataEndpoints = (set: DataSet): GridEndpoints => ({
  stream: `/admin/data/${set}/stream`,
  batch: `/admin/data/${set}/batch`,
  export: `/admin/data/${set}/export/xlsx`,
  exportCsv: `/admin/data/${set}/export/csv`,
  summary: `/admin/data/${set}/summary`,
});

/** A set's live topic (its rows changed by anyone, on any server): the customers' is the orders module's. */
export const dataTopic = (set: DataSet): string => (set === 'customers' ? liveTopics.orders.customers : liveTopics.admin.refdata(set));

export const fetchDataSchema = (set: DataSet, signal?: AbortSignal) => api.get<GridSchema>(`/admin/data/${set}/schema`, { signal });
