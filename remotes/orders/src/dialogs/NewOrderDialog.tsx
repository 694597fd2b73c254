/**
 * The new order dialogs (product spec §2.6): a sample order names its coordinator (the user's own
 * assignment first), a promo order its approver and senior approver, a wholesale order its
 * customer (found by name in its region, then read with its terms) and origin. Duplicate and reactivate copy an
 * order into a new draft under their own titles.
 */
import { useState, type ReactNode } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { Dialog, Spinner, toast, useCurrentUser, useFailureToast } from '@its/kit';
import { fetchLocations } from '@its/remote-products/api';
import { createOrder, customerRef, duplicateOrder, listApprovers, listAssignments, type AddProduct, type ApproverRole, type Area, type Customer, type Order, type OrderFields } from '../api';
import { CustomerCard, CustomerPicker } from '../customer/CustomerPicker';
import { showOrderError, ToastLines } from '../errors';
import { fieldLabel, msg } from '../messages';
import { enumLabel, productTypeLabels } from '../enums';

export type DialogMode = 'new' | 'duplicate' | 'reactivate';

export const PRODUCT_TYPES = ['All', 'Footwear', 'Apparel', 'POP'];

const titles: Record<Area, MessageDescriptor> = defineMessages({
  samples: { id: 'orders.new.title.samples', defaultMessage: 'New sample order' },
  promos: { id: 'orders.new.title.promos', defaultMessage: 'New promo order' },
  wholesale: { id: 'orders.new.title.wholesale', defaultMessage: 'New wholesale order' },
});
const copyTitles: Record<'duplicate' | 'duplicateWholesale' | 'reactivate', MessageDescriptor> = defineMessages({
  duplicate: { id: 'orders.duplicate.title', defaultMessage: 'Duplicate order {n}' },
  duplicateWholesale: { id: 'orders.duplicate.titleWholesale', defaultMessage: 'Duplicate wholesale order {n}' },
  reactivate: { id: 'orders.reactivate.title', defaultMessage: 'Reactivate wholesale order {n}' },
});

function Field({ name, children, wide }: { name: string; children: ReactNode; wide?: boolean }) {
  const intl = useIntl();
  return (
    <label className={`its-field or-field${wide ? ' or-field--wide' : ''}`}>
      <span className="its-field__label">{fieldLabel(intl, name)}</span>
      {children}
    </label>
  );
}

export interface NewOrderDialogProps {
  area: Area;
  subtype: string;
  mode: DialogMode;
  /** The order duplicated or reactivated: named by its id and number. */
  from?: Pick<Order, '_id' | 'orderNumber'>;
  /** Lines the new order starts with (an order made from an assortment). */
  products?: AddProduct[];
  onClose: () => void;
  onCreated: (o: Order) => void;
}

export function NewOrderDialog({ area, subtype, mode, from, products, onClose, onCreated }: NewOrderDialogProps) {
  const intl = useIntl();
  const user = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState<Record<string, string>>({ productType: 'All', region: 'US' });
  const [customer, setCustomer] = useState<Customer | null>(null);
  const set = (k: string, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const copying = mode !== 'new' && !!from;

  const assignments = useQuery({ queryKey: ['orders', 'assignments'], queryFn: ({ signal }) => listAssignments(signal), enabled: area === 'samples' && !copying });
  const locations = useQuery({ queryKey: ['orders', 'locations'], queryFn: ({ signal }) => fetchLocations(signal), enabled: area === 'wholesale' && !copying });
  // The coordinator defaults to the assignment whose code is the user's (spec §2.6).
  const coordinator = form.coordinatorCode ?? assignments.data?.find((a) => a.coordinatorCode === user?.userCode)?.coordinatorCode ?? assignments.data?.[0]?.coordinatorCode ?? '';
  const origins = locations.data ?? [];
  const origin = form.origin ?? origins[0]?.code ?? '';

  const title =
    mode === 'reactivate'
      ? intl.formatMessage(copyTitles.reactivate, { n: from?.orderNumber })
      : mode === 'duplicate'
        ? intl.formatMessage(area === 'wholesale' ? copyTitles.duplicateWholesale : copyTitles.duplicate, { n: from?.orderNumber })
        : intl.formatMessage(titles[area]);

  const pickTerm = (code: string) => setCustomer((c) => (c ? { ...c, termsInfo: c.terms?.find((t) => t.code === code) ?? c.termsInfo } : c));

  const fields = (): OrderFields => {
    const f: OrderFields = { purpose: form.purpose ?? '', productType: form.productType, reason: form.reason ?? '' };
    if (area === 'samples') f.coordinatorCode = coordinator;
    if (area === 'promos') {
      f.approverCode = form.approverCode ?? '';
      f.seniorApproverCode = form.seniorApproverCode ?? '';
    }
    if (area === 'wholesale' && customer) {
      const loc = origins.find((l) => l.code === origin);
      // The server stores the lookup's customer and takes its region, account and rep.
      Object.assign(f, { customer: customerRef(customer), origin, currency: loc?.currencyCode ?? customer.currency, po: form.po ?? '', buyer: form.buyer ?? '' });
    }
    return f;
  };

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (copying && from) {
        const o = await duplicateOrder(area, subtype, from._id);
        toast.success(intl.formatMessage(mode === 'reactivate' ? msg.reactivated : msg.duplicated), { key: 'order-copied' });
        onCreated(o);
      } else {
        const o = await createOrder(area, subtype, { ...fields(), products });
        if (o.skipped?.length && o.origin) {
          // Domestic footwear and POP at another line status than A are not sold wholesale (platform spec §9).
          const origin = o.origin;
          toast.warning(
            <ToastLines
              lines={o.skipped.map((u) => intl.formatMessage({ id: 'orders.error.lineStatus', defaultMessage: 'Style {style} {color} is not sold wholesale at {origin}: its line status is {status}, not A' }, { style: u.style, color: u.color, origin, status: u.lineStatus ?? '' }))}
              testId="order-skipped-lines"
            />,
            { title: intl.formatMessage({ id: 'orders.create.skipped', defaultMessage: '{n, plural, one {# style/colour was} other {# style/colours were}} left out' }, { n: o.skipped.length }), persistent: true, key: 'order-skipped' },
          );
        }
        onCreated(o);
      }
    } catch (e) {
      showOrderError(intl, e);
    } finally {
      setBusy(false);
    }
  };

  const ready = copying || (area !== 'wholesale' ? true : !!customer && !!origin);

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onEnter={() => ready && void submit()}
      width={copying ? 460 : 620}
      testId="new-order-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(msg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={!ready || busy} onClick={() => void submit()} data-testid="new-order-create">
            {busy && <Spinner size={14} />}
            {mode === 'reactivate' ? (
              <FormattedMessage id="orders.menu.reactivate" defaultMessage="Reactivate" />
            ) : mode === 'duplicate' ? (
              <FormattedMessage id="orders.menu.duplicate" defaultMessage="Duplicate" />
            ) : (
              <FormattedMessage id="orders.new.create" defaultMessage="Create order" />
            )}
          </button>
        </>
      }
    >
      {copying ? (
        <p className="or-dialog-note">
          {mode === 'reactivate' ? (
            <FormattedMessage id="orders.reactivate.message" defaultMessage="A new order is made from this one with its lines, ready to change and submit again." />
          ) : (
            <FormattedMessage id="orders.duplicate.message" defaultMessage="A new draft is made from this order with its lines. You are its requester." />
          )}
        </p>
      ) : (
        <div className="or-form">
          {area === 'samples' && (
            <Field name="coordinatorCode">
              <select className="its-input" value={coordinator} onChange={(e) => set('coordinatorCode', e.target.value)} data-testid="new-coordinator">
                {(assignments.data ?? []).map((a) => (
                  <option key={a._id} value={a.coordinatorCode}>
                    {a.name} {a.lastName} ({a.coordinatorCode})
                  </option>
                ))}
              </select>
            </Field>
          )}
          {area === 'promos' && (
            <>
              <Field name="approverCode">
                <ApproverSelect area={area} subtype={subtype} role="approver" value={form.approverCode ?? ''} onChange={(v) => set('approverCode', v)} testId="new-approver" />
              </Field>
              <Field name="seniorApproverCode">
                <ApproverSelect area={area} subtype={subtype} role="seniorApprover" value={form.seniorApproverCode ?? ''} onChange={(v) => set('seniorApproverCode', v)} testId="new-senior-approver" />
              </Field>
            </>
          )}
          {area === 'wholesale' && (
            <>
              <div className="or-field--wide">
                {customer ? (
                  <div className="or-customer-picked">
                    <CustomerCard customer={customer} onTerm={pickTerm} />
                    <button type="button" className="its-btn its-btn--ghost" onClick={() => setCustomer(null)} data-testid="customer-change">
                      <FormattedMessage id="orders.customer.change" defaultMessage="Change customer" />
                    </button>
                  </div>
                ) : (
                  <CustomerPicker region={form.region ?? 'US'} onRegion={(r) => set('region', r)} onCustomer={setCustomer} autoFocus />
                )}
              </div>
              <Field name="origin">
                <select className="its-input" value={origin} onChange={(e) => set('origin', e.target.value)} data-testid="new-origin">
                  {origins.map((l) => (
                    <option key={l.code} value={l.code}>
                      {l.code} · {l.currencyCode}
                    </option>
                  ))}
                </select>
              </Field>
              <Field name="po">
                <input className="its-input" value={form.po ?? ''} onChange={(e) => set('po', e.target.value)} data-testid="new-po" />
              </Field>
            </>
          )}
          <Field name="purpose" wide={area !== 'wholesale'}>
            <input className="its-input" value={form.purpose ?? ''} onChange={(e) => set('purpose', e.target.value)} maxLength={200} data-testid="new-purpose" data-autofocus={area === 'samples' || undefined} />
          </Field>
          <Field name="productType">
            <select className="its-input" value={form.productType} onChange={(e) => set('productType', e.target.value)} data-testid="new-product-type">
              {PRODUCT_TYPES.map((p) => (
                <option key={p} value={p}>
                  {enumLabel(intl, productTypeLabels, p)}
                </option>
              ))}
            </select>
          </Field>
          {area !== 'wholesale' && (
            <Field name="reason">
              <input className="its-input" value={form.reason ?? ''} onChange={(e) => set('reason', e.target.value)} maxLength={200} data-testid="new-reason" />
            </Field>
          )}
          {products && products.length > 0 && (
            <p className="or-dialog-note or-field--wide" data-testid="new-products-count">
              <FormattedMessage id="orders.new.products" defaultMessage="{n, plural, one {# style/color} other {# style/colors}} from the assortment start the order." values={{ n: products.length }} />
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

interface ApproverSelectProps {
  area: Area;
  subtype: string;
  role: ApproverRole;
  value: string;
  onChange: (code: string) => void;
  testId: string;
}

/** Picks a promo approver by name among the users holding the role (the caller is never offered). */
function ApproverSelect({ area, subtype, role, value, onChange, testId }: ApproverSelectProps) {
  const intl = useIntl();
  const people = useQuery({ queryKey: ['orders', 'approvers', role], queryFn: ({ signal }) => listApprovers(area, subtype, role, signal), retry: false });
  useFailureToast(people.isError, intl.formatMessage({ id: 'orders.approver.fetchFailed', defaultMessage: 'Users fetch failed!' }), 'orders-approvers');
  return (
    <select className="its-input" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} data-autofocus={role === 'approver' || undefined} disabled={people.isPending}>
      <option value="">{intl.formatMessage({ id: 'orders.approver.choose', defaultMessage: 'Choose…' })}</option>
      {(people.data ?? []).map((p) => (
        <option key={p.code} value={p.code}>
          {p.name} ({p.code})
        </option>
      ))}
    </select>
  );
}
