/**
 * New internal assortment (product spec §2.6, internal: "Select Assortment Attributes"): the
 * variant (region of the page's channel, season, year, gender, product type, the location of a
 * domestic wholesale one) and its products: those of a catalog query (the gender and product
 * type, narrowed by pillar, division and product season) or none yet. The server keeps the name
 * unique per season, year, region and gender and answers its message when it is not.
 */
import { useMemo, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { Dialog, Spinner, toast, useFailureToast } from '@its/kit';
import { fetchLocations } from '@its/remote-products/api';
import type { Assortment } from '../api';
import { errorText, fieldLabel, msg } from '../messages';
import { INTERNAL_GENDERS, INTERNAL_PRODUCT_TYPES, INTERNAL_SEASONS, MAX_QUERY_PRODUCTS, createFromQuery, createInternal, productOptions } from './api';
import { initialInternalForm, internalAttributes, internalFormErrors, internalQuery, needsLocation, type InternalForm, type InternalFormError } from './form';
import { imsg } from './messages';

const errorTexts: Record<InternalFormError, MessageDescriptor> = defineMessages({
  titleRequired: { id: 'assortments.new.error.title', defaultMessage: 'Give the assortment a title.' },
  titleTooLong: { id: 'assortments.new.error.titleLength', defaultMessage: 'A title has at most 120 characters.' },
  yearRange: { id: 'assortments.new.error.year', defaultMessage: 'The year is between 2000 and 2100.' },
  locationRequired: { id: 'assortments.internal.error.location', defaultMessage: 'A domestic wholesale assortment needs its location.' },
});

function Select({ label, value, options, onChange, testId, any }: { label: string; value: string; options: readonly string[]; onChange: (v: string) => void; testId: string; any?: string }) {
  return (
    <label className="its-field am-field">
      <span className="its-field__label">{label}</span>
      <select className="its-input" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {any !== undefined && <option value="">{any}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

export function NewInternalDialog({
  channel,
  regions,
  onClose,
  onCreated,
}: {
  channel: string;
  /** The regions the caller may create in on this channel. */
  regions: readonly string[];
  onClose: () => void;
  onCreated: (a: Assortment) => void;
}) {
  const intl = useIntl();
  const [form, setForm] = useState<InternalForm>(() => ({ ...initialInternalForm(channel), region: regions[0] ?? 'Domestic' }));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  const locations = useQuery({ queryKey: ['products', 'locations'], queryFn: ({ signal }) => fetchLocations(signal), staleTime: 30 * 60_000 });
  const options = useQuery({
    queryKey: ['internalAssortments', 'options', form.productType],
    queryFn: ({ signal }) => productOptions(form.productType, signal),
    staleTime: 10 * 60_000,
    enabled: form.source === 'query',
    retry: false,
  });
  useFailureToast(options.isError, intl.formatMessage({ id: 'assortments.internal.optionsFailed', defaultMessage: 'Dynamic options fetch failed!' }), 'internal-options');
  const errors = internalFormErrors(form);
  const set = <K extends keyof InternalForm>(k: K, v: InternalForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const years = useMemo(() => {
    const y = new Date().getFullYear();
    return [y - 1, y, y + 1, y + 2].map(String);
  }, []);
  const any = intl.formatMessage(imsg.anyValue);

  const submit = async () => {
    setTried(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setServerError('');
    try {
      const attrs = internalAttributes(form);
      const a = form.source === 'query' ? await createFromQuery(attrs, internalQuery(form)) : await createInternal(attrs);
      toast.success(intl.formatMessage(msg.created), { key: 'assortment-created' });
      onCreated(a);
    } catch (e) {
      setServerError(intl.formatMessage(msg.cannotCreate, { message: errorText(e) }));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={intl.formatMessage(imsg.dialogTitle)}
      onClose={onClose}
      onEnter={() => void submit()}
      width={640}
      testId="new-internal-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose}>
            {intl.formatMessage(msg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={() => void submit()} disabled={busy} data-testid="internal-create">
            {busy && <Spinner size={14} />}
            {intl.formatMessage(imsg.create)}
          </button>
        </>
      }
    >
      <div className="am-form">
        <label className="its-field am-field am-field--wide">
          <span className="its-field__label">{fieldLabel(intl, 'title')}</span>
          <input className="its-input" value={form.title} onChange={(e) => set('title', e.target.value)} maxLength={120} data-testid="internal-title" data-autofocus />
          {tried && errors.title && <span className="its-field__error">{intl.formatMessage(errorTexts[errors.title])}</span>}
        </label>
        <label className="its-field am-field">
          <span className="its-field__label">{fieldLabel(intl, 'channel')}</span>
          <input className="its-input" value={intl.formatMessage(imsg.channelTab, { channel })} readOnly data-testid="internal-channel" />
        </label>
        <Select label={fieldLabel(intl, 'region')} value={form.region} options={regions} onChange={(v) => set('region', v)} testId="internal-region" />
        <Select label={fieldLabel(intl, 'season')} value={form.season} options={INTERNAL_SEASONS} onChange={(v) => set('season', v)} testId="internal-season" />
        <label className="its-field am-field">
          <span className="its-field__label">{fieldLabel(intl, 'year')}</span>
          <select className="its-input" value={form.year} onChange={(e) => set('year', e.target.value)} data-testid="internal-year">
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          {tried && errors.year && <span className="its-field__error">{intl.formatMessage(errorTexts[errors.year])}</span>}
        </label>
        <Select label={fieldLabel(intl, 'gender')} value={form.gender} options={INTERNAL_GENDERS} onChange={(v) => set('gender', v)} testId="internal-gender" />
        <Select label={fieldLabel(intl, 'productType')} value={form.productType} options={INTERNAL_PRODUCT_TYPES} onChange={(v) => set('productType', v)} testId="internal-productType" />
        {needsLocation(form) && (
          <label className="its-field am-field">
            <span className="its-field__label">{fieldLabel(intl, 'locationId')}</span>
            <select className="its-input" value={form.locationId} onChange={(e) => set('locationId', e.target.value)} data-testid="internal-location">
              {(locations.data ?? [{ code: form.locationId, name: form.locationId }]).map((l) => (
                <option key={l.code} value={l.code}>
                  {l.code} · {l.name}
                </option>
              ))}
            </select>
            {tried && errors.locationId && <span className="its-field__error">{intl.formatMessage(errorTexts[errors.locationId])}</span>}
          </label>
        )}
      </div>
      <fieldset className="am-internal-source">
        <legend className="its-field__label">{intl.formatMessage(imsg.productsFrom)}</legend>
        <label className="am-internal-source__choice">
          <input type="radio" name="internal-source" checked={form.source === 'query'} onChange={() => set('source', 'query')} data-testid="internal-source-query" />
          {intl.formatMessage(imsg.fromQuery)}
        </label>
        <label className="am-internal-source__choice">
          <input type="radio" name="internal-source" checked={form.source === 'empty'} onChange={() => set('source', 'empty')} data-testid="internal-source-empty" />
          {intl.formatMessage(imsg.empty)}
        </label>
        {form.source === 'query' && (
          <>
            <p className="am-dialog-note">{intl.formatMessage(imsg.queryHint, { max: MAX_QUERY_PRODUCTS })}</p>
            <div className="am-form">
              <Select label={intl.formatMessage(imsg.pillar)} value={form.pillar} options={options.data?.pillars ?? []} onChange={(v) => set('pillar', v)} testId="internal-pillar" any={any} />
              <Select label={intl.formatMessage(imsg.division)} value={form.division} options={options.data?.divisions ?? []} onChange={(v) => set('division', v)} testId="internal-division" any={any} />
              <Select
                label={intl.formatMessage(imsg.productSeason)}
                value={form.productSeason}
                options={options.data?.seasons ?? []}
                onChange={(v) => set('productSeason', v)}
                testId="internal-productSeason"
                any={any}
              />
            </div>
          </>
        )}
      </fieldset>
      <p className="am-dialog-note">
        <FormattedMessage {...imsg.published} />
      </p>
      {serverError && (
        <p className="its-field__error" role="alert" data-testid="internal-error">
          {serverError}
        </p>
      )}
    </Dialog>
  );
}
