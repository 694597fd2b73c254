/**
 * A wholesale order's customer on its detail page: the customer's details and term, and, while
 * the order may be changed, another of its terms or another customer found by name. The order
 * sends only the customer's region, id and term; the server stores the lookup's record.
 */
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '@its/kit';
import { ProductIcon } from '@its/grid';
import { customerRef, type Customer, type CustomerRef, type Order } from '../api';
import { fieldLabel, msg } from '../messages';
import { CustomerCard, CustomerPicker } from './CustomerPicker';

export interface CustomerSectionProps {
  order: Order;
  canEdit: boolean;
  /** Saves the customer; false when the server refused (the page told why). */
  onSave: (customer: CustomerRef) => Promise<boolean>;
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
      if (await onSave(customerRef(next))) setPicking(false);
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
