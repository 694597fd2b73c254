/** The global error dialogs the API client opens (spec platform §8). */
import { createStore, type ApiError } from '@its/kit';

export type GlobalError =
  | { kind: 'server'; status: number; message: string; details: unknown; requestId?: string }
  | { kind: 'network' };

export const errorStore = createStore<GlobalError | null>(null);

export function showServerError(e: ApiError) {
  // A second failure while the dialog is open keeps the first one on screen.
  if (errorStore.get()) return;
  errorStore.set({ kind: 'server', status: e.status, message: e.message, details: e.details, requestId: e.requestId });
}

export function showNetworkError() {
  if (errorStore.get()?.kind === 'network') return;
  errorStore.set({ kind: 'network' });
}

export const closeGlobalError = () => errorStore.set(null);
