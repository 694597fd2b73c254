/**
 * admin--policies--rego: the Rego rules that are not plain grants, with their tests beside them.
 * A code editor per file (CodeMirror, loaded only here), format through the server (opa fmt),
 * a check that compiles the draft and runs every test (errors and failing tests shown on their
 * lines), and the same save as the grants editor: tested on the server, refused with the failing
 * tests named, live on every server when it passes.
 */
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, Icon, Skeleton, Spinner, toast, usePageTitle, withModuleMessages } from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { loadMessages } from '../messages';
import { formatSource, loadDraft, storeDraft, useLiveVersion, validateFiles, type Files, type Report } from './api';
import type { LineNote } from './CodeEditor';
import { PolicyNav } from './PolicyNav';
import { ReportView } from './ReportView';
import { SaveDialog } from './SaveDialog';
import '../admin.css';
import './policies.css';

const CodeEditor = lazy(() => import(/* webpackChunkName: "code-editor" */ './CodeEditor'));

const testOf = (p: string) => p.replace(/\.rego$/, '_test.rego');

/** The notes of a report for one file: compile errors and failing tests on their lines. */
export function notesFor(report: Report | null, path: string): LineNote[] {
  if (!report) return [];
  const out: LineNote[] = report.errors.filter((e) => e.file === path && e.row).map((e) => ({ row: e.row!, message: e.message, severity: 'error' }));
  for (const t of report.tests) if (!t.passed && t.file === path) out.push({ row: t.row, message: `${t.name.split('.').pop()}: ${t.message ?? 'fails'}`, severity: 'warning' });
  return out;
}

function Editor({ path, files, report, onChange }: { path: string; files: Files; report: Report | null; onChange: (p: string, v: string) => void }) {
  const notes = useMemo(() => notesFor(report, path), [report, path]);
  return (
    <div className="pol-rego__pane">
      <div className="pol-rego__file">
        <Icon name="document" size={14} />
        <code>{path}</code>
        {notes.length > 0 && <span className="pol-chip pol-chip--loss">{notes.length}</span>}
      </div>
      <Suspense fallback={<Skeleton width="100%" height={320} />}>
        <CodeEditor key={path} value={files[path] ?? ''} onChange={(v) => onChange(path, v)} notes={notes} label={path} testId={`rego-editor-${path}`} />
      </Suspense>
    </div>
  );
}

function RegoPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.policies.rego.pageTitle', defaultMessage: 'Rego rules and tests' }));
  const live = useLiveVersion();
  const [draft, setDraft] = useState<Files | null>(null);
  const [path, setPath] = useState('assortments.rego');
  const [report, setReport] = useState<Report | null>(null);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const liveFiles = live.data?.files;

  useEffect(() => {
    if (!live.data || draft) return;
    const kept = loadDraft();
    if (kept && kept.base === live.data.version) setDraft(kept.files);
  }, [live.data, draft]);

  const files = draft ?? liveFiles ?? null;
  const paths = useMemo(() => Object.keys(files ?? {}).filter((p) => p.endsWith('.rego')).sort(), [files]);
  const policies = paths.filter((p) => !p.endsWith('_test.rego'));
  const changed = useMemo(() => (files && liveFiles ? Object.keys({ ...files, ...liveFiles }).filter((p) => files[p] !== liveFiles[p]) : []), [files, liveFiles]);
  const beside = files && files[testOf(path)] !== undefined ? testOf(path) : null;

  const edit = (p: string, v: string) => {
    if (!files || !live.data) return;
    const next = { ...files, [p]: v };
    setDraft(next);
    storeDraft({ base: live.data.version, files: next });
  };
  const format = async () => {
    if (!files) return;
    try {
      for (const p of [path, beside].filter((x): x is string => !!x)) {
        const out = await formatSource(p, files[p] ?? '');
        if (out.source !== files[p]) edit(p, out.source);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        setReport({ ok: false, errors: (e.details as { errors?: Report['errors'] })?.errors ?? [], tests: [], failed: [] });
        toast.error(intl.formatMessage({ id: 'admin.policies.rego.formatFailed', defaultMessage: 'The file does not parse, so it cannot be formatted.' }));
      }
    }
  };
  const check = async () => {
    if (!files) return;
    setChecking(true);
    try {
      setReport(await validateFiles(files));
    } finally {
      setChecking(false);
    }
  };
  const discard = () => {
    setDraft(null);
    storeDraft(null);
    setReport(null);
  };
  const failed = (report?.tests ?? []).filter((t) => !t.passed);

  return (
    <div className="adm-page" data-testid="admin-policy-rego">
      <AdminHeader />
      <div className="adm-body">
        <PolicyNav />
        <div className="pol-bar">
          <span className="pol-bar__live">
            {changed.length > 0 ? (
              <span className="pol-bar__changes" data-testid="rego-changed">
                <FormattedMessage id="admin.policies.rego.changed" defaultMessage="Changed, not saved: {files}" values={{ files: changed.join(', ') }} />
              </span>
            ) : (
              live.data && <FormattedMessage id="admin.policies.rego.live" defaultMessage="Showing live version {version}" values={{ version: live.data.version }} />
            )}
          </span>
          <button type="button" className="its-btn its-btn--secondary" onClick={() => void format()} disabled={!files} data-testid="rego-format">
            <Icon name="sparkle" size={16} />
            <FormattedMessage id="admin.policies.rego.format" defaultMessage="Format" />
          </button>
          <button type="button" className="its-btn its-btn--secondary" onClick={() => void check()} disabled={!files || checking} data-testid="rego-check">
            {checking ? <Spinner size={16} /> : <Icon name="checkCircle" size={16} />}
            <FormattedMessage id="admin.policies.rego.check" defaultMessage="Compile and run the tests" />
          </button>
          <button type="button" className="its-btn its-btn--secondary" disabled={changed.length === 0} onClick={discard} data-testid="rego-discard">
            <FormattedMessage id="admin.action.discard" defaultMessage="Discard changes" />
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={changed.length === 0} onClick={() => setSaving(true)} data-testid="rego-review">
            <Icon name="check" size={16} />
            <FormattedMessage id="admin.policies.review" defaultMessage="Review and save" />
          </button>
        </div>
        {report && (report.errors.length > 0 || failed.length > 0) && <ReportView errors={report.errors} failed={failed} />}
        {report && report.ok && (
          <p className="pol-ok" data-testid="rego-ok">
            <Icon name="checkCircle" size={16} />
            <FormattedMessage id="admin.policies.save.testsPass" defaultMessage="All {count} tests pass." values={{ count: report.tests.length }} />
          </p>
        )}
        <section className="adm-card pol-rego">
          <aside className="pol-grants__modules">
            {policies.map((p) => (
              <button type="button" key={p} className={`pol-grants__module${p === path ? ' is-active' : ''}`} onClick={() => setPath(p)} data-testid={`rego-file-${p}`}>
                <span>{p}</span>
                {(changed.includes(p) || changed.includes(testOf(p))) && <span className="pol-grants__count">●</span>}
              </button>
            ))}
          </aside>
          {files ? (
            <div className={`pol-rego__editors${beside ? ' pol-rego__editors--two' : ''}`}>
              <Editor path={path} files={files} report={report} onChange={edit} />
              {beside && <Editor path={beside} files={files} report={report} onChange={edit} />}
            </div>
          ) : (
            <div className="pol-grants__loading">
              <Skeleton width="60%" />
            </div>
          )}
        </section>
      </div>
      {saving && files && live.data && (
        <SaveDialog
          turnByDefault={false}
          base={live.data.version}
          files={files}
          onClose={() => setSaving(false)}
          onSaved={() => {
            setSaving(false);
            discard();
          }}
        />
      )}
    </div>
  );
}

export default withModuleMessages(RegoPage, loadMessages);
