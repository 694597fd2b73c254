/**
 * The policy API as the policy pages read it (modules/admin/policies.go, preview.go): the live
 * version and its history, drafts checked and previewed before they are saved, and the simulator.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@its/kit';

/** A policy set: grants.json and the .rego files (tests included) by path. */
export type Files = Record<string, string>;

export interface PolicyVersion {
  version: number;
  createdAt: string;
  authorId: string | null;
  authorName: string;
  kind: 'shipped' | 'edit' | 'rollback';
  rollbackOf: number | null;
  comment: string;
  live: boolean;
  changed: string[] | null;
  files?: Files;
}

export interface CatalogAction {
  id: string;
  description?: string;
  resource?: string[];
}

export interface Catalog {
  modules: { id: string; title: string; actions: CatalogAction[] }[];
  permissions: string[];
  roles: string[];
  narrow: string[];
  departments: string[];
  flags: string[];
}

export interface Person {
  id: string;
  email: string;
  name: string;
}

export interface RoleName {
  domain: string;
  role: string;
}

export interface Change {
  action: string;
  gained: Person[];
  lost: Person[];
  rolesGained: RoleName[];
  rolesLost: RoleName[];
}

export interface CompileError {
  file?: string;
  row?: number;
  col?: number;
  message: string;
}

export interface TestResult {
  name: string;
  file: string;
  row: number;
  passed: boolean;
  message?: string;
}

/** The server's check of a set: it goes live only when ok. */
export interface Report {
  ok: boolean;
  errors: CompileError[];
  tests: TestResult[];
  failed: string[];
}

export interface RuleTrace {
  file: string;
  row: number;
  source: string;
  matched: boolean;
  failedAt?: string;
  failRow?: number;
}

/** One second question a route asks after its own action (its guard stops at the first refusal). */
export interface SecondCheck {
  action: string;
  resource?: Record<string, unknown> | null;
  allowed: boolean;
  matched: RuleTrace[];
  failed: RuleTrace[];
  tookMicros: number;
  timedOut?: boolean;
}

export interface Decision {
  action: string;
  /** The whole request's answer: the action's and, for a route, every second check's. */
  allowed: boolean;
  matched: RuleTrace[];
  failed: RuleTrace[];
  route?: { module: string; method: string; path: string };
  /** A route's second questions, in the guard's order, as far as it got. */
  also?: SecondCheck[];
  /** How long the decision took, as a request's would, in microseconds. */
  tookMicros: number;
  /** It ran past the deadline: a request would be refused. */
  timedOut?: boolean;
}

export interface RouteDecision {
  module: string;
  method: string;
  path: string;
  action: string;
  allowed: boolean;
}

/** A simulated subject: an account, a made-up identity, or nobody (anonymous). */
export interface SimSubject {
  userId?: string;
  identity?: {
    permissions: { domain: string; role: string; channel: string; region: string; productType: string }[];
    flags: string[];
    departmentAccess: string[];
    userTBEs: { territory: string; businessEntity: string; locations: { key: string }[] }[];
  };
}

export const policyKeys = {
  all: ['admin', 'policies'] as const,
  catalog: ['admin', 'policies', 'catalog'] as const,
  live: ['admin', 'policies', 'live'] as const,
  versions: ['admin', 'policies', 'versions'] as const,
  diff: (v: number, against: number) => ['admin', 'policies', 'diff', v, against] as const,
};

export function useCatalog() {
  return useQuery({ queryKey: policyKeys.catalog, queryFn: ({ signal }) => api.get<Catalog>('/admin/policies/catalog', { signal }), staleTime: Infinity });
}

/** The live version with its files. */
export function useLiveVersion() {
  return useQuery({ queryKey: policyKeys.live, queryFn: ({ signal }) => api.get<PolicyVersion>('/admin/policies/versions/live', { signal }) });
}

export function useVersions() {
  return useQuery({ queryKey: policyKeys.versions, queryFn: ({ signal }) => api.get<PolicyVersion[]>('/admin/policies/versions', { signal }) });
}

export function useDiff(version: number | null, against: number) {
  return useQuery({
    queryKey: policyKeys.diff(version ?? 0, against),
    enabled: version !== null,
    queryFn: ({ signal }) =>
      api.get<{ version: number; against: number; diff: string }>(`/admin/policies/versions/${version}/diff`, {
        query: against > 0 ? { against: String(against) } : undefined,
        signal,
      }),
  });
}

/** After a new version: the versions, the live set and the caller's own decisions are read again. */
function useVersionSaved() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: policyKeys.all });
    void client.invalidateQueries({ queryKey: ['authz'] });
  };
}

export function useSaveVersion() {
  const saved = useVersionSaved();
  return useMutation({
    mutationFn: (b: { base: number; comment: string; files: Files }) => api.post<PolicyVersion>('/admin/policies/versions', b),
    onSuccess: saved,
  });
}

export function useRollback() {
  const saved = useVersionSaved();
  return useMutation({
    mutationFn: ({ version, comment }: { version: number; comment: string }) => api.post<PolicyVersion>(`/admin/policies/versions/${version}/rollback`, { comment }),
    onSuccess: saved,
  });
}

export const validateFiles = (files: Files) => api.post<Report>('/admin/policies/validate', { files });
export const previewFiles = (files: Files) => api.post<{ changes: Change[] }>('/admin/policies/preview', { files });
export const formatSource = (path: string, source: string) => api.post<{ source: string }>('/admin/policies/format', { path, source });

export interface SimRequest extends SimSubject {
  draft?: Files;
  action?: string;
  resource?: Record<string, string>;
  method?: string;
  path?: string;
}

export const simulate = (b: SimRequest) => api.post<Decision>('/admin/policies/simulate', b);
export const whoCan = (b: SimRequest) => api.post<{ action: string; users: Person[]; roles: RoleName[] }>('/admin/policies/who', b);
export const whatCan = (b: SimRequest) => api.post<RouteDecision[]>('/admin/policies/what', b);

/** The unsaved draft the grants and Rego editors keep, so the simulator can run against it. */
const DRAFT_KEY = 'its.admin.policyDraft';

export interface StoredDraft {
  base: number;
  files: Files;
}

export function loadDraft(): StoredDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    return raw ? (JSON.parse(raw) as StoredDraft) : null;
  } catch {
    return null;
  }
}

export function storeDraft(d: StoredDraft | null) {
  try {
    if (d) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(d));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // storage full or blocked: the draft lives only in the page
  }
}
