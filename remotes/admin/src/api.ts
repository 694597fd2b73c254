/**
 * The admin API as the remote reads it (modules/admin): accounts, the choices the server
 * validates with, and the mail outbox. Query keys live here so that every view shares them.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Permission, type User } from '@its/kit';

export type AccountStatus = 'active' | 'pendingEmail' | 'pendingApproval' | 'notApproved' | 'deactivated';

export interface TBE {
  territory: string;
  businessEntity: string;
  locations: { key: string }[];
  colorFilters?: Record<string, string[]>;
}

/** The spec's User as the admin API answers it (with its status and territories). */
export interface AdminUser extends User {
  status: AccountStatus;
  permissions: Permission[];
  flags: string[];
  departmentAccess: string[];
  userTBEs?: TBE[];
  employee?: boolean;
}

export interface AdminOptions {
  permissions: string[];
  roles: string[];
  channels: string[];
  regions: string[];
  productTypes: string[];
  flags: string[];
  departments: string[];
  statuses: AccountStatus[];
}

/** An edit of one account: absent fields stay as they are. */
export interface UserPatch {
  status?: AccountStatus;
  permissions?: Permission[];
  flags?: string[];
  departmentAccess?: string[];
}

export interface MailMessage {
  id: number;
  recipients: string[];
  subject: string;
  body: string;
  status: 'queued' | 'sent' | 'failed' | string;
  createdAt: string;
  sentAt?: string;
}

/** The status changes an admin may make (the server's rule, modules/admin/service.go). */
export const TRANSITIONS: Record<AccountStatus, AccountStatus[]> = {
  pendingApproval: ['active', 'notApproved'],
  pendingEmail: ['notApproved'],
  active: ['deactivated'],
  deactivated: ['active'],
  notApproved: ['pendingApproval'],
};

export const keys = {
  users: ['admin', 'users'] as const,
  userList: (status: string, text: string) => ['admin', 'users', 'list', { status, text }] as const,
  user: (id: string) => ['admin', 'users', 'one', id] as const,
  options: ['admin', 'options'] as const,
  outbox: (to: string, limit: number) => ['admin', 'outbox', { to, limit }] as const,
};

export function useUserList(status: string, text: string) {
  return useQuery({
    queryKey: keys.userList(status, text),
    queryFn: ({ signal }) => api.get<AdminUser[]>('/admin/users', { query: { status: status || undefined, text: text || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useUser(id: string, initial?: AdminUser) {
  return useQuery({
    queryKey: keys.user(id),
    queryFn: ({ signal }) => api.get<AdminUser>(`/admin/users/${encodeURIComponent(id)}`, { signal }),
    initialData: initial,
    // The list's copy shows at once; the account is read again in case it changed since.
    initialDataUpdatedAt: 0,
  });
}

export function useAdminOptions() {
  return useQuery({
    queryKey: keys.options,
    queryFn: ({ signal }) => api.get<AdminOptions>('/admin/options', { signal }),
    staleTime: Infinity,
  });
}

export function useOutbox(to: string, limit: number) {
  return useQuery({
    queryKey: keys.outbox(to, limit),
    queryFn: ({ signal }) => api.get<MailMessage[]>('/mail/outbox', { query: { to: to || undefined, limit }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** Saves an edit; the lists, the account and the caller's own decisions are read again. */
export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: UserPatch }) => api.patch<AdminUser>(`/admin/users/${encodeURIComponent(id)}`, patch),
    onSuccess: (user) => {
      client.setQueryData(keys.user(user.id), user);
      void client.invalidateQueries({ queryKey: keys.users, predicate: (q) => q.queryKey[2] === 'list' });
      void client.invalidateQueries({ queryKey: ['admin', 'outbox'] });
      void client.invalidateQueries({ queryKey: ['authz'] });
    },
  });
}

/** One audit log entry (GET /api/admin/audit). */
export interface AuditEntry {
  id: number;
  at: string;
  actorId: string | null;
  actorName: string;
  actorEmail: string;
  action: string;
  modelType: string;
  modelId: string;
  data: unknown;
}

/** The audit log's filters, as the server reads them from the query. */
export interface AuditFilter {
  actor: string;
  kind: string;
  from: string;
  to: string;
  text: string;
}

/** The filter as query values: empty fields are left out. */
export function auditQuery(f: AuditFilter): Record<string, string> {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v.trim()) q[k] = v.trim();
  return q;
}

export function useAudit(f: AuditFilter) {
  return useQuery({
    queryKey: ['admin', 'audit', f] as const,
    queryFn: ({ signal }) => api.get<AuditEntry[]>('/admin/audit', { query: auditQuery(f), signal }),
    placeholderData: keepPreviousData,
  });
}
