/**
 * admin--policies--simulator: ask the policies a question without touching anyone's access.
 * The subject is an account, a made-up set of permissions, flags and departments, or nobody;
 * the question is an action with its resource or an API route, answered allow or deny with the
 * rules that held and, for the others, the condition that failed (OPA's trace); "who can" lists
 * the accounts and roles allowed an action; "what can" is the subject's route matrix. Every
 * question runs on the live version or on the unsaved draft of the grants or Rego editor.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { ApiError, Icon, Spinner, usePageTitle, withModuleMessages } from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { useAdminOptions, useUserList } from '../api';
import { loadMessages } from '../messages';
import { loadDraft, simulate, useCatalog, whatCan, whoCan, type Decision, type RuleTrace, type SecondCheck, type SimRequest } from './api';
import { PolicyNav } from './PolicyNav';
import { People } from './SaveDialog';
import '../admin.css';
import './policies.css';

type SubjectKind = 'user' | 'made' | 'anonymous';
type Perm = { domain: string; role: string; channel: string; region: string; productType: string };

const RESOURCE_KEYS = ['channel', 'region', 'productType', 'libraryType', 'library', 'orderType', 'status', 'newStatus', 'event'];

function Trace({ t }: { t: RuleTrace }) {
  return (
    <li className={`pol-trace${t.matched ? ' is-matched' : ''}`} data-testid={t.matched ? 'sim-matched' : 'sim-failed'}>
      <div className="pol-trace__where">
        <Icon name={t.matched ? 'checkCircle' : 'close'} size={14} />
        <code>
          {t.file}:{t.row}
        </code>
        {!t.matched && t.failedAt && (
          <span className="pol-trace__failed">
            <FormattedMessage id="admin.policies.sim.failedAt" defaultMessage="fails at line {row}:" values={{ row: t.failRow ?? '?' }} /> <code>{t.failedAt}</code>
          </span>
        )}
      </div>
      <pre className="pol-trace__src">{t.source}</pre>
    </li>
  );
}

function Traces({ title, list }: { title: ReactNode; list: RuleTrace[] }) {
  if (list.length === 0) return null;
  return (
    <>
      <h3 className="pol-save__heading">{title}</h3>
      <ul className="pol-traces">
        {list.map((t, i) => (
          <Trace key={i} t={t} />
        ))}
      </ul>
    </>
  );
}

/** A route's second question: its action and resource, its own verdict and the rules behind it. */
function SecondCheckView({ c }: { c: SecondCheck }) {
  return (
    <li className="pol-second" data-testid="sim-second" data-allowed={c.allowed}>
      <div className={`pol-second__verdict pol-verdict--${c.allowed ? 'allow' : 'deny'}`}>
        <Icon name={c.allowed ? 'checkCircle' : 'lock'} size={16} />
        {c.allowed ? <FormattedMessage id="admin.policies.sim.allow" defaultMessage="Allowed" /> : <FormattedMessage id="admin.policies.sim.deny" defaultMessage="Denied" />}
        <code className="pol-verdict__action">{c.action}</code>
        {c.resource && Object.keys(c.resource).length > 0 && <code className="pol-second__resource">{JSON.stringify(c.resource)}</code>}
      </div>
      <Traces title={<FormattedMessage id="admin.policies.sim.matched" defaultMessage="Rules that held" />} list={c.matched} />
      <Traces title={<FormattedMessage id="admin.policies.sim.failed" defaultMessage="Rules of this action that did not hold" />} list={c.failed} />
    </li>
  );
}

function DecisionView({ d }: { d: Decision }) {
  return (
    <div className="pol-decision" data-testid="sim-decision">
      <div className={`pol-verdict pol-verdict--${d.allowed ? 'allow' : 'deny'}`} data-testid="sim-verdict">
        <Icon name={d.allowed ? 'checkCircle' : 'lock'} size={22} />
        {d.allowed ? <FormattedMessage id="admin.policies.sim.allow" defaultMessage="Allowed" /> : <FormattedMessage id="admin.policies.sim.deny" defaultMessage="Denied" />}
        <code className="pol-verdict__action">
          {d.route ? `${d.route.method} ${d.route.path} → ` : ''}
          {d.action}
        </code>
        <span className="pol-verdict__took" data-testid="sim-took">
          <FormattedMessage
            id="admin.policies.sim.took"
            defaultMessage="decided in {micros, number, ::.#} µs"
            values={{ micros: d.tookMicros }}
          />
        </span>
      </div>
      {d.timedOut && (
        <p className="pol-warning" data-testid="sim-timed-out">
          <FormattedMessage
            id="admin.policies.sim.timedOut"
            defaultMessage="This decision ran past its deadline: a request would be refused, and the refusal written to the audit log. Make the rules it runs cheaper."
          />
        </p>
      )}
      <Traces title={<FormattedMessage id="admin.policies.sim.matched" defaultMessage="Rules that held" />} list={d.matched} />
      <Traces title={<FormattedMessage id="admin.policies.sim.failed" defaultMessage="Rules of this action that did not hold" />} list={d.failed} />
      {d.matched.length + d.failed.length === 0 && (
        <p className="adm-muted">
          <FormattedMessage id="admin.policies.sim.noRule" defaultMessage="No rule of the policies grants this action: it is denied by default." />
        </p>
      )}
      {d.also && d.also.length > 0 && (
        <>
          <h3 className="pol-save__heading">
            <FormattedMessage
              id="admin.policies.sim.also"
              defaultMessage="Second checks this route asks before it runs ({count})"
              values={{ count: d.also.length }}
            />
          </h3>
          <ul className="pol-seconds">
            {d.also.map((c, i) => (
              <SecondCheckView key={i} c={c} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function SimulatorPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.policies.sim.pageTitle', defaultMessage: 'Policy simulator' }));
  const catalog = useCatalog();
  const options = useAdminOptions();
  const users = useUserList('active', '');
  const draft = useMemo(() => loadDraft(), []);
  const [useDraft, setUseDraft] = useState(false);
  const [kind, setKind] = useState<SubjectKind>('user');
  const [userId, setUserId] = useState('');
  const [perms, setPerms] = useState<Perm[]>([{ domain: 'its:productAssortments', role: 'editor', channel: 'All', region: 'All', productType: 'All' }]);
  const [flags, setFlags] = useState<string[]>([]);
  const [depts, setDepts] = useState<string[]>([]);
  const [mode, setMode] = useState<'action' | 'route'>('action');
  const [action, setAction] = useState('');
  const [resource, setResource] = useState<Record<string, string>>({});
  const [method, setMethod] = useState('GET');
  const [path, setPath] = useState('');
  const [onlyAllowed, setOnlyAllowed] = useState(false);

  const actions = useMemo(() => (catalog.data?.modules ?? []).flatMap((m) => m.actions), [catalog.data]);
  const declared = actions.find((a) => a.id === action)?.resource ?? [];
  const resKeys = [...new Set([...declared, ...Object.keys(resource).filter((k) => resource[k])])];

  const base = (): SimRequest => {
    const b: SimRequest = {};
    if (useDraft && draft) b.draft = draft.files;
    if (kind === 'user' && userId) b.userId = userId;
    if (kind === 'made') b.identity = { permissions: perms, flags, departmentAccess: depts, userTBEs: [] };
    return b;
  };
  const resourceOf = () => Object.fromEntries(Object.entries(resource).filter(([, v]) => v.trim()));
  const decide = useMutation({ mutationFn: () => simulate(mode === 'action' ? { ...base(), action, resource: resourceOf() } : { ...base(), method, path }) });
  const who = useMutation({ mutationFn: () => whoCan({ ...base(), userId: undefined, identity: undefined, action, resource: resourceOf() }) });
  const what = useMutation({ mutationFn: () => whatCan(base()) });
  const error = [decide.error, who.error, what.error].find((e) => e instanceof ApiError) as ApiError | undefined;

  const subjectReady = kind !== 'user' || !!userId;
  const questionReady = mode === 'action' ? !!action : path.startsWith('/api/');
  const o = options.data;

  return (
    <div className="adm-page" data-testid="admin-policy-simulator">
      <AdminHeader />
      <div className="adm-body">
        <PolicyNav />
        <div className="pol-sim">
          <section className="adm-card pol-sim__form">
            <h2 className="pol-sim__h">
              <FormattedMessage id="admin.policies.sim.subject" defaultMessage="Who asks" />
            </h2>
            <div className="pol-seg" role="radiogroup">
              {(['user', 'made', 'anonymous'] as const).map((k) => (
                <label key={k} className={`pol-seg__opt${kind === k ? ' is-on' : ''}`}>
                  <input type="radio" name="subject" checked={kind === k} onChange={() => setKind(k)} data-testid={`sim-subject-${k}`} />
                  {k === 'user' ? (
                    <FormattedMessage id="admin.policies.sim.account" defaultMessage="An account" />
                  ) : k === 'made' ? (
                    <FormattedMessage id="admin.policies.sim.madeUp" defaultMessage="Made-up access" />
                  ) : (
                    <FormattedMessage id="admin.policies.sim.anonymous" defaultMessage="Not logged in" />
                  )}
                </label>
              ))}
            </div>
            {kind === 'user' && (
              <select className="adm-select" value={userId} onChange={(e) => setUserId(e.target.value)} aria-label={intl.formatMessage({ id: 'admin.policies.sim.pickUser', defaultMessage: 'Choose an account' })} data-testid="sim-user">
                <option value="">{intl.formatMessage({ id: 'admin.policies.sim.pickUser', defaultMessage: 'Choose an account' })}</option>
                {(users.data ?? []).map((u) => (
                  <option key={u.id} value={u.id}>
                    {`${u.name ?? ''} ${u.lastName ?? ''}`.trim()} — {u.email}
                  </option>
                ))}
              </select>
            )}
            {kind === 'made' && o && (
              <div className="pol-made" data-testid="sim-made">
                {perms.map((p, i) => (
                  <div key={i} className="pol-made__perm">
                    {(
                      [
                        ['domain', o.permissions],
                        ['role', o.roles],
                        ['channel', o.channels],
                        ['region', o.regions],
                        ['productType', o.productTypes],
                      ] as const
                    ).map(([k, list]) => (
                      <select
                        key={k}
                        className="adm-select"
                        value={p[k]}
                        aria-label={k}
                        onChange={(e) => setPerms(perms.map((x, j) => (j === i ? { ...x, [k]: e.target.value } : x)))}
                      >
                        {list.map((v) => (
                          <option key={v}>{v}</option>
                        ))}
                      </select>
                    ))}
                    <button type="button" className="its-btn its-btn--ghost its-btn--sm" onClick={() => setPerms(perms.filter((_, j) => j !== i))} aria-label={intl.formatMessage({ id: 'admin.policies.sim.removePerm', defaultMessage: 'Remove this permission' })}>
                      <Icon name="close" size={14} />
                    </button>
                  </div>
                ))}
                <button
                  type="button"
                  className="its-btn its-btn--secondary its-btn--sm"
                  onClick={() => setPerms([...perms, { domain: o.permissions[0] ?? '', role: o.roles[0] ?? '', channel: 'All', region: 'All', productType: 'All' }])}
                >
                  <FormattedMessage id="admin.policies.sim.addPerm" defaultMessage="Add a permission" />
                </button>
                <div className="pol-made__flags">
                  {o.flags.map((f) => (
                    <label key={f} className={`pol-toggle${flags.includes(f) ? ' is-on' : ''}`}>
                      <input type="checkbox" checked={flags.includes(f)} onChange={(e) => setFlags(e.target.checked ? [...flags, f] : flags.filter((x) => x !== f))} />
                      {f}
                    </label>
                  ))}
                  {o.departments.map((d) => (
                    <label key={d} className={`pol-toggle${depts.includes(d) ? ' is-on' : ''}`}>
                      <input type="checkbox" checked={depts.includes(d)} onChange={(e) => setDepts(e.target.checked ? [...depts, d] : depts.filter((x) => x !== d))} />
                      {d}
                    </label>
                  ))}
                </div>
              </div>
            )}
            <h2 className="pol-sim__h">
              <FormattedMessage id="admin.policies.sim.question" defaultMessage="What is asked" />
            </h2>
            <div className="pol-seg" role="radiogroup">
              <label className={`pol-seg__opt${mode === 'action' ? ' is-on' : ''}`}>
                <input type="radio" name="mode" checked={mode === 'action'} onChange={() => setMode('action')} />
                <FormattedMessage id="admin.policies.sim.byAction" defaultMessage="An action" />
              </label>
              <label className={`pol-seg__opt${mode === 'route' ? ' is-on' : ''}`}>
                <input type="radio" name="mode" checked={mode === 'route'} onChange={() => setMode('route')} data-testid="sim-mode-route" />
                <FormattedMessage id="admin.policies.sim.byRoute" defaultMessage="An API route" />
              </label>
            </div>
            {mode === 'action' ? (
              <>
                <select className="adm-select" value={action} onChange={(e) => setAction(e.target.value)} aria-label={intl.formatMessage({ id: 'admin.policies.sim.pickAction', defaultMessage: 'Choose an action' })} data-testid="sim-action">
                  <option value="">{intl.formatMessage({ id: 'admin.policies.sim.pickAction', defaultMessage: 'Choose an action' })}</option>
                  {(catalog.data?.modules ?? []).map((m) => (
                    <optgroup key={m.id} label={m.id}>
                      {m.actions.map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.id}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                <div className="pol-resource">
                  {resKeys.map((k) => (
                    <label key={k} className="pol-resource__field">
                      <span>{k}</span>
                      <input className="pol-input" value={resource[k] ?? ''} onChange={(e) => setResource({ ...resource, [k]: e.target.value })} data-testid={`sim-res-${k}`} />
                    </label>
                  ))}
                  <select
                    className="adm-select adm-select--narrow"
                    value=""
                    onChange={(e) => e.target.value && setResource({ ...resource, [e.target.value]: resource[e.target.value] ?? ' ' })}
                    aria-label={intl.formatMessage({ id: 'admin.policies.sim.addAttr', defaultMessage: 'Add a resource attribute' })}
                  >
                    <option value="">{intl.formatMessage({ id: 'admin.policies.sim.addAttr', defaultMessage: 'Add a resource attribute' })}</option>
                    {RESOURCE_KEYS.filter((k) => !resKeys.includes(k)).map((k) => (
                      <option key={k}>{k}</option>
                    ))}
                  </select>
                </div>
              </>
            ) : (
              <div className="pol-route">
                <select className="adm-select adm-select--narrow" value={method} onChange={(e) => setMethod(e.target.value)} data-testid="sim-method">
                  {['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
                <input className="pol-input" placeholder="/api/assortments/1" value={path} onChange={(e) => setPath(e.target.value)} data-testid="sim-path" />
              </div>
            )}
            <label className={`pol-toggle pol-sim__draft${useDraft ? ' is-on' : ''}`}>
              <input type="checkbox" disabled={!draft} checked={useDraft} onChange={(e) => setUseDraft(e.target.checked)} data-testid="sim-draft" />
              {draft ? (
                <FormattedMessage id="admin.policies.sim.draft" defaultMessage="Ask the unsaved draft (based on version {version})" values={{ version: draft.base }} />
              ) : (
                <FormattedMessage id="admin.policies.sim.noDraft" defaultMessage="No unsaved draft: asking the live version" />
              )}
            </label>
            <div className="pol-sim__buttons">
              <button type="button" className="its-btn its-btn--primary" disabled={!subjectReady || !questionReady || decide.isPending} onClick={() => decide.mutate()} data-testid="sim-run">
                {decide.isPending ? <Spinner size={16} /> : <Icon name="sparkle" size={16} />}
                <FormattedMessage id="admin.policies.sim.run" defaultMessage="Allowed?" />
              </button>
              <button type="button" className="its-btn its-btn--secondary" disabled={mode !== 'action' || !action || who.isPending} onClick={() => who.mutate()} data-testid="sim-who">
                <Icon name="users" size={16} />
                <FormattedMessage id="admin.policies.sim.who" defaultMessage="Who can do this?" />
              </button>
              <button type="button" className="its-btn its-btn--secondary" disabled={!subjectReady || what.isPending} onClick={() => what.mutate()} data-testid="sim-what">
                <Icon name="grid" size={16} />
                <FormattedMessage id="admin.policies.sim.what" defaultMessage="What can they do?" />
              </button>
            </div>
            {error && (
              <p className="pol-refused" data-testid="sim-error">
                {error.message}
              </p>
            )}
          </section>
          <section className="pol-sim__answers">
            {decide.data && (
              <div className="adm-card pol-sim__answer">
                <DecisionView d={decide.data} />
              </div>
            )}
            {who.data && (
              <div className="adm-card pol-sim__answer" data-testid="sim-who-result">
                <h3 className="pol-save__heading">
                  <FormattedMessage id="admin.policies.sim.whoUsers" defaultMessage="Accounts allowed {action} ({count})" values={{ action: who.data.action, count: who.data.users.length }} />
                </h3>
                <People people={who.data.users} tone="gain" />
                <h3 className="pol-save__heading">
                  <FormattedMessage id="admin.policies.sim.whoRoles" defaultMessage="Roles allowed, by permission name" />
                </h3>
                <div className="pol-change__roles">
                  {who.data.roles.map((r) => (
                    <span key={r.domain + r.role} className="pol-chip">
                      {r.domain} · {r.role}
                    </span>
                  ))}
                </div>
              </div>
            )}
            {what.data && (
              <div className="adm-card pol-sim__answer" data-testid="sim-what-result">
                <div className="pol-sim__whathead">
                  <h3 className="pol-save__heading">
                    <FormattedMessage
                      id="admin.policies.sim.whatTitle"
                      defaultMessage="{allowed} of {count} routes allowed"
                      values={{ allowed: what.data.filter((r) => r.allowed).length, count: what.data.length }}
                    />
                  </h3>
                  <label className="pol-toggle">
                    <input type="checkbox" checked={onlyAllowed} onChange={(e) => setOnlyAllowed(e.target.checked)} />
                    <FormattedMessage id="admin.policies.sim.onlyAllowed" defaultMessage="Only the allowed ones" />
                  </label>
                </div>
                <div className="adm-table-wrap pol-sim__matrix">
                  <table className="adm-table">
                    <tbody>
                      {what.data
                        .filter((r) => !onlyAllowed || r.allowed)
                        .map((r) => (
                          <tr key={`${r.method} ${r.path}`} data-testid="sim-what-row" data-allowed={r.allowed}>
                            <td>{r.module}</td>
                            <td>
                              <code>
                                {r.method} {r.path}
                              </code>
                            </td>
                            <td>
                              <code className="adm-muted">{r.action}</code>
                            </td>
                            <td className={r.allowed ? 'pol-yes' : 'pol-no'}>{r.allowed ? '✓' : '✕'}</td>
                          </tr>
                        ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

export default withModuleMessages(SimulatorPage, loadMessages);
