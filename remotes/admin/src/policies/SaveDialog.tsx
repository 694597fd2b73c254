/**
 * Saving a draft: what it grants and takes away (users by name, roles), the tests it breaks
 * (a one-line allow/deny test can be turned around to match the change), a comment, and the
 * server's verdict: the version goes live only when it compiles and every test passes.
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, Dialog, Icon, Spinner, toast } from '@its/kit';
import { previewFiles, useSaveVersion, validateFiles, type Change, type Files, type Report, type TestResult } from './api';
import { turnAround } from './grants';
import { ReportView, refusal } from './ReportView';

interface Props {
  /** Whether failing one-line tests start turned around (a grant change is meant; a rule edit may not be). */
  turnByDefault: boolean;
  base: number;
  files: Files;
  onClose: () => void;
  onSaved: (version: number) => void;
}

/** Accounts by name and e-mail, marked as gaining or losing access. */
export function People({ people, tone }: { people: { id: string; name: string; email: string }[]; tone: 'gain' | 'loss' }) {
  return (
    <ul className={`pol-people pol-people--${tone}`}>
      {people.map((p) => (
        <li key={p.id} data-testid={`affected-${tone}`}>
          <strong>{p.name || p.email}</strong> <span className="adm-muted">{p.email}</span>
        </li>
      ))}
    </ul>
  );
}

function ChangeView({ c }: { c: Change }) {
  return (
    <li className="pol-change" data-testid="policy-change" data-action={c.action}>
      <code className="pol-change__action">{c.action}</code>
      {c.lost.length > 0 && (
        <div>
          <span className="pol-change__label pol-change__label--loss">
            <FormattedMessage id="admin.policies.save.lost" defaultMessage="No longer allowed ({count})" values={{ count: c.lost.length }} />
          </span>
          <People people={c.lost} tone="loss" />
        </div>
      )}
      {c.gained.length > 0 && (
        <div>
          <span className="pol-change__label pol-change__label--gain">
            <FormattedMessage id="admin.policies.save.gained" defaultMessage="Newly allowed ({count})" values={{ count: c.gained.length }} />
          </span>
          <People people={c.gained} tone="gain" />
        </div>
      )}
      {(c.rolesLost.length > 0 || c.rolesGained.length > 0) && (
        <div className="pol-change__roles">
          {c.rolesLost.map((r) => (
            <span key={`-${r.domain}${r.role}`} className="pol-chip pol-chip--loss">
              − {r.domain} · {r.role}
            </span>
          ))}
          {c.rolesGained.map((r) => (
            <span key={`+${r.domain}${r.role}`} className="pol-chip pol-chip--gain">
              + {r.domain} · {r.role}
            </span>
          ))}
        </div>
      )}
      {c.lost.length + c.gained.length === 0 && (
        <span className="adm-muted">
          <FormattedMessage id="admin.policies.save.noUsers" defaultMessage="No account changes today; only the roles above." />
        </span>
      )}
    </li>
  );
}

export function SaveDialog({ turnByDefault, base, files, onClose, onSaved }: Props) {
  const intl = useIntl();
  const [changes, setChanges] = useState<Change[] | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [checkError, setCheckError] = useState<{ errors: { message: string; file?: string; row?: number }[]; failed: TestResult[] } | null>(null);
  const [turn, setTurn] = useState<Record<string, boolean>>({});
  const [comment, setComment] = useState('');
  const [refused, setRefused] = useState<ReturnType<typeof refusal>>(null);
  const [conflict, setConflict] = useState(false);
  const save = useSaveVersion();

  useEffect(() => {
    let gone = false;
    previewFiles(files).then(
      (r) => !gone && setChanges(r.changes),
      (e: unknown) => {
        if (gone) return;
        setChanges([]);
        if (e instanceof ApiError && e.status === 422) setCheckError(refusal(e.details));
      },
    );
    validateFiles(files).then(
      (r) => {
        if (gone) return;
        setReport(r);
        const t: Record<string, boolean> = {};
        for (const test of r.tests) if (turnByDefault && !test.passed && turnAround(files, test)) t[test.name] = true;
        setTurn(t);
      },
      () => !gone && setReport(null),
    );
    return () => {
      gone = true;
    };
  }, [files, turnByDefault]);

  const failed = useMemo(() => (report?.tests ?? []).filter((t) => !t.passed), [report]);
  const final = useMemo(() => {
    let out = files;
    for (const t of failed) if (turn[t.name]) out = turnAround(out, t) ?? out;
    return out;
  }, [files, failed, turn]);
  const stillFailing = failed.filter((t) => !turn[t.name]);
  const loading = changes === null || report === null;

  const submit = () => {
    if (!comment.trim()) return;
    setRefused(null);
    setConflict(false);
    save.mutate(
      { base, comment: comment.trim(), files: final },
      {
        onSuccess: (v) => {
          toast.success(intl.formatMessage({ id: 'admin.policies.save.done', defaultMessage: 'Version {version} is live on every server.' }, { version: v.version }));
          onSaved(v.version);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 422) setRefused(refusal(e.details));
          else if (e instanceof ApiError && e.status === 409) setConflict(true);
        },
      },
    );
  };

  return (
    <Dialog
      open
      width={760}
      icon="shield"
      testId="policy-save-dialog"
      title={<FormattedMessage id="admin.policies.save.title" defaultMessage="Save a new policy version" />}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            <FormattedMessage id="admin.action.cancel" defaultMessage="Cancel" />
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={loading || !comment.trim() || save.isPending} onClick={submit} data-testid="policy-save">
            {save.isPending ? <Spinner size={16} /> : <Icon name="check" size={16} />}
            <FormattedMessage id="admin.policies.save.submit" defaultMessage="Test and make live" />
          </button>
        </>
      }
    >
      <div className="pol-save">
        <h3 className="pol-save__heading">
          <FormattedMessage id="admin.policies.save.what" defaultMessage="What this changes" />
        </h3>
        {changes === null ? (
          <Spinner size={18} />
        ) : changes.length === 0 ? (
          <p className="adm-muted" data-testid="policy-no-change">
            <FormattedMessage id="admin.policies.save.nothing" defaultMessage="No account or role gains or loses an action at its gate." />
          </p>
        ) : (
          <ul className="pol-changes" data-testid="policy-changes">
            {changes.map((c) => (
              <ChangeView key={c.action} c={c} />
            ))}
          </ul>
        )}
        {checkError && <ReportView errors={checkError.errors as never} failed={checkError.failed} />}
        <h3 className="pol-save__heading">
          <FormattedMessage id="admin.policies.save.tests" defaultMessage="Tests" />
        </h3>
        {report === null ? (
          <Spinner size={18} />
        ) : failed.length === 0 && report.errors.length === 0 ? (
          <p className="pol-ok" data-testid="policy-tests-ok">
            <Icon name="checkCircle" size={16} />
            <FormattedMessage id="admin.policies.save.testsPass" defaultMessage="All {count} tests pass." values={{ count: report.tests.length }} />
          </p>
        ) : (
          <>
            {failed.length > 0 && (
              <ul className="pol-turn" data-testid="policy-turn">
                {failed.map((t) => {
                  const can = !!turnAround(files, t);
                  return (
                    <li key={t.name}>
                      <label>
                        <input type="checkbox" disabled={!can} checked={!!turn[t.name]} onChange={(e) => setTurn({ ...turn, [t.name]: e.target.checked })} data-testid="policy-turn-test" />
                        <code>{t.name.split('.').pop()}</code> <span className="adm-muted">{`${t.file}:${t.row}`}</span>
                      </label>
                      <span className="pol-turn__hint">
                        {can ? (
                          <FormattedMessage id="admin.policies.save.turn" defaultMessage="asserts the old decision: turn it around to assert the new one" />
                        ) : (
                          <FormattedMessage id="admin.policies.save.cannotTurn" defaultMessage="fails: change it in the Rego editor" />
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
            {report.errors.length > 0 && <ReportView errors={report.errors} failed={[]} />}
            {stillFailing.length > 0 && (
              <p className="adm-notice">
                <Icon name="warning" size={16} />
                <FormattedMessage id="admin.policies.save.willRefuse" defaultMessage="With failing tests the server refuses the version and nothing changes." />
              </p>
            )}
          </>
        )}
        <label className="pol-save__comment">
          <span>
            <FormattedMessage id="admin.policies.save.comment" defaultMessage="What is the change for? (kept with the version)" />
          </span>
          <textarea className="pol-textarea" rows={2} value={comment} onChange={(e) => setComment(e.target.value)} data-testid="policy-comment" />
        </label>
        {refused && (
          <div data-testid="policy-refused">
            <p className="pol-refused">
              <FormattedMessage id="admin.policies.save.refused" defaultMessage="The server refused this version; the live policies are unchanged." />
            </p>
            <ReportView errors={refused.errors} failed={refused.failed} />
          </div>
        )}
        {conflict && (
          <p className="pol-refused" data-testid="policy-conflict">
            <FormattedMessage id="admin.policies.save.conflict" defaultMessage="Someone saved another version meanwhile. Reload to start from it." />
          </p>
        )}
      </div>
    </Dialog>
  );
}
