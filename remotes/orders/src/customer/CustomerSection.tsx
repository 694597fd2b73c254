/**
 * A wholesale order's customer on its detail page: the customer's details and term, and, while
 * the order may be changed, another of its terms, another customer found by name, or another
 * rep (checked with POST orders/wof/rep before it is saved). The order sends only the customer's
 * region, id and term; the server stores the lookup's record and checks the rep again.
 */
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, isCancelled } from '@its/kit';
import { ProductIcon } from '@its/remote-products/api';
import { customerRef, validateRep, type Customer, type Order, type OrderFields } from '../api';
import { fieldLabel, msg } from '../messages';
import { CustomerCard, CustomerPicker } from './CustomerPicker';

export interface CustomerSectionProps {
  order: Order;
  canEdit: boolean;
  /** Saves order fields; false when the server refused (the page told why). */
  onSave: (fields: OrderFields) => Promise<boolean>;
}

export function CustomerSection({ order, canEdit, onSave }: CustomerSectionProps) {
  const intl = useIntl();
  const [picking, setPicking] = useState(false);
  const [region, setRegion] = useState(order.region || order.customer?.region || 'US');
  const [busy, setBusy] = useState(false);
  const c = order.customer?.id ? order.customer : null;

  const save = async (next: Customer) => {
    setBusy(true);
    try {
      if (await onSave({ customer: customerRef(next) })) setPicking(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="or-customer-section" aria-label={fieldLabel(intl, 'customerName')} data-testid="order-customer">
      {c ? (
        <CustomerCard customer={c} disabled={busy} onTerm={canEdit ? (code) => void save({ ...c, termsInfo: { code, description: '' } }) : undefined} />
      ) : (
        <p className="or-dialog-note">
          <FormattedMessage id="orders.customer.none" defaultMessage="No customer yet." />
        </p>
      )}
      <RepField value={order.repNumber} canEdit={canEdit} onSave={(repNumber) => onSave({ repNumber })} />
      {canEdit && (
        <button type="button" className="its-btn its-btn--secondary" onClick={() => setPicking(true)} disabled={busy} data-testid="order-customer-change">
          <ProductIcon name="users" />
          <FormattedMessage id="orders.customer.change" defaultMessage="Change customer" />
        </button>
      )}
      {picking && (
        <Dialog
          open
          title={intl.formatMessage({ id: 'orders.customer.changeTitle', defaultMessage: 'Change the customer of order {n}' }, { n: order.orderNumber })}
          onClose={() => setPicking(false)}
          width={560}
          testId="customer-dialog"
          actions={
            <button type="button" className="its-btn its-btn--secondary" onClick={() => setPicking(false)}>
              {intl.formatMessage(msg.cancel)}
            </button>
          }
        >
          <p className="or-dialog-note">
            <FormattedMessage id="orders.customer.changeHelp" defaultMessage="The order takes the customer's region, account, rep and default term." />
          </p>
          <div className="or-form">
            <CustomerPicker region={region} onRegion={setRegion} onCustomer={(next) => void save({ ...next, termsInfo: null })} autoFocus />
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** The order's rep number: typed, checked as an active rep, then saved. */
function RepField({ value, canEdit, onSave }: { value: string; canEdit: boolean; onSave: (repNumber: string) => Promise<boolean> }) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  // The number last sent (Enter, then the blur that follows, send it once).
  const sent = useRef(value);
  useEffect(() => {
    setText(value);
    sent.current = value;
  }, [value]);

  const commit = async () => {
    const v = text.trim().toUpperCase();
    if (v === sent.current) return;
    sent.current = v;
    setError('');
    setName('');
    setBusy(true);
    try {
      if (v) {
        const r = await validateRep(v);
        if (!r.valid) {
          sent.current = value;
          setError(intl.formatMessage({ id: 'orders.rep.invalid', defaultMessage: '{rep} is not an active rep.' }, { rep: v }));
          return;
        }
        setName(r.rep?.name ?? '');
      }
      if (!(await onSave(v))) {
        sent.current = value;
        setName('');
      }
    } catch (e) {
      sent.current = value;
      if (!isCancelled(e)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <label className="its-field or-rep">
      <span className="its-field__label">{fieldLabel(intl, 'repNumber')}</span>
      <input
        className="its-input"
        value={text}
        disabled={!canEdit || busy}
        maxLength={10}
        onChange={(e) => setText(e.target.value.toUpperCase())}
        onBlur={() => void commit()}
        onKeyDown={(e) => e.key === 'Enter' && void commit()}
        aria-invalid={!!error}
        data-testid="order-rep"
      />
      {name && !error && <span className="or-rep__name">{name}</span>}
      {error && (
        <span className="its-field__error" role="alert" data-testid="order-rep-error">
          {error}
        </span>
      )}
    </label>
  );
}
