/** The editor's form model of one account, its checks and the patch it sends. */
import type { IntlShape } from 'react-intl';
import { defineMessages } from 'react-intl';
import type { AccountStatus, AdminUser, UserPatch } from '../api';
import { describe, type FieldError, type FieldErrors } from '../errors';
import { fromRows, toRows, type PermissionRow } from './PermissionEditor';

export interface AccountForm {
  status: AccountStatus;
  rows: PermissionRow[];
  flags: string[];
  departments: string[];
}

export const toForm = (u: AdminUser): AccountForm => ({
  status: u.status,
  rows: toRows(u.permissions ?? []),
  flags: [...(u.flags ?? [])],
  departments: [...(u.departmentAccess ?? [])],
});

const sorted = (l: string[]) => [...l].sort();
const permsKey = (rows: PermissionRow[]) => JSON.stringify(fromRows(rows));

/** Only what changed is sent: an unchanged status is never asked for. */
export function buildPatch(base: AdminUser, form: AccountForm): UserPatch {
  const p: UserPatch = {};
  if (form.status !== base.status) p.status = form.status;
  if (permsKey(form.rows) !== permsKey(toRows(base.permissions ?? []))) p.permissions = fromRows(form.rows);
  if (JSON.stringify(sorted(form.flags)) !== JSON.stringify(sorted(base.flags ?? []))) p.flags = form.flags;
  if (JSON.stringify(sorted(form.departments)) !== JSON.stringify(sorted(base.departmentAccess ?? []))) p.departmentAccess = form.departments;
  return p;
}

export const isDirty = (base: AdminUser, form: AccountForm) => Object.keys(buildPatch(base, form)).length > 0;

const checks = defineMessages({
  domain: { id: 'admin.check.domain', defaultMessage: 'Choose a permission.' },
  role: { id: 'admin.check.role', defaultMessage: 'Choose a role.' },
  duplicate: { id: 'admin.check.duplicate', defaultMessage: 'This permission is listed twice.' },
});

/** What can be told before asking the server: blank choices and repeated rows. */
export function checkForm(intl: IntlShape, form: AccountForm): FieldErrors {
  const out: FieldErrors = {};
  const seen = new Set<string>();
  for (const r of form.rows) {
    if (!r.domain) out[`${r.key}.domain`] = intl.formatMessage(checks.domain);
    if (!r.role) out[`${r.key}.role`] = intl.formatMessage(checks.role);
    if (!r.domain || !r.role) continue;
    const k = [r.domain, r.role, r.channel, r.region, r.productType].join('|');
    if (seen.has(k)) out[`${r.key}.domain`] = intl.formatMessage(checks.duplicate);
    seen.add(k);
  }
  return out;
}

const SECTIONS = ['status', 'permissions', 'flags', 'departmentAccess'];

/**
 * Places the server's field errors: `permissions[i].role` on the row that was i-th when sent,
 * `flags[0]` on the flags, anything else on the form.
 */
export function placeErrors(intl: IntlShape, errors: FieldError[], sentRows: PermissionRow[]): FieldErrors {
  const out: FieldErrors = {};
  const put = (k: string, text: string) => (out[k] = out[k] ? `${out[k]} ${text}` : text);
  for (const e of errors) {
    const text = describe(intl, e);
    const m = /^permissions\[(\d+)\]\.(\w+)$/.exec(e.field);
    const row = m ? sentRows[Number(m[1])] : undefined;
    if (m && row) {
      put(`${row.key}.${m[2]}`, text);
      continue;
    }
    const top = e.field.replace(/\[\d+\].*$/, '');
    put(SECTIONS.includes(top) ? top : 'form', text);
  }
  return out;
}
