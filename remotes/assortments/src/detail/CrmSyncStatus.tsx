/**
 * The last result of an assortment's CRM sync, beside the CRM sync button: waiting in the CRM
 * outbox (crm.driver outbox), sent, being retried or failed (crm.driver http, with the time, the
 * CRM's HTTP status and its error). Followed while an http sync is still being delivered.
 */
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { ProductIcon } from '@its/remote-products/api';
import { crmSyncKey, lastCrmSync, type CrmSync } from '../api';
import { msg } from '../messages';

/** How often a sync the job queue is still delivering is read again. */
const FOLLOW_MS = 3000;

export function CrmSyncStatus({ id }: { id: string }) {
  const intl = useIntl();
  const q = useQuery({
    queryKey: crmSyncKey(id),
    queryFn: ({ signal }) => lastCrmSync(id, signal),
    refetchInterval: (query) => {
      const s = query.state.data;
      return s && s.driver === 'http' && s.status === 'pending' ? FOLLOW_MS : false;
    },
  });
  const s = q.data;
  if (!s) return null;
  const date = (v: string | null) => (v ? intl.formatDate(v, { dateStyle: 'medium', timeStyle: 'short' }) : '');
  const text = crmSyncText(intl, s, date);
  const tone = s.status === 'failed' ? 'error' : s.status === 'sent' ? 'ok' : s.attempts > 0 ? 'warn' : 'wait';
  return (
    <p className={`am-crm-status am-crm-status--${tone}`} data-testid="crm-sync-status" data-status={s.status} data-driver={s.driver} role="status">
      <ProductIcon name={s.status === 'sent' ? 'check' : s.status === 'failed' ? 'alert' : 'clock'} size={14} />
      <span>{text}</span>
    </p>
  );
}

function crmSyncText(intl: ReturnType<typeof useIntl>, s: CrmSync, date: (v: string | null) => string): string {
  const error = s.lastError || (s.lastStatus ? `HTTP ${s.lastStatus}` : '');
  if (s.driver === 'outbox') return intl.formatMessage(msg.crmOutbox, { date: date(s.requested) });
  switch (s.status) {
    case 'sent':
      return intl.formatMessage(msg.crmSent, { date: date(s.sentAt), status: s.lastStatus ?? '' });
    case 'failed':
      return intl.formatMessage(msg.crmFailed, { n: s.attempts, date: date(s.lastAttemptAt), error });
    default:
      return s.attempts === 0
        ? intl.formatMessage(msg.crmSending, { date: date(s.requested) })
        : intl.formatMessage(msg.crmRetrying, { n: s.attempts, date: date(s.lastAttemptAt), error });
  }
}
