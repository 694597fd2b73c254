/**
 * admin--mail: the mail outbox, newest first. Without SMTP it is where ITS's mail ends up, so
 * in development the set-password and confirm-email links are followed from here.
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { EmptyState, Icon, SearchInput, toast, usePageTitle, withModuleMessages } from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { useOutbox, type MailMessage } from '../api';
import { Glyph } from '../glyphs';
import { loadMessages } from '../messages';
import { LoadFailed, RefreshButton } from '../QueryStates';
import { SelectTable } from '../SelectTable';
import { StatusBadge } from '../StatusBadge';
import { Linkified } from './linkify';
import '../admin.css';

const LIMITS = [50, 100, 250, 1000];

const mailStatus = defineMessages({
  queued: { id: 'admin.mail.status.queued', defaultMessage: 'Queued' },
  sent: { id: 'admin.mail.status.sent', defaultMessage: 'Sent' },
  failed: { id: 'admin.mail.status.failed', defaultMessage: 'Failed' },
});

function MailStatus({ status }: { status: string }) {
  const intl = useIntl();
  const d = mailStatus[status as keyof typeof mailStatus];
  return <StatusBadge status={status} text={d ? intl.formatMessage(d) : status} />;
}

function Reader({ m }: { m: MailMessage }) {
  const intl = useIntl();
  const copy = async (href: string) => {
    try {
      await navigator.clipboard.writeText(href);
      toast.success(intl.formatMessage({ id: 'admin.mail.copied', defaultMessage: 'Link copied.' }), { key: 'admin-mail-copy' });
    } catch {
      toast.warning(intl.formatMessage({ id: 'admin.mail.copyFailed', defaultMessage: 'The browser did not allow copying the link.' }), { key: 'admin-mail-copy' });
    }
  };
  return (
    <article className="adm-reader" data-testid="mail-reader" data-mail-id={m.id}>
      <header className="adm-reader__head">
        <h2 className="adm-reader__subject" data-testid="mail-subject">
          {m.subject}
        </h2>
        <dl className="adm-reader__meta">
          <dt>
            <FormattedMessage id="admin.mail.to" defaultMessage="To" />
          </dt>
          <dd data-testid="mail-to">{m.recipients.join(', ')}</dd>
          <dt>
            <FormattedMessage id="admin.mail.created" defaultMessage="Queued at" />
          </dt>
          <dd>{intl.formatDate(m.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}</dd>
          {m.sentAt && (
            <>
              <dt>
                <FormattedMessage id="admin.mail.sentAt" defaultMessage="Delivered at" />
              </dt>
              <dd>{intl.formatDate(m.sentAt, { dateStyle: 'medium', timeStyle: 'medium' })}</dd>
            </>
          )}
          <dt>
            <FormattedMessage id="admin.mail.state" defaultMessage="Delivery" />
          </dt>
          <dd>
            <MailStatus status={m.status} />
          </dd>
        </dl>
      </header>
      <div className="adm-reader__body" data-testid="mail-body">
        <Linkified
          body={m.body}
          renderLink={(href, key) => (
            <span key={key} className="adm-link">
              <a href={href} target="_blank" rel="noreferrer" data-testid="mail-link">
                {href}
              </a>
              <button
                type="button"
                className="adm-link__copy"
                onClick={() => void copy(href)}
                aria-label={intl.formatMessage({ id: 'admin.mail.copy', defaultMessage: 'Copy link' })}
                title={intl.formatMessage({ id: 'admin.mail.copy', defaultMessage: 'Copy link' })}
              >
                <Glyph name="copy" size={14} />
              </button>
            </span>
          )}
        />
      </div>
      <p className="adm-reader__tip">
        <Icon name="info" size={15} />
        <FormattedMessage
          id="admin.mail.tip"
          defaultMessage="Links act for the recipient: open them in a private window, or you will stay logged in as yourself."
        />
      </p>
    </article>
  );
}

function OutboxPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.mail.pageTitle', defaultMessage: 'Mail outbox' }));
  const [params, setParams] = useSearchParams();
  const [to, setTo] = useState(params.get('to') ?? '');
  const [settledTo, setSettledTo] = useState(() => to.trim());
  const [limit, setLimit] = useState(100);
  const [selected, setSelected] = useState<number | null>(null);
  const outbox = useOutbox(settledTo, limit);
  const mails = useMemo(() => outbox.data ?? [], [outbox.data]);
  const current = mails.find((m) => m.id === selected) ?? null;

  useEffect(() => {
    if ((params.get('to') ?? '') === settledTo) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (settledTo) next.set('to', settledTo);
        else next.delete('to');
        return next;
      },
      { replace: true },
    );
    // The address follows the settled filter only.
  }, [settledTo]);

  return (
    <div className="adm-page" data-testid="admin-mail">
      <AdminHeader />
      <div className="adm-body">
        <section className="adm-card adm-mail">
          <div className="adm-mail__list">
            <div className="adm-toolbar">
              <SearchInput
                className="adm-search"
                icon="mail"
                value={to}
                onChange={setTo}
                debounceMs={400}
                onDebouncedChange={(t) => setSettledTo(t.trim())}
                busy={outbox.isFetching && !outbox.isPending}
                placeholder={intl.formatMessage({ id: 'admin.mail.filter', defaultMessage: 'Recipient (exact e-mail address)' })}
                data-testid="mail-filter"
              />
              <select
                className="adm-select adm-select--filter adm-select--narrow"
                value={limit}
                onChange={(e) => setLimit(Number(e.target.value))}
                aria-label={intl.formatMessage({ id: 'admin.mail.limit', defaultMessage: 'How many messages' })}
              >
                {LIMITS.map((n) => (
                  <option key={n} value={n}>
                    {intl.formatMessage({ id: 'admin.mail.limitOption', defaultMessage: 'Last {n}' }, { n })}
                  </option>
                ))}
              </select>
              <RefreshButton onClick={() => void outbox.refetch()} testId="mail-refresh" />
            </div>
            {outbox.isError && !outbox.data ? (
              <LoadFailed title={<FormattedMessage id="admin.mail.loadError" defaultMessage="The outbox could not be loaded." />} onRetry={() => void outbox.refetch()} />
            ) : outbox.data && mails.length === 0 ? (
              <EmptyState
                icon="mail"
                title={
                  settledTo ? (
                    <FormattedMessage id="admin.mail.noneTo" defaultMessage="No mail to {to}." values={{ to: settledTo }} />
                  ) : (
                    <FormattedMessage id="admin.mail.none" defaultMessage="The outbox is empty." />
                  )
                }
              />
            ) : (
              <SelectTable
                testId="mail-table"
                className="adm-table--mail"
                rows={mails}
                pending={outbox.isPending}
                selected={selected}
                onSelect={setSelected}
                rowId={(m) => m.id}
                rowProps={(m) => ({ 'data-testid': 'mail-row', 'data-mail-id': m.id })}
                columns={[
                  {
                    header: <FormattedMessage id="admin.mail.col.date" defaultMessage="Date" />,
                    skeleton: 110,
                    className: 'adm-cell-date',
                    cell: (m) => intl.formatDate(m.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
                  },
                  {
                    header: <FormattedMessage id="admin.mail.col.to" defaultMessage="Recipients" />,
                    skeleton: 160,
                    className: 'adm-cell-mail',
                    cell: (m) => m.recipients.join(', '),
                  },
                  { header: <FormattedMessage id="admin.mail.col.subject" defaultMessage="Subject" />, skeleton: 220, className: 'adm-cell-subject', cell: (m) => m.subject },
                  { header: <FormattedMessage id="admin.mail.col.status" defaultMessage="Delivery" />, skeleton: 60, cell: (m) => <MailStatus status={m.status} /> },
                ]}
              />
            )}
          </div>
          <div className="adm-mail__reader">
            {current ? (
              <Reader m={current} />
            ) : (
              <EmptyState icon="mail" title={<FormattedMessage id="admin.mail.pick" defaultMessage="Choose a message to read it." />}>
                <FormattedMessage
                  id="admin.mail.pickHint"
                  defaultMessage="Without a mail server, ITS keeps its mail here: confirmation links, set-password links and notices to administrators."
                />
              </EmptyState>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

export default withModuleMessages(OutboxPage, loadMessages);
