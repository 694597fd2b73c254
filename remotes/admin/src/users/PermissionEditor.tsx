/**
 * The permissions of one account as editable rows: a role in a permission domain, narrowed by
 * channel, region and product type. Errors are keyed by row key and field (`<key>.role`).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Permission } from '@its/kit';
import type { AdminOptions } from '../api';
import type { FieldErrors } from '../errors';
import { Glyph } from '../glyphs';
import { domainLabels, label, narrowLabel, roleLabels } from '../labels';

export interface PermissionRow extends Required<Permission> {
  /** Local identity of the row, stable while rows are added and removed. */
  key: string;
}

type Field = keyof Permission;

let nextKey = 0;
export const newRowKey = () => `p${++nextKey}`;

export const toRows = (perms: Permission[]): PermissionRow[] =>
  perms.map((p) => ({
    key: newRowKey(),
    domain: p.domain,
    role: p.role,
    channel: p.channel || 'All',
    region: p.region || 'All',
    productType: p.productType || 'All',
  }));

export const fromRows = (rows: PermissionRow[]): Permission[] =>
  rows.map(({ domain, role, channel, region, productType }) => ({ domain, role, channel, region, productType }));

export const blankRow = (): PermissionRow => ({ key: newRowKey(), domain: '', role: '', channel: 'All', region: 'All', productType: 'All' });

interface Props {
  rows: PermissionRow[];
  onChange: (rows: PermissionRow[]) => void;
  options: Pick<AdminOptions, 'permissions' | 'roles' | 'channels' | 'regions' | 'productTypes'>;
  errors?: FieldErrors;
  /** Edits of one field clear its error. */
  onFieldEdited?: (errorKey: string) => void;
  disabled?: boolean;
}

function Choice({
  value,
  choices,
  text,
  onChange,
  ariaLabel,
  placeholder,
  error,
  testId,
  disabled,
  className,
  caption,
}: {
  caption?: string;
  value: string;
  choices: string[];
  text: (v: string) => string;
  onChange: (v: string) => void;
  ariaLabel: string;
  placeholder?: string;
  error?: string;
  testId: string;
  disabled?: boolean;
  className?: string;
}) {
  // A value the server knows but the options do not (older data) still shows.
  const list = value && !choices.includes(value) ? [value, ...choices] : choices;
  return (
    <div className={`adm-choice${className ? ` ${className}` : ''}`}>
      {caption && (
        <span className="adm-choice__caption" aria-hidden>
          {caption}
        </span>
      )}
      <select
        className={`adm-select${error ? ' is-invalid' : ''}${value ? '' : ' is-empty'}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={ariaLabel}
        aria-invalid={error ? true : undefined}
        title={value || undefined}
        data-testid={testId}
        disabled={disabled}
      >
        {!value && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {list.map((c) => (
          <option key={c} value={c} title={c}>
            {text(c)}
          </option>
        ))}
      </select>
      {error && (
        <span className="adm-field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

export function PermissionEditor({ rows, onChange, options, errors = {}, onFieldEdited, disabled }: Props) {
  const intl = useIntl();
  const listRef = useRef<HTMLDivElement>(null);
  const added = useRef<string | null>(null);

  useEffect(() => {
    if (!added.current) return;
    listRef.current?.querySelector<HTMLSelectElement>(`[data-row-key="${added.current}"] select`)?.focus();
    added.current = null;
  }, [rows]);

  const set = (key: string, field: Field, value: string) => {
    onChange(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
    onFieldEdited?.(`${key}.${field}`);
  };
  const add = () => {
    const row = blankRow();
    added.current = row.key;
    onChange([...rows, row]);
  };
  const remove = (key: string) => onChange(rows.filter((r) => r.key !== key));

  const f = {
    domain: intl.formatMessage({ id: 'admin.perm.domain', defaultMessage: 'Permission' }),
    role: intl.formatMessage({ id: 'admin.perm.role', defaultMessage: 'Role' }),
    channel: intl.formatMessage({ id: 'admin.perm.channel', defaultMessage: 'Channel' }),
    region: intl.formatMessage({ id: 'admin.perm.region', defaultMessage: 'Region' }),
    productType: intl.formatMessage({ id: 'admin.perm.productType', defaultMessage: 'Product type' }),
  };
  const numbered = (what: string, n: number) =>
    intl.formatMessage({ id: 'admin.perm.fieldOfRow', defaultMessage: '{field}, permission {n}' }, { field: what, n });

  let body: ReactNode;
  if (rows.length === 0) {
    body = (
      <p className="adm-perms__empty" data-testid="permissions-empty">
        <FormattedMessage id="admin.perm.none" defaultMessage="No permissions: this account can open nothing but the dashboard." />
      </p>
    );
  } else {
    body = rows.map((r, i) => (
      <div key={r.key} className="adm-perm" data-testid="permission-row" data-row-key={r.key}>
        <div className="adm-perm__line">
          <Choice
            className="adm-choice--grow"
            value={r.domain}
            choices={options.permissions}
            text={(v) => label(intl, domainLabels, v)}
            onChange={(v) => set(r.key, 'domain', v)}
            ariaLabel={numbered(f.domain, i + 1)}
            placeholder={intl.formatMessage({ id: 'admin.perm.chooseDomain', defaultMessage: 'Choose a permission…' })}
            error={errors[`${r.key}.domain`]}
            testId="perm-domain"
            disabled={disabled}
          />
          <Choice
            className="adm-choice--role"
            value={r.role}
            choices={options.roles}
            text={(v) => label(intl, roleLabels, v)}
            onChange={(v) => set(r.key, 'role', v)}
            ariaLabel={numbered(f.role, i + 1)}
            placeholder={intl.formatMessage({ id: 'admin.perm.chooseRole', defaultMessage: 'Choose a role…' })}
            error={errors[`${r.key}.role`]}
            testId="perm-role"
            disabled={disabled}
          />
          <button
            type="button"
            className="its-icon-btn adm-perm__remove"
            onClick={() => remove(r.key)}
            aria-label={intl.formatMessage({ id: 'admin.perm.remove', defaultMessage: 'Remove permission {n}' }, { n: i + 1 })}
            title={intl.formatMessage({ id: 'admin.perm.removeShort', defaultMessage: 'Remove' })}
            data-testid="perm-remove"
            disabled={disabled}
          >
            <Glyph name="trash" size={17} />
          </button>
        </div>
        <div className="adm-perm__line adm-perm__line--narrow">
          {(['channel', 'region', 'productType'] as const).map((field) => (
            <Choice
              key={field}
              value={r[field]}
              choices={options[field === 'channel' ? 'channels' : field === 'region' ? 'regions' : 'productTypes']}
              text={(v) => narrowLabel(intl, v)}
              onChange={(v) => set(r.key, field, v)}
              caption={f[field]}
              ariaLabel={numbered(f[field], i + 1)}
              error={errors[`${r.key}.${field}`]}
              testId={`perm-${field}`}
              disabled={disabled}
            />
          ))}
        </div>
      </div>
    ));
  }

  return (
    <div className="adm-perms" ref={listRef}>
      {body}
      <button type="button" className="adm-add" onClick={add} data-testid="perm-add" disabled={disabled}>
        <Glyph name="plus" size={16} />
        <FormattedMessage id="admin.perm.add" defaultMessage="Add permission" />
      </button>
    </div>
  );
}
