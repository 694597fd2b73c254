/**
 * The side panel editor of one account: status, permissions, flags and department access.
 * Saving sends only what changed; the server's validation errors land next to their fields.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon, Skeleton, Spinner, confirm, toast, useCurrentUser } from '@its/kit';
import { TRANSITIONS, useAdminOptions, useUpdateUser, useUser, type AccountStatus, type AdminOptions, type AdminUser } from '../api';
import { fieldErrors, type FieldErrors } from '../errors';
import { departmentLabels, flagLabels, initials, label, statusLabels } from '../labels';
import { StatusBadge } from '../StatusBadge';
import { buildPatch, checkForm, isDirty, placeErrors, toForm, type AccountForm } from './form';
import { PermissionEditor } from './PermissionEditor';
import { useAccountActions, useFailureToast } from './useAccountActions';

/** Whether the open editor holds unsaved changes (asked before another account replaces it). */
export const editorState = { dirty: false };

export function UserEditor({ userId, initial }: { userId: string; initial?: AdminUser }) {
  const user = useUser(userId, initial);
  const options = useAdminOptions();
  if (user.data && options.data) return <EditorForm user={user.data} options={options.data} />;
  if (user.isError || options.isError) {
    return (
      <div className="adm-editor__state" data-testid="editor-error">
        <Icon name="warning" size={22} />
        <p>
          <FormattedMessage id="admin.editor.loadError" defaultMessage="This account could not be loaded." />
        </p>
        <button type="button" className="its-btn its-btn--secondary" onClick={() => void Promise.all([user.refetch(), options.refetch()])}>
          <FormattedMessage id="admin.action.retry" defaultMessage="Try again" />
        </button>
      </div>
    );
  }
  return (
    <div className="adm-editor__loading" data-testid="editor-loading">
      <div className="adm-editor__profile">
        <Skeleton width={48} height={48} radius={24} />
        <div className="adm-editor__who">
          <Skeleton width="60%" />
          <Skeleton width="80%" height={11} />
        </div>
      </div>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} width="100%" height={64} radius={10} />
      ))}
    </div>
  );
}

function Section({ title, count, error, children, testId }: { title: ReactNode; count?: number; error?: string; children: ReactNode; testId?: string }) {
  return (
    <section className="adm-section" data-testid={testId}>
      <h3 className="adm-section__title">
        {title}
        {count !== undefined && <span className="adm-section__count">{count}</span>}
      </h3>
      {error && (
        <div className="adm-section__error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          <Icon name="error" size={16} />
          <span>{error}</span>
        </div>
      )}
      {children}
    </section>
  );
}

function Checks({
  name,
  choices,
  checked,
  text,
  onChange,
  disabled,
}: {
  name: string;
  choices: string[];
  checked: string[];
  text: (v: string) => string;
  onChange: (next: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <div className="adm-checks">
      {choices.map((c) => {
        const on = checked.includes(c);
        return (
          <label key={c} className={`adm-check${on ? ' is-on' : ''}`}>
            <input
              type="checkbox"
              name={name}
              value={c}
              checked={on}
              disabled={disabled}
              onChange={() => onChange(on ? checked.filter((x) => x !== c) : [...checked, c])}
              data-testid={`${name}-${c}`}
            />
            <span className="adm-check__box" aria-hidden>
              <Icon name="check" size={13} />
            </span>
            <span>{text(c)}</span>
          </label>
        );
      })}
    </div>
  );
}

function EditorForm({ user, options }: { user: AdminUser; options: AdminOptions }) {
  const intl = useIntl();
  const me = useCurrentUser();
  const self = me?.id === user.id;
  const update = useUpdateUser();
  const failed = useFailureToast();
  const actions = useAccountActions();
  const [base, setBase] = useState(user);
  const [form, setForm] = useState<AccountForm>(() => toForm(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const dirty = isDirty(base, form);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  // A newer copy of the account (read again, or changed by an action) replaces an untouched form;
  // an edited one keeps its edits but follows the status.
  const seen = useRef(user);
  useEffect(() => {
    if (seen.current === user) return;
    seen.current = user;
    setBase(user);
    setForm((f) => (dirtyRef.current ? { ...f, status: user.status } : toForm(user)));
  }, [user]);

  useEffect(() => {
    editorState.dirty = dirty;
  }, [dirty]);
  useEffect(() => () => void (editorState.dirty = false), []);

  const edit = (next: Partial<AccountForm>, cleared: string[] = []) => {
    setForm((f) => ({ ...f, ...next }));
    if (cleared.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(k) && k !== 'form')));
  };

  const name = base.fullName || `${base.name} ${base.lastName}`.trim() || base.email;

  const save = async () => {
    const snapshot = form;
    const local = checkForm(intl, snapshot);
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const patch = buildPatch(base, snapshot);
    if (Object.keys(patch).length === 0) return;
    if (patch.status === 'deactivated') {
      const answer = await confirm({
        tone: 'danger',
        title: intl.formatMessage({ id: 'admin.confirm.deactivateTitle', defaultMessage: 'Are you sure?' }),
        message: intl.formatMessage(
          {
            id: 'admin.confirm.deactivateBody',
            defaultMessage: '{name} will be logged out at once and cannot log in again until the account is activated.',
          },
          { name },
        ),
        yesText: intl.formatMessage({ id: 'admin.action.deactivate', defaultMessage: 'Deactivate' }),
        noText: intl.formatMessage({ id: 'admin.action.cancel', defaultMessage: 'Cancel' }),
      });
      if (answer !== 'yes') return;
    }
    try {
      const saved = await update.mutateAsync({ id: base.id, patch });
      setErrors({});
      setBase(saved);
      setForm(toForm(saved));
      const text =
        patch.status === 'deactivated'
          ? intl.formatMessage({ id: 'admin.toast.deactivated', defaultMessage: '{name} was deactivated and logged out.' }, { name })
          : patch.status === 'active'
            ? intl.formatMessage({ id: 'admin.toast.activated', defaultMessage: '{name} can log in again.' }, { name })
            : intl.formatMessage({ id: 'admin.toast.saved', defaultMessage: 'The changes to {name} are saved.' }, { name });
      toast.success(text);
    } catch (e) {
      const fe = fieldErrors(e);
      if (fe) setErrors(placeErrors(intl, fe, snapshot.rows));
      else failed(e);
    }
  };

  // An account of a company provider ("oidc:<id>", "saml:<id>") gets its permissions from there.
  const provider = /^(?:oidc|saml):(.+)$/.exec(base.strategy ?? '')?.[1];
  const statusChoices: AccountStatus[] = [base.status, ...(TRANSITIONS[base.status] ?? [])];
  const errorCount = Object.keys(errors).length;
  const saving = update.isPending;

  return (
    <form
      className="adm-editor"
      data-testid="user-editor"
      data-user-id={base.id}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      <div className="adm-editor__profile">
        <span className="adm-avatar adm-avatar--lg" aria-hidden>
          {initials(base.name, base.lastName, base.email)}
        </span>
        <div className="adm-editor__who">
          <strong className="adm-editor__name" data-testid="editor-name">
            {name}
            {self && (
              <span className="adm-tag">
                <FormattedMessage id="admin.users.you" defaultMessage="You" />
              </span>
            )}
          </strong>
          <span className="adm-editor__mail">{base.email}</span>
          <span className="adm-editor__meta">
            {base.userCode && <code className="adm-code">{base.userCode}</code>}
            <StatusBadge status={base.status} />
          </span>
        </div>
      </div>

      {base.status === 'pendingApproval' ? (
        <div className="adm-callout" data-testid="editor-request">
          <Icon name="clock" size={18} />
          <div className="adm-callout__text">
            <strong>
              <FormattedMessage id="admin.editor.requestTitle" defaultMessage="Access request" />
            </strong>
            <span>
              <FormattedMessage
                id="admin.editor.requestBody"
                defaultMessage="{name} confirmed the e-mail address and waits for approval. Approving mails a link to set a password."
                values={{ name }}
              />
            </span>
            <div className="adm-callout__actions">
              <button type="button" className="its-btn its-btn--primary adm-btn-sm" disabled={!!actions.busy} onClick={() => void actions.approve(base)} data-testid="editor-approve">
                <Icon name="check" size={16} />
                <FormattedMessage id="admin.action.approve" defaultMessage="Approve" />
              </button>
              <button type="button" className="its-btn its-btn--secondary adm-btn-sm" disabled={!!actions.busy} onClick={() => void actions.refuse(base)} data-testid="editor-refuse">
                <FormattedMessage id="admin.action.refuse" defaultMessage="Refuse" />
              </button>
            </div>
          </div>
        </div>
      ) : (
        <Section title={<FormattedMessage id="admin.editor.status" defaultMessage="Account status" />} error={errors.status} testId="section-status">
          <select
            className={`adm-select${errors.status ? ' is-invalid' : ''}`}
            value={form.status}
            onChange={(e) => edit({ status: e.target.value as AccountStatus }, ['status'])}
            disabled={self || statusChoices.length < 2 || saving}
            aria-label={intl.formatMessage({ id: 'admin.editor.status', defaultMessage: 'Account status' })}
            data-testid="editor-status"
          >
            {statusChoices.map((s) => (
              <option key={s} value={s}>
                {label(intl, statusLabels, s)}
              </option>
            ))}
          </select>
          {self && (
            <p className="adm-hint">
              <FormattedMessage id="admin.editor.selfStatus" defaultMessage="You cannot change the status of your own account." />
            </p>
          )}
          {form.status === 'deactivated' && base.status !== 'deactivated' && (
            <p className="adm-hint adm-hint--warn" data-testid="deactivate-hint">
              <FormattedMessage id="admin.editor.deactivateHint" defaultMessage="Saving logs this person out and blocks the account." />
            </p>
          )}
        </Section>
      )}

      <Section
        title={<FormattedMessage id="admin.editor.permissions" defaultMessage="Permissions" />}
        count={form.rows.length}
        error={errors.permissions}
        testId="section-permissions"
      >
        <p className="adm-hint adm-hint--lead">
          <FormattedMessage
            id="admin.editor.permissionsHint"
            defaultMessage="Each permission is a role in one area, optionally limited to a channel, a region and a product type."
          />
        </p>
        {provider && (
          <p className="adm-hint adm-hint--warn" data-testid="sso-managed">
            <FormattedMessage
              id="admin.editor.ssoManaged"
              defaultMessage="{name} signs in through the company provider {provider}: at every sign-in, permissions, access flags and territories are set again from the provider's groups, so a change here lasts only until the next sign-in. Change the group mapping under Policies instead."
              values={{ name, provider }}
            />
          </p>
        )}
        <PermissionEditor
          rows={form.rows}
          onChange={(rows) => edit({ rows }, ['permissions'])}
          options={options}
          errors={errors}
          onFieldEdited={(k) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => key !== k && key !== 'form')))}
          disabled={saving}
        />
      </Section>

      <Section title={<FormattedMessage id="admin.editor.flags" defaultMessage="Access flags" />} error={errors.flags} testId="section-flags">
        <Checks
          name="flag"
          choices={options.flags}
          checked={form.flags}
          text={(v) => label(intl, flagLabels, v)}
          onChange={(flags) => edit({ flags }, ['flags'])}
          disabled={saving}
        />
      </Section>

      <Section title={<FormattedMessage id="admin.editor.departments" defaultMessage="Department access" />} error={errors.departmentAccess} testId="section-departments">
        <p className="adm-hint adm-hint--lead">
          <FormattedMessage id="admin.editor.departmentsHint" defaultMessage="Which sample inventory libraries this person may open." />
        </p>
        <Checks
          name="department"
          choices={options.departments}
          checked={form.departments}
          text={(v) => label(intl, departmentLabels, v)}
          onChange={(departments) => edit({ departments }, ['departmentAccess'])}
          disabled={saving}
        />
      </Section>

      {(base.userTBEs?.length ?? 0) > 0 && (
        <Section title={<FormattedMessage id="admin.editor.territories" defaultMessage="Territories" />} testId="section-territories">
          <ul className="adm-tbes">
            {base.userTBEs?.map((t, i) => (
              <li key={`${t.territory}:${t.businessEntity}:${i}`} className="adm-tbe">
                <span className="adm-tbe__name">
                  {t.territory} · {t.businessEntity}
                </span>
                <span className="adm-tbe__locs">{t.locations.map((l) => l.key).join(', ')}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <div className="adm-editor__footer">
        {errorCount > 0 && (
          <div className="adm-editor__summary" role="alert" data-testid="editor-errors">
            <Icon name="error" size={16} />
            <span>
              {errors.form ?? (
                <FormattedMessage
                  id="admin.editor.errors"
                  defaultMessage="{n, plural, one {One field needs} other {# fields need}} your attention."
                  values={{ n: errorCount }}
                />
              )}
            </span>
          </div>
        )}
        <div className="adm-editor__buttons">
          <button
            type="button"
            className="its-btn its-btn--ghost"
            disabled={!dirty || saving}
            onClick={() => {
              setForm(toForm(base));
              setErrors({});
            }}
            data-testid="editor-discard"
          >
            <FormattedMessage id="admin.action.discard" defaultMessage="Discard changes" />
          </button>
          <button type="submit" className="its-btn its-btn--primary" disabled={!dirty || saving} data-testid="editor-save">
            {saving ? <Spinner size={16} /> : <Icon name="check" size={16} />}
            <FormattedMessage id="admin.action.save" defaultMessage="Save changes" />
          </button>
        </div>
      </div>
    </form>
  );
}
