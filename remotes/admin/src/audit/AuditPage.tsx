/**
 * admin--audit: the audit log, newest first: policy versions, account changes and refused admin
 * requests, with filters and an Excel export of what the filters select. Entries are read-only.
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { EmptyState, Icon, SearchInput, usePageTitle, withModuleMessages } from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { auditQuery, useAudit, type AuditEntry, type AuditFilter } from '../api';
import { loadMessages } from '../messages';
import { LoadFailed } from '../QueryStates';
import { SelectTable } from '../SelectTable';
import '../admin.css';

const kinds = defineMessages({
  all: { id: 'admin.audit.kind.all', defaultMessage: 'Every kind' },
  policies: { id: 'admin.audit.kind.policies', defaultMessage: 'Policy versions' },
  users: { id: 'admin.audit.kind.users', defaultMessage: 'Account changes' },
  denied: { id: 'admin.audit.kind.denied', defaultMessage: 'Refused requests' },
});

/** The kinds offered, each an action or a prefix ending in '.' (the server's filter). */
const KINDS: { value: string; label: keyof typeof kinds }[] = [
  { value: '', label: 'all' },
  { value: 'policies.', label: 'policies' },
  { value: 'admin.users.', label: 'users' },
  { value: 'request.denied', label: 'denied' },
];

const EMPTY: AuditFilter = { actor: '', kind: '', from: '', to: '', text: '' };

function Details({ e }: { e: AuditEntry }) {
  const intl = useIntl();
  return (
    <article className="adm-reader" data-testid="audit-details">
      <header className="adm-reader__head">
        <h2 className="adm-reader__subject">{e.action}</h2>
        <dl className="adm-reader__meta">
          <dt>
            <FormattedMessage id="admin.audit.col.at" defaultMessage="When" />
          </dt>
          <dd>{intl.formatDate(e.at, { dateStyle: 'medium', timeStyle: 'medium' })}</dd>
          <dt>
            <FormattedMessage id="admin.audit.col.actor" defaultMessage="Who" />
          </dt>
          <dd>{e.actorEmail || <FormattedMessage id="admin.audit.system" defaultMessage="ITS itself" />}</dd>
          <dt>
            <FormattedMessage id="admin.audit.col.object" defaultMessage="What" />
          </dt>
          <dd>
            {e.modelType} {e.modelId}
          </dd>
        </dl>
      </header>
      <pre className="adm-reader__body adm-audit__data" data-testid="audit-data">
        {JSON.stringify(e.data, null, 2)}
      </pre>
    </article>
  );
}

function AuditPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.audit.pageTitle', defaultMessage: 'Audit log' }));
  const [draft, setDraft] = useState<AuditFilter>(EMPTY);
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  const [selected, setSelected] = useState<number | null>(null);
  const audit = useAudit(filter);
  const entries = useMemo(() => audit.data ?? [], [audit.data]);
  const current = entries.find((e) => e.id === selected) ?? null;
  const set = (k: keyof AuditFilter, v: string, now = true) => {
    const next = { ...draft, [k]: v };
    setDraft(next);
    if (now) setFilter(next);
  };
  const exportHref = `/api/admin/audit/xlsx?${new URLSearchParams({
    ...auditQuery(filter),
    headers: [
      intl.formatMessage({ id: 'admin.audit.col.at', defaultMessage: 'When' }),
      intl.formatMessage({ id: 'admin.audit.col.actor', defaultMessage: 'Who' }),
      intl.formatMessage({ id: 'admin.audit.col.email', defaultMessage: 'E-mail' }),
      intl.formatMessage({ id: 'admin.audit.col.action', defaultMessage: 'Action' }),
      intl.formatMessage({ id: 'admin.audit.col.type', defaultMessage: 'Object type' }),
      intl.formatMessage({ id: 'admin.audit.col.object', defaultMessage: 'What' }),
      intl.formatMessage({ id: 'admin.audit.col.data', defaultMessage: 'Before and after' }),
    ].join('|'),
  }).toString()}`;

  return (
    <div className="adm-page" data-testid="admin-audit">
      <AdminHeader
        actions={
          <a className="its-btn its-btn--secondary" href={exportHref} download data-testid="audit-export">
            <Icon name="download" size={16} />
            <FormattedMessage id="admin.audit.export" defaultMessage="Export to Excel" />
          </a>
        }
      />
      <div className="adm-body">
        <section className="adm-card adm-mail">
          <div className="adm-mail__list">
            <div className="adm-toolbar">
              <SearchInput
                className="adm-search"
                icon="search"
                value={draft.text}
                onChange={(v) => set('text', v, false)}
                debounceMs={400}
                onDebouncedChange={(v) => set('text', v)}
                placeholder={intl.formatMessage({ id: 'admin.audit.text', defaultMessage: 'Search actions, objects and changes' })}
                data-testid="audit-text"
              />
              <SearchInput
                className="adm-search"
                icon="user"
                value={draft.actor}
                onChange={(v) => set('actor', v, false)}
                debounceMs={400}
                onDebouncedChange={(v) => set('actor', v)}
                placeholder={intl.formatMessage({ id: 'admin.audit.actor', defaultMessage: 'Who (name or e-mail)' })}
                data-testid="audit-actor"
              />
              <select
                className="adm-select adm-select--filter"
                value={draft.kind}
                onChange={(e) => set('kind', e.target.value)}
                aria-label={intl.formatMessage({ id: 'admin.audit.kind', defaultMessage: 'Kind' })}
                data-testid="audit-kind"
              >
                {KINDS.map((k) => (
                  <option key={k.value} value={k.value}>
                    {intl.formatMessage(kinds[k.label])}
                  </option>
                ))}
              </select>
              <label className="adm-audit__date">
                <FormattedMessage id="admin.audit.from" defaultMessage="From" />
                <input type="date" className="adm-select" value={draft.from} onChange={(e) => set('from', e.target.value)} data-testid="audit-from" />
              </label>
              <label className="adm-audit__date">
                <FormattedMessage id="admin.audit.to" defaultMessage="Through" />
                <input type="date" className="adm-select" value={draft.to} onChange={(e) => set('to', e.target.value)} data-testid="audit-to" />
              </label>
            </div>
            {audit.isError && !audit.data ? (
              <LoadFailed title={<FormattedMessage id="admin.audit.loadError" defaultMessage="The audit log could not be loaded." />} onRetry={() => void audit.refetch()} />
            ) : audit.data && entries.length === 0 ? (
              <EmptyState icon="search" title={<FormattedMessage id="admin.audit.none" defaultMessage="No entries match these filters." />} />
            ) : (
              <SelectTable
                testId="audit-table"
                rows={entries}
                pending={audit.isPending}
                selected={selected}
                onSelect={setSelected}
                rowId={(e) => e.id}
                rowProps={() => ({ 'data-testid': 'audit-row' })}
                columns={[
                  {
                    header: <FormattedMessage id="admin.audit.col.at" defaultMessage="When" />,
                    skeleton: 110,
                    className: 'adm-cell-date',
                    cell: (e) => intl.formatDate(e.at, { dateStyle: 'medium', timeStyle: 'short' }),
                  },
                  {
                    header: <FormattedMessage id="admin.audit.col.actor" defaultMessage="Who" />,
                    skeleton: 150,
                    className: 'adm-cell-mail',
                    cell: (e) => e.actorEmail || intl.formatMessage({ id: 'admin.audit.system', defaultMessage: 'ITS itself' }),
                  },
                  { header: <FormattedMessage id="admin.audit.col.action" defaultMessage="Action" />, skeleton: 150, cell: (e) => e.action },
                  {
                    header: <FormattedMessage id="admin.audit.col.object" defaultMessage="What" />,
                    skeleton: 180,
                    className: 'adm-cell-subject',
                    cell: (e) => `${e.modelType} ${e.modelId}`,
                  },
                ]}
              />
            )}
          </div>
          <div className="adm-mail__reader">
            {current ? (
              <Details e={current} />
            ) : (
              <EmptyState icon="info" title={<FormattedMessage id="admin.audit.pick" defaultMessage="Choose an entry to see what changed." />}>
                <FormattedMessage
                  id="admin.audit.pickHint"
                  defaultMessage="Every policy version, every change to an account's permissions, flags, departments or status, and every refused request to an admin page is kept here. Entries cannot be changed or deleted."
                />
              </EmptyState>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

export default withModuleMessages(AuditPage, loadMessages);
