/**
 * Local preferences: one browser storage entry holding a JSON object (the language choice,
 * dismissed banners, ...). Setting needs both a path and a value (spec platform §5).
 */
import { createStore, useStore } from './store';

export const PREFERENCES_KEY = 'its.preferences';

export type Preferences = Record<string, unknown>;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function load(): Preferences {
  try {
    const raw = storage()?.getItem(PREFERENCES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Preferences) : {};
  } catch {
    return {};
  }
}

const store = createStore<Preferences>(load());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === PREFERENCES_KEY) store.set(load());
  });
}

export function getPreference<T = unknown>(path: string): T | undefined {
  let cur: unknown = store.get();
  for (const part of path.split('.')) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur as T | undefined;
}

/** Stores `value` under the dotted `path`. Answers false (and stores nothing) without both. */
export function setPreference(path: string, value: unknown): boolean {
  if (!path || value === undefined || value === null) return false;
  const parts = path.split('.');
  const next: Preferences = structuredClone(store.get());
  let cur: Record<string, unknown> = next;
  for (const part of parts.slice(0, -1)) {
    const child = cur[part];
    if (!child || typeof child !== 'object' || Array.isArray(child)) cur[part] = {};
    cur = cur[part] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]!] = value;
  try {
    storage()?.setItem(PREFERENCES_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: keep the choice for this page only.
  }
  store.set(next);
  return true;
}

/** Re-reads the storage entry (tests, or after another tab changed it). */
export function reloadPreferences(): void {
  store.set(load());
}

export function usePreference<T = unknown>(path: string): T | undefined {
  useStore(store);
  return getPreference<T>(path);
}
