/**
 * admin--crm: the CRM outbox, newest first, read only: each assortment's CRM sync with its
 * delivery state, attempts and last answer (GET /api/assortments/admin/crmOutbox).
 */
import { useState } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { EmptyState, api, usePageTitle, withModuleMessages } from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { loadMessages } from '../messages';
import { LoadFailed, RefreshButton } from '../QueryStates';
import { SelectTable } from '../SelectTable';
import { StatusBadge } from '../StatusBadge';
import '../admin.css';

/** One row of the CRM outbox as the server lists it. */
export interface CrmOutboxEntry {
  id: number;
  assortmentId: string;
  title?: string;
  requestedBy: string;
  driver: string;
  status: string;
  requested: string;
  sentAt: string | null;
  attempts: number;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string;
}

const STATES = ['pending', 'sent', 'failed'] as const;

const crmStatus = defineMessages({
  pending: { id: 'admin.crm.status.pending', defaultMessage: 'Pending' },
  sent: { id: 'admin.crm.status.sent', defaultMessage: 'Sent' },
  failed: { id: 'admin.crm.status.failed', defaultMessage: 'Failed' },
});

export function useCrmOutbox(status: string) {
  return useQuery({
    queryKey: ['admin', 'crmOutbox', status],
    queryFn: ({ signal }) =>
      api.get<{ items: CrmOutboxEntry[] }>('/assortments/admin/crmOutbox', { query: { status: status || undefined, limit: 500 }, signal }),
    placeholderData: keepPreviousData,
  });
}

function CrmOutboxPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.crm.pageTitle', defaultMessage: 'CRM outbox' }));
  const [status, setStatus] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const outbox = useCrmOutbox(status);
  const rows = outbox.data?.items ?? [];
  const when = (d: string | null) => (d ? intl.formatDate(d, { dateStyle: 'medium', timeStyle: 'short' }) : '');
  return (
    <div className="adm-page" data-testid="admin-crm">
      <AdminHeader />
      <div className="adm-body">
        <section className="adm-card">
          <div className="adm-toolbar">
            <select
              className="adm-select adm-select--filter"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              aria-label={intl.formatMessage({ id: 'admin.crm.filter', defaultMessage: 'Delivery state' })}
              data-testid="crm-status"
            >
              <option value="">{intl.formatMessage({ id: 'admin.crm.allStates', defaultMessage: 'Every state' })}</option>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {intl.formatMessage(crmStatus[s])}
                </option>
              ))}
            </select>
            <RefreshButton onClick={() => void outbox.refetch()} testId="crm-refresh" />
          </div>
          {outbox.isError && !outbox.data ? (
            <LoadFailed title={<FormattedMessage id="admin.crm.loadError" defaultMessage="The CRM outbox could not be loaded." />} onRetry={() => void outbox.refetch()} />
          ) : outbox.data && rows.length === 0 ? (
            <EmptyState icon="mail" title={<FormattedMessage id="admin.crm.none" defaultMessage="No CRM syncs." />} />
          ) : (
            <SelectTable
              testId="crm-table"
              rows={rows}
              pending={outbox.isPending}
              selected={selected}
              onSelect={setSelected}
              rowId={(r) => r.id}
              rowProps={(r) => ({ 'data-testid': 'crm-row', 'data-crm-id': r.id })}
              columns={[
                {
                  header: <FormattedMessage id="admin.crm.col.assortment" defaultMessage="Assortment" />,
                  skeleton: 180,
                  cell: (r) => r.title || r.assortmentId,
                },
                {
                  header: <FormattedMessage id="admin.crm.col.created" defaultMessage="Created" />,
                  skeleton: 110,
                  className: 'adm-cell-date',
                  cell: (r) => when(r.requested),
                },
                {
                  header: <FormattedMessage id="admin.crm.col.state" defaultMessage="State" />,
                  skeleton: 60,
                  cell: (r) => {
                    const d = crmStatus[r.status as keyof typeof crmStatus];
                    return <StatusBadge status={r.status} text={d ? intl.formatMessage(d) : r.status} />;
                  },
                },
                { header: <FormattedMessage id="admin.crm.col.attempts" defaultMessage="Attempts" />, skeleton: 30, cell: (r) => intl.formatNumber(r.attempts) },
                {
                  header: <FormattedMessage id="admin.crm.col.lastResult" defaultMessage="Last result" />,
                  skeleton: 200,
                  cell: (r) =>
                    r.lastError ||
                    (r.lastStatus != null
                      ? intl.formatMessage(
                          { id: 'admin.crm.lastStatus', defaultMessage: 'HTTP {status} at {when}' },
                          { status: String(r.lastStatus), when: when(r.lastAttemptAt) },
                        )
                      : ''),
                },
              ]}
            />
          )}
        </section>
      </div>
    </div>
  );
}

export default withModuleMessages(CrmOutboxPage, loadMessages);
