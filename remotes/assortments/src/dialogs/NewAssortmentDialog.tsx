/**
 * The New assortment dialog (spec §2.6, regular: "Select Assortment Type"): static or dynamic,
 * then the attributes (channel, region, season, year, gender, product type, location) and the
 * customer. A dynamic assortment starts with the filters its attributes name.
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, Dialog, Spinner, toast } from '@its/kit';
import { ProductIcon, fetchLocations } from '@its/remote-products/api';
import { CHANNELS, FILTER_OPTIONS_MS, GENDERS, PRODUCT_TYPES, REGIONS, SEASONS, autocompleteCustomers, createAssortment, type Assortment } from '../api';
import { errorText, fieldLabel, msg } from '../messages';
import { STANDARD_LABELS, createBody, formErrors, initialForm, type FormError, type NewAssortmentForm } from './newAssortment';

function errorMessage(intl: IntlShape, e: FormError): string {
  switch (e) {
    case 'titleRequired':
      return intl.formatMessage({ id: 'assortments.new.error.title', defaultMessage: 'Give the assortment a title.' });
    case 'titleTooLong':
      return intl.formatMessage({ id: 'assortments.new.error.titleLength', defaultMessage: 'A title has at most 120 characters.' });
    case 'yearRange':
      return intl.formatMessage({ id: 'assortments.new.error.year', defaultMessage: 'The year is between 2000 and 2100.' });
    case 'dynamicNeedsFilter':
      return intl.formatMessage({
        id: 'assortments.new.error.dynamic',
        defaultMessage: 'A dynamic assortment follows filters: choose at least one channel, region, product type, season, year or gender.',
      });
  }
}

function Choice({ field, value, options, onChange, any }: { field: keyof NewAssortmentForm; value: string; options: readonly string[]; onChange: (v: string) => void; any?: boolean }) {
  const intl = useIntl();
  return (
    <label className="its-field am-field">
      <span className="its-field__label">{fieldLabel(intl, field === 'locationId' ? 'locationId' : field)}</span>
      <select className="its-input" value={value} onChange={(e) => onChange(e.target.value)} data-testid={`new-${field}`}>
        {any && <option value="">{intl.formatMessage({ id: 'assortments.new.none', defaultMessage: 'Not set' })}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

export function NewAssortmentDialog({
  parent,
  canEditChannel,
  onClose,
  onCreated,
}: {
  parent: { _id: string; title: string } | null;
  canEditChannel: (channel: string) => boolean;
  onClose: () => void;
  onCreated: (a: Assortment) => void;
}) {
  const intl = useIntl();
  const locations = useQuery({ queryKey: ['products', 'locations'], queryFn: ({ signal }) => fetchLocations(signal), staleTime: 30 * 60_000 });
  const [form, setForm] = useState<NewAssortmentForm>(() => initialForm());
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  const locationId = form.locationId && locations.data?.some((l) => l.code === form.locationId) ? form.locationId : (locations.data?.[0]?.code ?? form.locationId);
  const current = { ...form, locationId };
  const errors = formErrors(current);
  const channels = CHANNELS.filter(canEditChannel);
  const set = <K extends keyof NewAssortmentForm>(k: K, v: NewAssortmentForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const years = useMemo(() => {
    const y = new Date().getFullYear();
    return [y - 2, y - 1, y, y + 1, y + 2].map(String);
  }, []);

  const submit = async () => {
    setTried(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setServerError('');
    try {
      const a = await createAssortment(createBody(current, parent?._id));
      toast.success(intl.formatMessage(msg.created), { key: 'assortment-created' });
      onCreated(a);
    } catch (e) {
      setServerError(intl.formatMessage(msg.cannotCreate, { message: errorText(e) }));
      setBusy(false);
    }
  };

  const types: Array<{ method: 'static' | 'dynamic'; icon: string; title: string; text: string }> = [
    {
      method: 'static',
      icon: 'list',
      title: intl.formatMessage({ id: 'assortments.new.static.title', defaultMessage: 'Static assortment' }),
      text: intl.formatMessage({ id: 'assortments.new.static.text', defaultMessage: 'You choose the products: search the catalog and add the styles and colors you want.' }),
    },
    {
      method: 'dynamic',
      icon: 'dynamic',
      title: intl.formatMessage({ id: 'assortments.new.dynamic.title', defaultMessage: 'Dynamic assortment' }),
      text: intl.formatMessage({ id: 'assortments.new.dynamic.text', defaultMessage: 'Filters choose the products: every product matching them, always up to date.' }),
    },
  ];

  return (
    <Dialog
      open
      title={<FormattedMessage id="assortments.new.title" defaultMessage="Select Assortment Type" />}
      onClose={onClose}
      onEnter={() => void submit()}
      width={640}
      testId="new-assortment-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(msg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={() => void submit()} disabled={busy} data-testid="new-create">
            {busy && <Spinner size={14} />}
            <FormattedMessage id="assortments.new.create" defaultMessage="Create assortment" />
          </button>
        </>
      }
    >
      <div className="am-types" role="radiogroup" aria-label={intl.formatMessage({ id: 'assortments.new.typeLabel', defaultMessage: 'Assortment type' })}>
        {types.map((t) => (
          <button
            key={t.method}
            type="button"
            role="radio"
            aria-checked={form.method === t.method}
            className={`am-type${form.method === t.method ? ' is-on' : ''}`}
            onClick={() => set('method', t.method)}
            data-testid={`new-type-${t.method}`}
          >
            <span className="am-type__icon">
              <ProductIcon name={t.icon} size={20} />
            </span>
            <span className="am-type__title">{t.title}</span>
            <span className="am-type__text">{t.text}</span>
          </button>
        ))}
      </div>
      {tried && errors.method && <p className="its-field__error am-type-error">{errorMessage(intl, errors.method)}</p>}
      {parent && (
        <p className="am-dialog-note">
          <ProductIcon name="folder" size={16} />
          <FormattedMessage id="assortments.new.inFolder" defaultMessage="Created in the folder {folder}" values={{ folder: <strong>{parent.title}</strong> }} />
        </p>
      )}
      <div className="am-form">
        <label className="its-field am-field am-field--wide">
          <span className="its-field__label">{fieldLabel(intl, 'title')}</span>
          <input
            className="its-input"
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            maxLength={120}
            placeholder={intl.formatMessage({ id: 'assortments.new.titlePlaceholder', defaultMessage: 'e.g. Spring 2026 Running' })}
            data-testid="new-title"
            data-autofocus
          />
          {tried && errors.title && <span className="its-field__error">{errorMessage(intl, errors.title)}</span>}
        </label>
        <div className="its-field am-field am-field--wide">
          <span className="its-field__label">{fieldLabel(intl, 'subTitle')}</span>
          <Autocomplete
            delayMs={FILTER_OPTIONS_MS}
            value={form.subTitle}
            onText={(t) => set('subTitle', t)}
            fetch={(t, signal) => autocompleteCustomers(t, signal)}
            onPick={(c) => set('subTitle', c.name)}
            keyOf={(c) => c.value}
            render={(c) => (
              <span className="its-ac__text">
                <strong>{c.name}</strong>
                <small>
                  {c.value} · {c.city}, {c.country}
                </small>
              </span>
            )}
            label={fieldLabel(intl, 'subTitle')}
            placeholder={intl.formatMessage({ id: 'assortments.new.customerPlaceholder', defaultMessage: 'Optional: the account it is for' })}
            testId="new-customer"
          />
        </div>
        <Choice field="channel" value={form.channel} options={channels.length ? channels : CHANNELS} onChange={(v) => set('channel', v)} />
        <Choice field="region" value={form.region} options={REGIONS} onChange={(v) => set('region', v)} />
        <Choice field="productType" value={form.productType} options={PRODUCT_TYPES} onChange={(v) => set('productType', v)} />
        <Choice field="season" value={form.season} options={SEASONS} onChange={(v) => set('season', v)} any />
        <label className="its-field am-field">
          <span className="its-field__label">{fieldLabel(intl, 'year')}</span>
          <select className="its-input" value={form.year} onChange={(e) => set('year', e.target.value)} data-testid="new-year">
            <option value="">{intl.formatMessage({ id: 'assortments.new.none', defaultMessage: 'Not set' })}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          {tried && errors.year && <span className="its-field__error">{errorMessage(intl, errors.year)}</span>}
        </label>
        <Choice field="gender" value={form.gender} options={GENDERS} onChange={(v) => set('gender', v)} any />
        <Choice field="locationId" value={locationId} options={(locations.data ?? []).map((l) => l.code)} onChange={(v) => set('locationId', v)} />
        {form.method === 'static' && (
          <label className="am-check am-field--wide">
            <input type="checkbox" checked={form.standardLabels} onChange={(e) => set('standardLabels', e.target.checked)} data-testid="new-labels" />
            <span>
              <FormattedMessage id="assortments.new.labels" defaultMessage="Start with the standard labels" />
              <span className="am-check__labels">
                {STANDARD_LABELS.map((l) => (
                  <span key={l.name} className="am-label" style={{ ['--label' as string]: l.color }}>
                    <span className="am-label__dot" />
                    {l.name}
                  </span>
                ))}
              </span>
            </span>
          </label>
        )}
      </div>
      {serverError && (
        <div className="its-form-error" role="alert" data-testid="new-error">
          {serverError}
        </div>
      )}
    </Dialog>
  );
}
