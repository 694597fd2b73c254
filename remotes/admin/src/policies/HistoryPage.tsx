/**
 * admin--policies--history: every policy version, newest first (author, time, comment, the files
 * it changed), the diff of the picked one against the version before it, and rollback in one
 * step (a new version with the old files, compiled and tested like any save).
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { ApiError, EmptyState, Icon, Spinner, confirm, toast, usePageTitle, withModuleMessages } from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { loadMessages } from '../messages';
import { SelectTable } from '../SelectTable';
import { useDiff, useRollback, useVersions, type PolicyVersion } from './api';
import { PolicyNav } from './PolicyNav';
import { ReportView, refusal } from './ReportView';
import '../admin.css';
import './policies.css';

const kinds = defineMessages({
  shipped: { id: 'admin.policies.kind.shipped', defaultMessage: 'Shipped with ITS' },
  edit: { id: 'admin.policies.kind.edit', defaultMessage: 'Edit' },
  rollback: { id: 'admin.policies.kind.rollback', defaultMessage: 'Rollback' },
});

/** A unified diff, each line coloured by what it does. */
export function DiffView({ diff }: { diff: string }) {
  const lines = diff.split('\n');
  return (
    <pre className="pol-diff" tabIndex={0} data-testid="policy-diff">
      {lines.map((l, i) => {
        const cls = l.startsWith('+++') || l.startsWith('---') ? 'file' : l.startsWith('@@') ? 'hunk' : l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : 'ctx';
        return (
          <span key={i} className={`pol-diff__line pol-diff__line--${cls}`}>
            {l || ' '}
          </span>
        );
      })}
    </pre>
  );
}

function VersionDetail({ v, onRolledBack }: { v: PolicyVersion; onRolledBack: (n: number) => void }) {
  const intl = useIntl();
  const diff = useDiff(v.version, 0);
  const rollback = useRollback();
  const [refused, setRefused] = useState<ReturnType<typeof refusal>>(null);
  const run = async () => {
    const answer = await confirm({
      title: intl.formatMessage({ id: 'admin.policies.rollback.title', defaultMessage: 'Roll back to version {version}?' }, { version: v.version }),
      message: intl.formatMessage({
        id: 'admin.policies.rollback.message',
        defaultMessage: 'Its rules and tests become a new version, live on every server within a second once they pass.',
      }),
      yesText: intl.formatMessage({ id: 'admin.policies.rollback.yes', defaultMessage: 'Roll back' }),
      tone: 'warning',
    });
    if (answer !== 'yes') return;
    setRefused(null);
    rollback.mutate(
      { version: v.version, comment: '' },
      {
        onSuccess: (n) => {
          toast.success(intl.formatMessage({ id: 'admin.policies.save.done', defaultMessage: 'Version {version} is live on every server.' }, { version: n.version }));
          onRolledBack(n.version);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 422) setRefused(refusal(e.details));
        },
      },
    );
  };
  return (
    <article className="pol-version" data-testid="policy-version">
      <header className="pol-version__head">
        <div>
          <h2 className="pol-version__title">
            <FormattedMessage id="admin.policies.version" defaultMessage="Version {version}" values={{ version: v.version }} />
            {v.live && (
              <span className="pol-chip pol-chip--live">
                <FormattedMessage id="admin.policies.live" defaultMessage="live" />
              </span>
            )}
          </h2>
          <p className="adm-muted">
            {intl.formatMessage(kinds[v.kind])} · {v.authorName || intl.formatMessage({ id: 'admin.audit.system', defaultMessage: 'ITS itself' })} ·{' '}
            {intl.formatDate(v.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}
          </p>
          {v.comment && <p className="pol-version__comment">{v.comment}</p>}
        </div>
        {!v.live && (
          <button type="button" className="its-btn its-btn--secondary" onClick={() => void run()} disabled={rollback.isPending} data-testid="policy-rollback">
            {rollback.isPending ? <Spinner size={16} /> : <Icon name="rotate" size={16} />}
            <FormattedMessage id="admin.policies.rollback.button" defaultMessage="Roll back to this version" />
          </button>
        )}
      </header>
      {refused && <ReportView errors={refused.errors} failed={refused.failed} />}
      {diff.isPending ? (
        <Spinner size={20} />
      ) : diff.data?.diff ? (
        <DiffView diff={diff.data.diff} />
      ) : (
        <p className="adm-muted">
          <FormattedMessage id="admin.policies.noDiff" defaultMessage="The first version: nothing to compare with." />
        </p>
      )}
    </article>
  );
}

function HistoryPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.policies.history.pageTitle', defaultMessage: 'Policy history' }));
  const versions = useVersions();
  const list = useMemo(() => versions.data ?? [], [versions.data]);
  const [selected, setSelected] = useState<number | null>(null);
  const current = list.find((v) => v.version === selected) ?? list[0] ?? null;
  return (
    <div className="adm-page" data-testid="admin-policy-history">
      <AdminHeader />
      <div className="adm-body">
        <PolicyNav />
        <section className="adm-card adm-mail">
          <div className="adm-mail__list">
            {versions.isError ? (
              <EmptyState icon="warning" title={<FormattedMessage id="admin.policies.loadError" defaultMessage="The policies could not be loaded." />} />
            ) : (
              <SelectTable
                testId="policy-versions"
                rows={list}
                pending={versions.isPending}
                selected={current?.version ?? null}
                onSelect={setSelected}
                rowId={(v) => v.version}
                rowProps={(v) => ({ 'data-testid': 'policy-version-row', 'data-version': v.version })}
                columns={[
                  { header: '#', skeleton: 30, cell: (v) => v.version },
                  {
                    header: <FormattedMessage id="admin.audit.col.at" defaultMessage="When" />,
                    skeleton: 110,
                    className: 'adm-cell-date',
                    cell: (v) => intl.formatDate(v.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
                  },
                  {
                    header: <FormattedMessage id="admin.audit.col.actor" defaultMessage="Who" />,
                    skeleton: 120,
                    cell: (v) => v.authorName || intl.formatMessage({ id: 'admin.audit.system', defaultMessage: 'ITS itself' }),
                  },
                  {
                    header: <FormattedMessage id="admin.policies.col.comment" defaultMessage="Comment" />,
                    skeleton: 180,
                    className: 'adm-cell-subject',
                    cell: (v) => (
                      <>
                        {v.live && (
                          <span className="pol-chip pol-chip--live">
                            <FormattedMessage id="admin.policies.live" defaultMessage="live" />
                          </span>
                        )}{' '}
                        {v.comment}
                      </>
                    ),
                  },
                ]}
              />
            )}
          </div>
          <div className="adm-mail__reader">
            {current ? (
              <VersionDetail key={current.version} v={current} onRolledBack={(n) => setSelected(n)} />
            ) : (
              <EmptyState icon="info" title={<FormattedMessage id="admin.policies.pick" defaultMessage="Choose a version to see what it changed." />} />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

export default withModuleMessages(HistoryPage, loadMessages);
