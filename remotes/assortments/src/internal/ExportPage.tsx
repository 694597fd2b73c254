/**
 * internal/{assortment_id}/export: an internal assortment's line sheet (Condensed or Expanded, PDF
 * or Excel, POST /api/assortment-documents/{pdf|xlsx} with orgType internal) and its zip of
 * images (GET /api/internalAssortments/zip/images/{small}/{heroOnly}/{id}: small or print size,
 * the hero of each style or every colour), both through the download queue: progress while the
 * job runs, then the file downloads. The rows themselves export from the detail grid's toolbar.
 */
import { useEffect, useRef, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError, EmptyState, Spinner, api, downloadUrl, toast, usePageTitle } from '@its/kit';
import { ProductIcon } from '@its/remote-products/api';
import { getAssortment, internalListPath, internalPath } from '../api';
import { cancelReport, reportJob, type ReportJob } from '../reporting/api';
import { errorText } from '../messages';
import { INTERNAL_ORG } from './InternalGate';
import { imsg } from './messages';

/** Queues the zip of an internal assortment's images. */
export const zipInternalImages = (id: string, small: boolean, heroOnly: boolean) =>
  api.get<QueuedJob>(`/internalAssortments/zip/images/${small}/${heroOnly}/${encodeURIComponent(id)}`, { silent: true });

/** The line sheets an internal assortment offers, and their file types. */
export const LINE_SHEETS = ['Condensed', 'Expanded'] as const;
export const SHEET_FILES = ['pdf', 'xlsx'] as const;

/** Queues an internal assortment's line sheet (the documents' export with orgType internal). */
export const queueLineSheet = (id: string, subType: (typeof LINE_SHEETS)[number], fileType: (typeof SHEET_FILES)[number], title: string) =>
  api.post<QueuedJob>(
    `/assortment-documents/${fileType}`,
    {
      documentType: { type: 'Linesheet', subType },
      assortment: id,
      orgType: 'internal',
      filename: title,
      queue: true,
      settings: { includeImages: true, groupDividers: true, coverPage: true, pageNumbers: true },
    },
    { silent: true },
  );

interface QueuedJob {
  jobId: string;
  filename: string;
}

/** A download-queue job of the page: start it, follow it until its file downloads, cancel it. */
function useQueuedFile(done: MessageDescriptor, failed: MessageDescriptor, key: string) {
  const intl = useIntl();
  const [job, setJob] = useState<ReportJob | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const follow = (jobId: string) =>
    reportJob(jobId)
      .then((j) => {
        setJob(j);
        if (j.status === 'success' && j.url) {
          downloadUrl(j.url, j.filename);
          toast.success(intl.formatMessage(done), { key });
        } else if (j.status === 'cancelled' || j.status === 'failed') {
          if (j.status === 'failed') toast.error(intl.formatMessage(failed, { message: j.message ?? '' }));
        } else timer.current = setTimeout(() => void follow(jobId), 700);
      })
      .catch((e: unknown) => {
        setJob(null);
        toast.error(intl.formatMessage(failed, { message: errorText(e) }));
      });
  const start = async (queue: () => Promise<QueuedJob>) => {
    try {
      const { jobId, filename } = await queue();
      setJob({ id: jobId, status: 'pending', progress: 0, filename });
      void follow(jobId);
    } catch (e) {
      toast.error(intl.formatMessage(failed, { message: errorText(e) }));
    }
  };
  return { job, start, running: job !== null && (job.status === 'pending' || job.status === 'started') };
}

/** One choice of a card: a radio per value (test ids sheet-{value}). */
function RadioSet<T extends string>({ legend, name, values, value, onChange, label }: { legend: string; name: string; values: readonly T[]; value: T; onChange: (v: T) => void; label: (v: T) => string }) {
  return (
    <fieldset className="am-export-card__set">
      <legend>{legend}</legend>
      {values.map((v) => (
        <label key={v}>
          <input type="radio" name={name} checked={value === v} onChange={() => onChange(v)} data-testid={`sheet-${v}`} /> {label(v)}
        </label>
      ))}
    </fieldset>
  );
}

/** A card's start button and the job's progress, cancel and done state. */
function JobActions({ q, label, done, testId }: { q: ReturnType<typeof useQueuedFile> & { onStart: () => void }; label: string; done: MessageDescriptor; testId: string }) {
  const intl = useIntl();
  return (
    <div className="am-export-card__actions">
      <button type="button" className="its-btn its-btn--primary" disabled={q.running} onClick={q.onStart} data-testid={`${testId}-start`}>
        {q.running ? <Spinner size={14} /> : <ProductIcon name="download" />}
        {label}
      </button>
      {q.running && q.job && (
        <>
          <span className="am-export-card__progress" role="status" data-testid={`${testId}-progress`}>
            {intl.formatMessage(imsg.zipProgress, { n: q.job.progress })}
          </span>
          <button type="button" className="its-btn its-btn--ghost" onClick={() => void cancelReport(q.job!.id).catch(() => undefined)} data-testid={`${testId}-cancel`}>
            {intl.formatMessage(imsg.zipCancel)}
          </button>
        </>
      )}
      {q.job?.status === 'success' && (
        <span className="am-export-card__progress" role="status" data-testid={`${testId}-done`}>
          {intl.formatMessage(done)}
        </span>
      )}
    </div>
  );
}

export function ExportPage({ id }: { id: string }) {
  const intl = useIntl();
  const [search] = useSearchParams();
  const a = useQuery({ queryKey: [INTERNAL_ORG, 'assortment', id], queryFn: ({ signal }) => getAssortment(id, signal, INTERNAL_ORG), retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2 });
  usePageTitle(`${intl.formatMessage(imsg.export)}${a.data ? ` · ${a.data.title}` : ''}`);
  const [small, setSmall] = useState(true);
  const [heroOnly, setHeroOnly] = useState(true);
  const [subType, setSubType] = useState<(typeof LINE_SHEETS)[number]>('Condensed');
  const [fileType, setFileType] = useState<(typeof SHEET_FILES)[number]>('pdf');
  const zip = useQueuedFile(imsg.zipDone, imsg.zipFailed, 'internal-zip');
  const sheet = useQueuedFile(imsg.sheetDone, imsg.sheetFailed, 'internal-sheet');

  if (a.isError) {
    return (
      <div className="am-loading" data-testid="assortment-missing">
        <EmptyState icon="warning" title={intl.formatMessage(imsg.none)} />
      </div>
    );
  }
  if (!a.data) {
    return (
      <div className="am-loading">
        <Spinner size={28} />
      </div>
    );
  }
  const title = a.data.title;
  return (
    <div className="am-page am-internal-export" data-testid="internal-export">
      <header className="am-head">
        <div className="am-head__text">
          <nav className="am-crumbs">
            <Link to={internalListPath(a.data.channel)}>{intl.formatMessage(imsg.channelTitle, { channel: a.data.channel })}</Link>
            <ProductIcon name="chevronRight" size={14} />
            <Link to={internalPath(id, 'manage', search.toString())}>{title}</Link>
          </nav>
          <h1 className="am-head__title">{intl.formatMessage(imsg.export)}</h1>
        </div>
      </header>
      <section className="am-export-card" data-testid="internal-sheet">
        <h2>{intl.formatMessage(imsg.sheetTitle)}</h2>
        <RadioSet legend={intl.formatMessage(imsg.sheetLayout)} name="sheet" values={LINE_SHEETS} value={subType} onChange={setSubType} label={(t) => intl.formatMessage(imsg.sheetLayoutName, { layout: t })} />
        <RadioSet legend={intl.formatMessage(imsg.sheetFile)} name="sheetFile" values={SHEET_FILES} value={fileType} onChange={setFileType} label={(f) => intl.formatMessage(imsg.sheetFileName, { file: f })} />
        <JobActions q={{ ...sheet, onStart: () => void sheet.start(() => queueLineSheet(id, subType, fileType, title)) }} label={intl.formatMessage(imsg.sheetStart)} done={imsg.sheetDone} testId="sheet" />
      </section>
      <section className="am-export-card">
        <h2>{intl.formatMessage(imsg.zipTitle)}</h2>
        <fieldset className="am-export-card__set">
          <legend>{intl.formatMessage(imsg.zipSize)}</legend>
          <label>
            <input type="radio" name="size" checked={small} onChange={() => setSmall(true)} data-testid="zip-small" /> {intl.formatMessage(imsg.zipSmall)}
          </label>
          <label>
            <input type="radio" name="size" checked={!small} onChange={() => setSmall(false)} data-testid="zip-print" /> {intl.formatMessage(imsg.zipPrint)}
          </label>
        </fieldset>
        <label className="am-export-card__check">
          <input type="checkbox" checked={heroOnly} onChange={(e) => setHeroOnly(e.target.checked)} data-testid="zip-hero-only" /> {intl.formatMessage(imsg.zipHeroOnly)}
        </label>
        <JobActions q={{ ...zip, onStart: () => void zip.start(() => zipInternalImages(id, small, heroOnly)) }} label={intl.formatMessage(imsg.zipStart)} done={imsg.zipDone} testId="zip" />
      </section>
    </div>
  );
}
