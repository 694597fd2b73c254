/**
 * The wholesale customer lookup (product spec §3.6, §5.7; platform spec §7): the region, then
 * the customer found by the start of its name (POST orders/wof/customer/name/autocomplete); the
 * pick reads the customer's details with its terms (POST orders/wof/customer/details), which needs
 * its email, region and id — without all three nothing is sent.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Autocomplete, Spinner, isCancelled } from '@its/kit';
import { customerAutocomplete, customerDetails, type Customer } from '../api';
import { fieldLabel } from '../messages';

export const WHOLESALE_REGIONS = ['US', 'EU'];
/** The server answers names of 2 characters or more. */
const MIN_NAME = 2;

/** The details call's body, or null when the customer lacks email, region or id (spec §5.7). */
export function detailsRequest(c: Pick<Customer, 'email' | 'region' | 'id'>): { email: string; region: string; id: string } | null {
  const email = c.email?.trim() ?? '';
  const region = c.region?.trim() ?? '';
  const id = c.id?.trim() ?? '';
  return email && region && id ? { email, region, id } : null;
}

export interface CustomerPickerProps {
  region: string;
  onRegion: (region: string) => void;
  /** The picked customer with its details and terms. */
  onCustomer: (c: Customer) => void;
  autoFocus?: boolean;
}

export function CustomerPicker({ region, onRegion, onCustomer, autoFocus }: CustomerPickerProps) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const pick = async (c: Customer) => {
    setText(c.name ?? '');
    setError('');
    const body = detailsRequest(c);
    if (!body) {
      setError(intl.formatMessage({ id: 'orders.customer.incomplete', defaultMessage: 'This customer has no e-mail, region or id on file and cannot be looked up.' }));
      return;
    }
    setBusy(true);
    try {
      onCustomer(await customerDetails(body));
    } catch (e) {
      if (!isCancelled(e)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="or-customer-picker" data-testid="customer-picker">
      <label className="its-field or-field">
        <span className="its-field__label">{fieldLabel(intl, 'region')}</span>
        <select className="its-input" value={region} onChange={(e) => onRegion(e.target.value)} data-testid="customer-region">
          {WHOLESALE_REGIONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <div className="its-field or-field">
        <span className="its-field__label">{fieldLabel(intl, 'customerName')}</span>
        <Autocomplete<Customer>
          value={text}
          onText={setText}
          minChars={MIN_NAME}
          fetch={(t, signal) => customerAutocomplete(t, region, signal)}
          onPick={(c) => void pick(c)}
          keyOf={(c) => `${c.region}/${c.id}`}
          render={(c) => (
            <span className="its-ac__text">
              <strong>{c.name}</strong>
              <small>
                {c.id} · {c.account} · {[c.address?.city, c.country].filter(Boolean).join(', ')}
              </small>
            </span>
          )}
          label={fieldLabel(intl, 'customerName')}
          placeholder={intl.formatMessage({ id: 'orders.customer.placeholder', defaultMessage: 'Type the start of the customer’s name' })}
          testId="customer-name"
          autoFocus={autoFocus}
        />
      </div>
      {busy && (
        <p className="or-dialog-note or-field--wide">
          <Spinner size={14} /> <FormattedMessage id="orders.customer.loading" defaultMessage="Reading the customer’s details…" />
        </p>
      )}
      {error && (
        <p className="its-field__error or-field--wide" role="alert" data-testid="customer-error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface CustomerCardProps {
  customer: Customer;
  /** The term shown as picked; with onTerm the user may pick another of the customer's terms. */
  onTerm?: (code: string) => void;
  disabled?: boolean;
}

/** A customer's details: id, account, contact, address, currency and its term. */
export function CustomerCard({ customer: c, onTerm, disabled }: CustomerCardProps) {
  const intl = useIntl();
  const a = c.address;
  const terms = c.terms ?? (c.termsInfo ? [c.termsInfo] : []);
  return (
    <div className="or-customer-card" data-testid="customer-card">
      <div className="or-customer-card__name">
        <strong data-testid="customer-card-name">{c.name}</strong>
        <span className="or-customer-card__meta">
          {c.id} · {c.region} · {c.currency}
        </span>
      </div>
      <dl className="or-customer-card__facts">
        <div>
          <dt>{fieldLabel(intl, 'account')}</dt>
          <dd>{c.account || '—'}</dd>
        </div>
        <div>
          <dt>{fieldLabel(intl, 'email')}</dt>
          <dd>{c.email || '—'}</dd>
        </div>
        <div>
          <dt>{fieldLabel(intl, 'address')}</dt>
          <dd>
            {a && (a.address1 || a.city) ? (
              <>
                {[a.address1, a.address2].filter(Boolean).join(', ')}
                <br />
                {[a.city, [a.state, a.zip].filter(Boolean).join(' '), a.country || c.country].filter(Boolean).join(', ')}
              </>
            ) : (
              c.country || '—'
            )}
          </dd>
        </div>
        <div>
          <dt>{fieldLabel(intl, 'terms')}</dt>
          <dd>
            {onTerm && terms.length > 1 ? (
              <select className="its-input or-customer-card__terms" value={c.termsInfo?.code ?? ''} disabled={disabled} onChange={(e) => onTerm(e.target.value)} aria-label={fieldLabel(intl, 'terms')} data-testid="customer-terms">
                {terms.map((t) => (
                  <option key={t.code} value={t.code}>
                    {t.code} · {t.description}
                  </option>
                ))}
              </select>
            ) : (
              <span data-testid="customer-terms-text">{c.termsInfo ? `${c.termsInfo.code} · ${c.termsInfo.description}` : '—'}</span>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
