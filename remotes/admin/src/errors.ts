/**
 * Validation failures of the API (`ITS_ERR_VALIDATION`, details `[{field, rule, message}]`)
 * turned into messages by field path, e.g. `permissions[2].role`.
 */
import { ApiError, NetworkError, isCancelled } from '@its/kit';
import { defineMessages, type IntlShape } from 'react-intl';

export interface FieldError {
  field: string;
  rule?: string;
  message?: string;
}

export type FieldErrors = Record<string, string>;

const ruleMessages = defineMessages({
  selfPermissions: { id: 'admin.error.selfPermissions', defaultMessage: 'You cannot remove your own user administration permission.' },
  selfStatus: { id: 'admin.error.selfStatus', defaultMessage: 'You cannot change the status of your own account.' },
  transition: { id: 'admin.error.transition', defaultMessage: 'The account cannot move to this status from its current one.' },
});

/** The field errors of a failure, or null when it is not a validation failure. */
export function fieldErrors(e: unknown): FieldError[] | null {
  if (!(e instanceof ApiError) || e.status !== 400 || !Array.isArray(e.details)) return null;
  const out: FieldError[] = [];
  for (const d of e.details as unknown[]) {
    if (d && typeof d === 'object' && typeof (d as FieldError).field === 'string') out.push(d as FieldError);
  }
  return out.length ? out : null;
}

/** The words for one field error: known rules are translated, others keep the server's message. */
export function describe(intl: IntlShape, err: FieldError): string {
  if (err.rule === 'self' && err.field === 'permissions') return intl.formatMessage(ruleMessages.selfPermissions);
  if (err.rule === 'self' && err.field === 'status') return intl.formatMessage(ruleMessages.selfStatus);
  if (err.rule === 'transition') return intl.formatMessage(ruleMessages.transition);
  return err.message ?? err.rule ?? '';
}

/** Whether the failure was already reported by the shell (server and network error dialogs). */
export const reportedByShell = (e: unknown) =>
  isCancelled(e) || e instanceof NetworkError || (e instanceof ApiError && (e.status >= 500 || e.status === 401));
