/** The saved views' calls (`/api/gridViews`) and the colleague search of the share picker. */
import { ApiError, api, searchesApi, type ShareSearch } from '@its/kit';
import type { GridLayout } from '../layout/layout';
import type { SavedView, ViewQuery } from './viewState';

export interface ViewSave {
  /** One's view to rename or share anew in place; without it the view is kept by its name. */
  id?: string;
  name: string;
  query: ViewQuery;
  layout: GridLayout;
  /** E-mails of the users to share it with; empty keeps it private. */
  sharedWith: string[];
}

export interface UserSuggestion {
  id: string;
  fullName: string;
  email: string;
}

export const viewsKey = (grid: string) => ['gridViews', grid] as const;

export const viewsApi = {
  list: (grid: string, signal?: AbortSignal) => api.get<SavedView[]>(`/gridViews/${encodeURIComponent(grid)}`, { signal, silent: true }),
  get: (id: string, signal?: AbortSignal) => api.get<SavedView>(`/gridViews/view/${encodeURIComponent(id)}`, { signal, silent: true }),
  save: (grid: string, v: ViewSave) => api.post<SavedView>(`/gridViews/${encodeURIComponent(grid)}`, v, { silent: true }),
  remove: (id: string) => api.delete<unknown>(`/gridViews/view/${encodeURIComponent(id)}`, { silent: true }),
  share: (s: ShareSearch) => searchesApi.share(s),
  /** Users to share with (silent: a user without the colleague search types e-mails instead). */
  users: (text: string, signal: AbortSignal) =>
    api.get<UserSuggestion[]>('/users/autocomplete', { signal, silent: true, query: { text }, kind: 'grid-views-users' }).catch(() => [] as UserSuggestion[]),
};

/** The message of a failed call: the server's words when it gave them. */
export function failure(e: unknown, fallback: string): string {
  if (e instanceof ApiError) {
    const fields = Array.isArray(e.details) ? (e.details as Array<{ message?: string }>).map((d) => d.message).filter(Boolean) : [];
    if (fields.length > 1) return fields.join(' ');
    if (e.message) return e.message;
  }
  return fallback;
}
