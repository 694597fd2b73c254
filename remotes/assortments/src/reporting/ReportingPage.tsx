/**
 * assortment-manager--reporting (managers with product assortments): charts of assortments and
 * styles per season, channel and region, and report workbooks built as download-queue jobs, all
 * over one filter (seasons, creation dates, accounts, territories, key initiative).
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError, DatePicker, EmptyState, Spinner, downloadUrl, enums, toast, usePageTitle } from '@its/kit';
import { ProductIcon } from '@its/remote-products/api';
import { CHANNELS, REGIONS, viewPath } from '../api';
import { msg } from '../messages';
import { cancelReport, emptyForm, fetchCharts, queueReport, REPORT_ROUTES, reportJob, toFileData, type FileData, type ReportForm, type ReportJob, type ReportRoute } from './api';
import { reportTexts, rmsg } from './messages';

const Charts = lazy(() => import(/* webpackChunkName: "reporting-charts" */ './Charts'));

const errorOf = (e: unknown): string => (e instanceof ApiError ? e.message : String(e));

/** Follows one report job: progress while it runs, then the download and a cleared row after 1 s. */
function useReportJobs() {
  const intl = useIntl();
  const [jobs, setJobs] = useState<Partial<Record<ReportRoute, ReportJob>>>({});
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (fn: () => void, ms: number) => timers.current.push(setTimeout(fn, ms));
  const clear = (route: ReportRoute) => setJobs((j) => ({ ...j, [route]: undefined }));
  const follow = (route: ReportRoute, id: string) => {
    reportJob(id)
      .then((j) => {
        setJobs((all) => ({ ...all, [route]: j }));
        if (j.status === 'success' && j.url) {
          downloadUrl(j.url, j.filename);
          toast.success(intl.formatMessage(rmsg.done), { key: `report-${route}` });
          later(() => clear(route), 1000);
        } else if (j.status === 'cancelled') {
          toast.info(j.message || intl.formatMessage(rmsg.cancelled));
          later(() => clear(route), 1000);
        } else if (j.status === 'failed') {
          toast.error(intl.formatMessage(rmsg.failed, { message: j.message ?? '' }));
          later(() => clear(route), 1000);
        } else {
          later(() => follow(route, id), 600);
        }
      })
      .catch((e: unknown) => {
        toast.error(intl.formatMessage(rmsg.failed, { message: errorOf(e) }));
        clear(route);
      });
  };
  const start = async (route: ReportRoute, fileData: FileData) => {
    try {
      const { jobId, filename } = await queueReport(route, fileData);
      setJobs((all) => ({ ...all, [route]: { id: jobId, status: 'started', progress: 0, filename } }));
      follow(route, jobId);
    } catch (e) {
      toast.error(intl.formatMessage(rmsg.failed, { message: errorOf(e) }));
    }
  };
  const cancel = (route: ReportRoute) => {
    const j = jobs[route];
    if (j) void cancelReport(j.id).catch(() => undefined);
  };
  return { jobs, start, cancel };
}

function Field({ label, hint, children }: { label: string; hint?: string; children: React.ReactNode }) {
  return (
    <label className="its-field rp-field">
      <span className="its-field__label">{label}</span>
      {children}
      {hint && <span className="rp-hint">{hint}</span>}
    </label>
  );
}

function Select({ name, value, options, onChange }: { name: string; value: string; options: readonly string[]; onChange: (v: string) => void }) {
  const intl = useIntl();
  return (
    <select className="its-input" name={name} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{intl.formatMessage(rmsg.any)}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );
}

function Filters({ initial, onApply }: { initial: ReportForm; onApply: (f: ReportForm) => void }) {
  const intl = useIntl();
  const [f, setF] = useState(initial);
  const set = (k: keyof ReportForm) => (v: string) => setF((old) => ({ ...old, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  return (
    <form className="rp-filters" onSubmit={submit} aria-label={intl.formatMessage(rmsg.filters)} data-testid="report-filters">
      <div className="rp-filters__row">
        <Field label={intl.formatMessage(rmsg.seasons)} hint={intl.formatMessage(rmsg.seasonsHint)}>
          <input className="its-input" name="seasons" value={f.seasons} onChange={(e) => set('seasons')(e.target.value)} />
        </Field>
        <Field label={intl.formatMessage(rmsg.dateStart)}>
          <DatePicker label={intl.formatMessage(rmsg.dateStart)} value={f.dateStart || null} onChange={(v) => set('dateStart')(typeof v === 'string' ? v : '')} testId="report-date-start" />
        </Field>
        <Field label={intl.formatMessage(rmsg.dateEnd)}>
          <DatePicker label={intl.formatMessage(rmsg.dateEnd)} value={f.dateEnd || null} onChange={(v) => set('dateEnd')(typeof v === 'string' ? v : '')} testId="report-date-end" />
        </Field>
        <Field label={intl.formatMessage(rmsg.accounts)} hint={intl.formatMessage(rmsg.accountsHint)}>
          <input className="its-input" name="accounts" value={f.accounts} onChange={(e) => set('accounts')(e.target.value)} />
        </Field>
        <Field label={intl.formatMessage(rmsg.territories)} hint={intl.formatMessage(rmsg.territoriesHint)}>
          <input className="its-input" name="territories" value={f.territories} onChange={(e) => set('territories')(e.target.value)} />
        </Field>
      </div>
      <fieldset className="rp-filters__row rp-key">
        <legend>{intl.formatMessage(rmsg.keyInitiative)}</legend>
        <Field label={intl.formatMessage(rmsg.channel)}>
          <Select name="channel" value={f.channel} options={CHANNELS} onChange={set('channel')} />
        </Field>
        <Field label={intl.formatMessage(rmsg.region)}>
          <Select name="region" value={f.region} options={REGIONS} onChange={set('region')} />
        </Field>
        <Field label={intl.formatMessage(rmsg.productType)}>
          <Select name="productType" value={f.productType} options={enums.assortments.productTypes} onChange={set('productType')} />
        </Field>
        <Field label={intl.formatMessage(rmsg.season)}>
          <input className="its-input rp-short" name="season" maxLength={2} value={f.season} onChange={(e) => set('season')(e.target.value)} />
        </Field>
        <Field label={intl.formatMessage(rmsg.year)}>
          <input className="its-input rp-short" name="year" inputMode="numeric" maxLength={4} value={f.year} onChange={(e) => set('year')(e.target.value)} />
        </Field>
        <div className="rp-filters__actions">
          <button
            type="button"
            className="its-btn its-btn--ghost"
            onClick={() => {
              setF(emptyForm);
              onApply(emptyForm);
            }}
          >
            {intl.formatMessage(rmsg.reset)}
          </button>
          <button type="submit" className="its-btn its-btn--primary" data-testid="report-apply">
            {intl.formatMessage(rmsg.apply)}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

export function ReportingPage() {
  const intl = useIntl();
  usePageTitle(`${intl.formatMessage(rmsg.title)} · ${intl.formatMessage(msg.manager)}`);
  const [applied, setApplied] = useState<ReportForm>(emptyForm);
  const fileData = toFileData(applied);
  const charts = useQuery({ queryKey: ['assortments-charts', fileData], queryFn: () => fetchCharts(fileData), retry: false });
  const { jobs, start, cancel } = useReportJobs();
  return (
    <div className="rp-page" data-testid="assortments-reporting">
      <header className="am-head">
        <div className="am-head__text">
          <nav className="am-crumbs">
            <Link to={viewPath('all')}>{intl.formatMessage(msg.manager)}</Link>
            <ProductIcon name="chevronRight" size={14} />
            <span>{intl.formatMessage(rmsg.title)}</span>
          </nav>
          <h1 className="am-head__title">{intl.formatMessage(rmsg.title)}</h1>
          <p className="rp-intro">{intl.formatMessage(rmsg.intro)}</p>
        </div>
      </header>
      <Filters initial={applied} onApply={setApplied} />
      <section className="rp-section" aria-labelledby="rp-charts-title">
        <h2 id="rp-charts-title" className="rp-section__title">
          {intl.formatMessage(rmsg.charts)}
        </h2>
        {charts.isPending ? (
          <div className="rp-loading">
            <Spinner />
          </div>
        ) : charts.isError ? (
          <EmptyState title={intl.formatMessage(rmsg.loadFailed, { message: errorOf(charts.error) })} />
        ) : (
          <Suspense
            fallback={
              <div className="rp-loading">
                <Spinner />
              </div>
            }
          >
            <Charts data={charts.data} />
          </Suspense>
        )}
      </section>
      <section className="rp-section" aria-labelledby="rp-reports-title">
        <h2 id="rp-reports-title" className="rp-section__title">
          {intl.formatMessage(rmsg.reports)}
        </h2>
        <ul className="rp-reports">
          {REPORT_ROUTES.map((route) => {
            const job = jobs[route];
            const running = !!job && (job.status === 'started' || job.status === 'pending');
            return (
              <li key={route} className="rp-report" data-testid={`report-${route}`} data-status={job?.status ?? 'idle'}>
                <ProductIcon name="excel" size={22} />
                <div className="rp-report__text">
                  <strong>{intl.formatMessage(reportTexts[route].title)}</strong>
                  <span>{intl.formatMessage(reportTexts[route].help)}</span>
                  {running && (
                    <span className="rp-report__progress" role="status">
                      <FormattedMessage {...rmsg.started} values={{ name: job.filename ?? '', progress: job.progress }} />
                      <progress max={100} value={job.progress} />
                    </span>
                  )}
                </div>
                {running ? (
                  <button type="button" className="its-btn its-btn--ghost" onClick={() => cancel(route)}>
                    {intl.formatMessage(rmsg.cancel)}
                  </button>
                ) : (
                  <button type="button" className="its-btn its-btn--secondary" disabled={!!job} onClick={() => void start(route, fileData)} data-testid={`report-download-${route}`}>
                    {job ? <Spinner size={14} /> : <ProductIcon name="download" />}
                    {intl.formatMessage(rmsg.download)}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
