/**
 * The form of one announcement: a new one, or an existing one with its publish, PDF and delete
 * actions. Validation is the server's; its field errors are shown under the fields they name.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { DatePicker, Icon, Spinner, api } from '@its/kit';
import { dayOf, type Chart, type ChartInput, type FieldError } from './api';
import { AssetChip, AssetPicker, type AdAsset } from './AssetPicker';
import { StatusPill } from './StatusPill';

export type Values = ChartInput;

export const emptyValues: Values = { title: '', body: '', link: '', published: false, startDate: null, endDate: null };

export const valuesOf = (c: Chart): Values => ({
  title: c.title ?? '',
  body: c.body ?? '',
  link: c.link ?? '',
  published: !!c.published,
  startDate: dayOf(c.startDate) || null,
  endDate: dayOf(c.endDate) || null,
});

/** The fields that differ from the saved announcement: what a PATCH sends. */
export function changedFields(base: Values, values: Values): Partial<Values> {
  const out: Partial<Values> = {};
  for (const k of Object.keys(values) as (keyof Values)[]) {
    if (values[k] !== base[k]) (out as Record<string, unknown>)[k] = values[k];
  }
  return out;
}

export const TITLE_MAX = 200;
export const BODY_MAX = 10000;

type ErrorKey = 'titleRequired' | 'titleMax' | 'bodyMax' | 'link' | 'endDate' | 'asset';

const errorMessages: Record<ErrorKey, MessageDescriptor> = defineMessages({
  titleRequired: { id: 'dashboard.manage.error.titleRequired', defaultMessage: 'Enter a title.' },
  titleMax: { id: 'dashboard.manage.error.titleMax', defaultMessage: 'Use at most {max, number} characters.' },
  bodyMax: { id: 'dashboard.manage.error.bodyMax', defaultMessage: 'Use at most {max, number} characters.' },
  link: { id: 'dashboard.manage.error.link', defaultMessage: 'Enter a path that starts with / or a web address that starts with http:// or https://.' },
  endDate: { id: 'dashboard.manage.error.endDate', defaultMessage: 'The end date cannot be before the start date.' },
  asset: { id: 'dashboard.manage.error.asset', defaultMessage: 'This advertising asset no longer exists. Choose another one.' },
});

/** The words for one field error: known rules are translated, others keep the server's message. */
export function describeError(intl: IntlShape, e: FieldError): string {
  if (e.field === 'title' && e.rule === 'required') return intl.formatMessage(errorMessages.titleRequired);
  if (e.field === 'title' && e.rule === 'maxLength') return intl.formatMessage(errorMessages.titleMax, { max: TITLE_MAX });
  if (e.field === 'body' && e.rule === 'maxLength') return intl.formatMessage(errorMessages.bodyMax, { max: BODY_MAX });
  if (e.field === 'link' && e.rule === 'url') return intl.formatMessage(errorMessages.link);
  if (e.field === 'endDate' && e.rule === 'afterStart') return intl.formatMessage(errorMessages.endDate);
  if (e.field === 'assetId' && e.rule === 'exists') return intl.formatMessage(errorMessages.asset);
  return e.message || e.rule || '';
}

/** The form's fields; a server error naming another field is shown above the form. */
export const FORM_FIELDS = ['title', 'body', 'link', 'startDate', 'endDate', 'published', 'assetId'] as const;

function Field({ id, label, hint, error, children, counter }: { id: string; label: ReactNode; hint?: ReactNode; error?: string; children: ReactNode; counter?: ReactNode }) {
  return (
    <div className={`its-field dash-ann-field${error ? ' has-error' : ''}`} data-field={id}>
      <div className="dash-ann-field__top">
        <label className="its-field__label" htmlFor={id}>
          {label}
        </label>
        {counter}
      </div>
      {children}
      {error ? (
        <span className="its-field__error" id={`${id}-error`} role="alert" data-testid={`error-${id.replace(/^ann-/, '')}`}>
          {error}
        </span>
      ) : (
        hint && <span className="dash-ann-field__hint">{hint}</span>
      )}
    </div>
  );
}

function Counter({ n, max }: { n: number; max: number }) {
  const intl = useIntl();
  return (
    <span className={`dash-ann-counter${n > max ? ' is-over' : ''}`} aria-hidden>
      {intl.formatNumber(n)} / {intl.formatNumber(max)}
    </span>
  );
}

/** The advertising asset an existing announcement was made from (fetched for its picture). */
function LinkedAsset({ id }: { id: string }) {
  const q = useQuery({
    queryKey: ['dashboard', 'advertisingAsset', id],
    queryFn: ({ signal }) => api.post<AdAsset[]>('/assets/AdvertisingAsset', { _ids: [id] }, { signal, silent: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const asset = Array.isArray(q.data) ? q.data[0] : undefined;
  if (q.isPending) return <Spinner size={16} />;
  return <AssetChip asset={asset ?? { _id: id, name: id }} />;
}

export interface EditorProps {
  chart: Chart | null;
  values: Values;
  onChange: (v: Values) => void;
  asset: AdAsset | null;
  onAsset: (a: AdAsset | null) => void;
  errors: Record<string, string>;
  /** Counts refused saves: each new one moves the focus to the first field in error. */
  errorRound: number;
  formError?: ReactNode;
  dirty: boolean;
  saving: boolean;
  busy: boolean;
  today: string;
  onSave: () => void;
  onReset: () => void;
  onTogglePublished: () => void;
  onDownload: () => void;
  onDelete: () => void;
  downloading: boolean;
}

export function AnnouncementEditor(p: EditorProps) {
  const uid = useId();
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors } = p;
  const set = <K extends keyof Values>(k: K, v: Values[K]) => p.onChange({ ...values, [k]: v });
  const ids = { title: 'ann-title', body: 'ann-body', link: 'ann-link', startDate: 'ann-startDate', endDate: 'ann-endDate', published: 'ann-published' };

  // After a refused save the first field the server named gets the focus (only then: fixing
  // one field must not pull the focus to the next).
  useEffect(() => {
    if (!p.errorRound) return;
    const first = FORM_FIELDS.find((f) => errors[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#ann-${first}`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.errorRound]);

  const invalid = (k: string) => (errors[k] ? { 'aria-invalid': true, 'aria-describedby': `ann-${k}-error` } : {});

  return (
    <form
      ref={formRef}
      className="dash-ann-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        p.onSave();
      }}
      data-testid="announcement-form"
      aria-labelledby={`${uid}-heading`}
    >
      <div className="dash-ann-editor__head">
        <div className="dash-ann-editor__heading">
          <h3 id={`${uid}-heading`}>
            {p.chart ? (
              <FormattedMessage id="dashboard.manage.edit" defaultMessage="Edit announcement" />
            ) : (
              <FormattedMessage id="dashboard.manage.new" defaultMessage="New announcement" />
            )}
          </h3>
          {p.chart && <StatusPill chart={p.chart} today={p.today} />}
          {!p.chart && (
            <span className="dash-ann-editor__sub">
              <FormattedMessage id="dashboard.manage.new.sub" defaultMessage="Drafts stay hidden until you publish them." />
            </span>
          )}
        </div>
        {p.chart && (
          <div className="dash-ann-editor__tools">
            <button type="button" className="its-btn its-btn--secondary" onClick={p.onTogglePublished} disabled={p.busy} data-testid="announcement-toggle-published">
              <Icon name={p.chart.published ? 'lock' : 'megaphone'} size={16} />
              {p.chart.published ? (
                <FormattedMessage id="dashboard.manage.unpublish" defaultMessage="Unpublish" />
              ) : (
                <FormattedMessage id="dashboard.manage.publish" defaultMessage="Publish" />
              )}
            </button>
            <button type="button" className="its-btn its-btn--secondary" onClick={p.onDownload} disabled={p.downloading} data-testid="announcement-pdf">
              {p.downloading ? <Spinner size={16} /> : <Icon name="download" size={16} />}
              <FormattedMessage id="dashboard.manage.pdf" defaultMessage="Download PDF" />
            </button>
            <button type="button" className="its-btn its-btn--ghost dash-ann-editor__delete" onClick={p.onDelete} disabled={p.busy} data-testid="announcement-delete">
              <FormattedMessage id="dashboard.manage.delete" defaultMessage="Delete" />
            </button>
          </div>
        )}
      </div>

      <div className="dash-ann-editor__scroll">
        {p.formError && (
          <div className="its-form-error dash-ann-editor__error" role="alert" data-testid="announcement-form-error">
            {p.formError}
          </div>
        )}

        <Field id={ids.title} label={<FormattedMessage id="dashboard.manage.field.title" defaultMessage="Title" />} error={errors.title} counter={<Counter n={values.title.length} max={TITLE_MAX} />}>
          <input id={ids.title} className="its-input" value={values.title} onChange={(e) => set('title', e.target.value)} {...invalid('title')} data-autofocus autoComplete="off" />
        </Field>

        <Field id={ids.body} label={<FormattedMessage id="dashboard.manage.field.body" defaultMessage="Text" />} error={errors.body} counter={<Counter n={values.body.length} max={BODY_MAX} />}>
          <textarea id={ids.body} className="its-input dash-ann-editor__body" rows={4} value={values.body} onChange={(e) => set('body', e.target.value)} {...invalid('body')} />
        </Field>

        <div className="its-field dash-ann-field" data-field="ann-assetId">
          <span className="its-field__label">
            <FormattedMessage id="dashboard.manage.field.asset" defaultMessage="Advertising asset" />
          </span>
          {p.chart ? (
            p.chart.assetId ? (
              <LinkedAsset id={p.chart.assetId} />
            ) : (
              <span className="dash-ann-field__hint">
                <FormattedMessage id="dashboard.manage.asset.noneLinked" defaultMessage="None. An asset can only be chosen when the announcement is created." />
              </span>
            )
          ) : p.asset ? (
            <AssetChip asset={p.asset} onRemove={() => p.onAsset(null)} />
          ) : (
            <>
              <AssetPicker onPick={(a) => p.onAsset(a)} />
              <span className="dash-ann-field__hint">
                <FormattedMessage id="dashboard.manage.asset.hint" defaultMessage="Optional. The announcement then links to the asset and starts from its name." />
              </span>
            </>
          )}
          {errors.assetId && (
            <span className="its-field__error" role="alert" data-testid="error-assetId">
              {errors.assetId}
            </span>
          )}
        </div>

        <Field
          id={ids.link}
          label={<FormattedMessage id="dashboard.manage.field.link" defaultMessage="Link" />}
          error={errors.link}
          hint={<FormattedMessage id="dashboard.manage.field.link.hint" defaultMessage="Optional: a page of ITS (/product/assortments) or a web address (https://…)." />}
        >
          <input id={ids.link} className="its-input" value={values.link} onChange={(e) => set('link', e.target.value)} {...invalid('link')} placeholder="/product/assortments" autoComplete="off" />
        </Field>

        <div className="dash-ann-editor__row">
          <Field id={ids.startDate} label={<FormattedMessage id="dashboard.manage.field.startDate" defaultMessage="Show from" />} error={errors.startDate}>
            <DatePicker id={ids.startDate} label={intl.formatMessage({ id: 'dashboard.manage.field.startDate', defaultMessage: 'Show from' })} value={values.startDate?.slice(0, 10) || null} onChange={(v) => set('startDate', typeof v === 'string' ? v : null)} testId="announcement-start" />
          </Field>
          <Field id={ids.endDate} label={<FormattedMessage id="dashboard.manage.field.endDate" defaultMessage="Show until" />} error={errors.endDate}>
            <DatePicker id={ids.endDate} label={intl.formatMessage({ id: 'dashboard.manage.field.endDate', defaultMessage: 'Show until' })} value={values.endDate?.slice(0, 10) || null} onChange={(v) => set('endDate', typeof v === 'string' ? v : null)} testId="announcement-end" />
          </Field>
        </div>

        <label className="dash-ann-switch" data-field={ids.published}>
          <input type="checkbox" role="switch" checked={values.published} onChange={(e) => set('published', e.target.checked)} data-testid="announcement-published" />
          <span className="dash-ann-switch__track" aria-hidden />
          <span className="dash-ann-switch__text">
            <strong>
              <FormattedMessage id="dashboard.manage.field.published" defaultMessage="Published" />
            </strong>
            <span>
              <FormattedMessage id="dashboard.manage.field.published.hint" defaultMessage="Published announcements show on everyone's dashboard between these dates." />
            </span>
          </span>
        </label>
        {errors.published && <span className="its-field__error">{errors.published}</span>}
      </div>

      <div className="dash-ann-editor__foot">
        <span className="dash-ann-editor__state">
          {p.dirty && (
            <>
              <span className="dash-ann-dot" aria-hidden />
              <FormattedMessage id="dashboard.manage.unsaved" defaultMessage="Unsaved changes" />
            </>
          )}
        </span>
        <button type="button" className="its-btn its-btn--ghost" onClick={p.onReset} disabled={!p.dirty || p.saving}>
          <FormattedMessage id="dashboard.manage.discard" defaultMessage="Discard changes" />
        </button>
        <button type="submit" className="its-btn its-btn--primary" disabled={p.saving || (!!p.chart && !p.dirty)} data-testid="announcement-save">
          {p.saving && <Spinner size={16} />}
          {p.chart ? (
            <FormattedMessage id="dashboard.manage.save" defaultMessage="Save changes" />
          ) : (
            <FormattedMessage id="dashboard.manage.create" defaultMessage="Create announcement" />
          )}
        </button>
      </div>
    </form>
  );
}
