/**
 * admin--policies: the grants editor. Per module, its declared actions (from the manifests) ×
 * the 16 roles, one row per permission name an action is granted in, with its channel / region /
 * product type narrowing and the department (user access) it needs. Changes stay a draft until
 * saved; the save dialog shows what the draft grants and takes away (by user and role) and the
 * tests it breaks, and the server compiles and tests it before it goes live.
 */
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState, Icon, Skeleton, usePageTitle, withModuleMessages } from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { loadMessages } from '../messages';
import { useCatalog, useLiveVersion, loadDraft, storeDraft, type Catalog, type Files } from './api';
import { FLAG_PREFIX, GRANTS_FILE, addEntry, removeEntry, changedActions, entriesOf, hasRole, parseGrants, serialize, setDepartment, setNarrow, setRole, type Grants } from './grants';
import { PolicyNav } from './PolicyNav';
import { SaveDialog } from './SaveDialog';
import '../admin.css';
import './policies.css';

function EntryRows({ action, grants, catalog, onChange }: { action: string; grants: Grants; catalog: Catalog; onChange: (g: Grants) => void }) {
  const intl = useIntl();
  const entries = entriesOf(grants, action);
  const [domain, setDomain] = useState('');
  const [role, setNewRole] = useState('');
  const cols = catalog.roles.length;
  const isFlag = domain.startsWith(FLAG_PREFIX);
  return (
    <>
      {entries.map((e, i) => (
        <tr key={i} className="pol-grants__entry" data-testid="grant-entry" data-action={action} data-domain={e.domain ?? ''}>
          <td className="pol-grants__domain">
            {e.public ? (
              <span className="pol-chip pol-chip--open">
                <FormattedMessage id="admin.policies.grants.public" defaultMessage="Anyone, without logging in" />
              </span>
            ) : e.authenticated ? (
              <span className="pol-chip pol-chip--open">
                <FormattedMessage id="admin.policies.grants.authenticated" defaultMessage="Anyone logged in" />
              </span>
            ) : e.flag ? (
              <span className="pol-chip pol-chip--open" data-testid="grant-flag">
                <FormattedMessage id="admin.policies.grants.flag" defaultMessage="Anyone holding the user access flag {flag}" values={{ flag: e.flag }} />
              </span>
            ) : (
              <>
                <code>{e.domain}</code>
                {e.match && (
                  <span className="pol-grants__match">
                    {Object.entries(e.match)
                      .map(([k, v]) => `${k} = ${v}`)
                      .join(', ')}
                  </span>
                )}
                {!e.roles && (
                  <span className="pol-chip">
                    <FormattedMessage id="admin.policies.grants.anyRole" defaultMessage="any role" />
                  </span>
                )}
              </>
            )}
          </td>
          {e.domain ? (
            catalog.roles.map((r) => (
              <td key={r} className="pol-grants__cell">
                <input
                  type="checkbox"
                  checked={hasRole(e, r)}
                  onChange={(ev) => onChange(setRole(grants, action, i, r, ev.target.checked, catalog.roles))}
                  aria-label={`${action} ${e.domain} ${r}`}
                  data-testid={`grant-${action}-${i}-${r}`}
                />
              </td>
            ))
          ) : (
            <td colSpan={cols} />
          )}
          <td className="pol-grants__narrow">
            <button
              type="button"
              className="its-btn its-btn--ghost its-btn--sm pol-grants__remove"
              onClick={() => onChange(removeEntry(grants, action, i))}
              aria-label={intl.formatMessage({ id: 'admin.policies.grants.remove', defaultMessage: 'Remove this grant' })}
              title={intl.formatMessage({ id: 'admin.policies.grants.remove', defaultMessage: 'Remove this grant' })}
              data-testid={`grant-remove-${action}-${i}`}
            >
              <Icon name="close" size={14} />
            </button>
            {e.domain &&
              catalog.narrow.map((n) => (
                <label key={n} className={`pol-toggle${(e.narrow ?? []).includes(n) ? ' is-on' : ''}`}>
                  <input
                    type="checkbox"
                    checked={(e.narrow ?? []).includes(n)}
                    onChange={(ev) => onChange(setNarrow(grants, action, i, n, ev.target.checked, catalog.narrow))}
                    data-testid={`narrow-${action}-${i}-${n}`}
                  />
                  {n}
                </label>
              ))}
            {e.domain && (
              <select
                className="adm-select pol-grants__dept"
                value={e.department ?? ''}
                onChange={(ev) => onChange(setDepartment(grants, action, i, ev.target.value))}
                aria-label={intl.formatMessage({ id: 'admin.policies.grants.department', defaultMessage: 'Department access needed' })}
              >
                <option value="">{intl.formatMessage({ id: 'admin.policies.grants.noDepartment', defaultMessage: 'No department needed' })}</option>
                {catalog.departments.map((d) => (
                  <option key={d} value={d}>
                    {intl.formatMessage({ id: 'admin.policies.grants.departmentOf', defaultMessage: 'Department of the {attr}' }, { attr: d })}
                  </option>
                ))}
              </select>
            )}
          </td>
        </tr>
      ))}
      <tr className="pol-grants__add">
        <td colSpan={cols + 2}>
          {entries.length === 0 && (
            <span className="adm-muted pol-grants__rego">
              <FormattedMessage id="admin.policies.grants.regoOnly" defaultMessage="No grant: decided by a Rego rule only." />{' '}
              <Link to="/admin/policies/rego">
                <FormattedMessage id="admin.policies.grants.openRego" defaultMessage="Open the Rego rules" />
              </Link>
            </span>
          )}
          <select className="adm-select adm-select--narrow" value={domain} onChange={(e) => setDomain(e.target.value)} aria-label={intl.formatMessage({ id: 'admin.policies.grants.addDomain', defaultMessage: 'Permission name' })}>
            <option value="">{intl.formatMessage({ id: 'admin.policies.grants.addDomain', defaultMessage: 'Permission name' })}</option>
            {catalog.permissions.map((p) => (
              <option key={p}>{p}</option>
            ))}
            <optgroup label={intl.formatMessage({ id: 'admin.policies.grants.flags', defaultMessage: 'User access flags' })}>
              {catalog.flags.map((f) => (
                <option key={f} value={FLAG_PREFIX + f}>
                  {f}
                </option>
              ))}
            </optgroup>
          </select>
          <select className="adm-select adm-select--narrow" disabled={isFlag} value={role} onChange={(e) => setNewRole(e.target.value)} aria-label={intl.formatMessage({ id: 'admin.policies.grants.addRole', defaultMessage: 'Role' })}>
            <option value="">{intl.formatMessage({ id: 'admin.policies.grants.addRole', defaultMessage: 'Role' })}</option>
            {catalog.roles.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
          <button
            type="button"
            className="its-btn its-btn--secondary its-btn--sm"
            disabled={!domain || (!role && !isFlag)}
            onClick={() => {
              onChange(addEntry(grants, action, domain, role));
              setDomain('');
              setNewRole('');
            }}
          >
            <FormattedMessage id="admin.policies.grants.add" defaultMessage="Grant" />
          </button>
        </td>
      </tr>
    </>
  );
}

function GrantsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.policies.grants.pageTitle', defaultMessage: 'Grants' }));
  const catalog = useCatalog();
  const live = useLiveVersion();
  const [module, setModule] = useState('');
  const [draft, setDraft] = useState<Grants | null>(null);
  const [saving, setSaving] = useState<Files | null>(null);
  const liveFiles = live.data?.files;
  const liveGrants = useMemo(() => (liveFiles ? parseGrants(liveFiles[GRANTS_FILE] ?? '{}') : null), [liveFiles]);

  // A draft of the live version kept from earlier in the session comes back.
  useEffect(() => {
    if (!live.data || !liveFiles || draft) return;
    const kept = loadDraft();
    if (kept && kept.base === live.data.version && kept.files[GRANTS_FILE] !== liveFiles[GRANTS_FILE]) setDraft(parseGrants(kept.files[GRANTS_FILE] ?? '{}'));
  }, [live.data, liveFiles, draft]);

  const grants = draft ?? liveGrants;
  const changed = useMemo(() => (grants && liveGrants ? changedActions(liveGrants, grants) : []), [grants, liveGrants]);
  // The draft is one for all policy pages: Rego edits kept in it are saved with the grants.
  const baseFiles = (): Files | undefined => {
    const kept = loadDraft();
    return kept && live.data && kept.base === live.data.version ? kept.files : liveFiles;
  };
  const files: Files | null = liveFiles && grants ? { ...baseFiles(), [GRANTS_FILE]: serialize(grants) } : null;
  const edit = (g: Grants) => {
    setDraft(g);
    if (live.data && liveFiles) storeDraft({ base: live.data.version, files: { ...baseFiles(), [GRANTS_FILE]: serialize(g) } });
  };
  const discard = () => {
    setDraft(null);
    storeDraft(null);
  };
  const modules = catalog.data?.modules ?? [];
  const current = modules.find((m) => m.id === module) ?? modules[0];

  return (
    <div className="adm-page" data-testid="admin-policies">
      <AdminHeader />
      <div className="adm-body">
        <PolicyNav />
        <div className="pol-bar">
          <span className="pol-bar__live" data-testid="policy-live">
            {live.data && (
              <FormattedMessage
                id="admin.policies.liveVersion"
                defaultMessage="Live: version {version}, {when}"
                values={{ version: live.data.version, when: intl.formatDate(live.data.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) }}
              />
            )}
          </span>
          {changed.length > 0 && (
            <span className="pol-bar__changes" data-testid="grants-changed">
              <FormattedMessage id="admin.policies.unsaved" defaultMessage="{count, plural, one {# action changed} other {# actions changed}}, not saved" values={{ count: changed.length }} />
            </span>
          )}
          <button type="button" className="its-btn its-btn--secondary" disabled={changed.length === 0} onClick={discard} data-testid="grants-discard">
            <FormattedMessage id="admin.action.discard" defaultMessage="Discard changes" />
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={changed.length === 0} onClick={() => setSaving(files)} data-testid="grants-review">
            <Icon name="check" size={16} />
            <FormattedMessage id="admin.policies.review" defaultMessage="Review and save" />
          </button>
        </div>
        <section className="adm-card pol-grants">
          <aside className="pol-grants__modules" aria-label={intl.formatMessage({ id: 'admin.policies.grants.modules', defaultMessage: 'Modules' })}>
            {catalog.isPending
              ? [0, 1, 2, 3, 4, 5].map((i) => (
                  <div key={i} className="pol-grants__module">
                    <Skeleton width={120} />
                  </div>
                ))
              : modules.map((m) => {
                  const n = m.actions.filter((a) => changed.includes(a.id)).length;
                  return (
                    <button
                      type="button"
                      key={m.id}
                      className={`pol-grants__module${m.id === current?.id ? ' is-active' : ''}`}
                      onClick={() => setModule(m.id)}
                      data-testid={`grants-module-${m.id}`}
                    >
                      <span>{m.id}</span>
                      <span className="pol-grants__count">{n > 0 ? `● ${n}` : m.actions.length}</span>
                    </button>
                  );
                })}
          </aside>
          <div className="pol-grants__main">
            {!current || !grants || !catalog.data ? (
              live.isError || catalog.isError ? (
                <EmptyState icon="warning" title={<FormattedMessage id="admin.policies.loadError" defaultMessage="The policies could not be loaded." />} />
              ) : (
                <div className="pol-grants__loading">
                  <Skeleton width="60%" />
                </div>
              )
            ) : (
              <div className="adm-table-wrap">
                <table className="adm-table pol-grants__table" data-testid="grants-table">
                  <thead>
                    <tr>
                      <th scope="col">
                        <FormattedMessage id="admin.policies.grants.permission" defaultMessage="Action and permission" />
                      </th>
                      {catalog.data.roles.map((r) => (
                        <th key={r} scope="col" className="pol-grants__role">
                          <span>{r}</span>
                        </th>
                      ))}
                      <th scope="col">
                        <FormattedMessage id="admin.policies.grants.narrowing" defaultMessage="Narrowed by, user access" />
                      </th>
                    </tr>
                  </thead>
                  {current.actions.map((a) => (
                    <tbody key={a.id} className={changed.includes(a.id) ? 'is-changed' : undefined} data-testid={`grants-action-${a.id}`}>
                      <tr className="pol-grants__action">
                        <th scope="rowgroup" colSpan={catalog.data!.roles.length + 2}>
                          <code>{a.id}</code>
                          {a.description && <span className="pol-grants__desc">{a.description}</span>}
                          {changed.includes(a.id) && (
                            <span className="pol-chip pol-chip--changed">
                              <FormattedMessage id="admin.policies.grants.changed" defaultMessage="changed" />
                            </span>
                          )}
                        </th>
                      </tr>
                      <EntryRows action={a.id} grants={grants} catalog={catalog.data!} onChange={edit} />
                    </tbody>
                  ))}
                </table>
              </div>
            )}
          </div>
        </section>
      </div>
      {saving && live.data && (
        <SaveDialog
          turnByDefault
          base={live.data.version}
          files={saving}
          onClose={() => setSaving(null)}
          onSaved={() => {
            setSaving(null);
            discard();
          }}
        />
      )}
    </div>
  );
}

export default withModuleMessages(GrantsPage, loadMessages);
