/**
 * internal/{assortment_id}/export: an internal assortment's zip of images through the download
 * queue (GET /api/internalAssortments/zip/images/{small}/{heroOnly}/{id}): small or print size,
 * the hero of each style or every colour; progress while the job runs, then the file downloads.
 * The rows themselves export from the detail grid's toolbar (Excel, CSV).
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError, EmptyState, Spinner, api, downloadUrl, toast, usePageTitle } from '@its/kit';
import { ProductIcon } from '@its/grid';
import { getAssortment, internalListPath, internalPath } from '../api';
import { cancelReport, reportJob, type ReportJob } from '../reporting/api';
import { errorText } from '../messages';
import { INTERNAL_ORG } from './InternalGate';
import { imsg } from './messages';

/** Queues the zip of an internal assortment's images. */
export const zipInternalImages = (id: string, small: boolean, heroOnly: boolean) =>
  api.get<{ jobId: string; filename: string }>(`/internalAssortments/zip/images/${small}/${heroOnly}/${encodeURIComponent(id)}`, { silent: true });

export function ExportPage({ id }: { id: string }) {
  const intl = useIntl();
  const [search] = useSearchParams();
  const a = useQuery({ queryKey: [INTERNAL_ORG, 'assortment', id], queryFn: ({ signal }) => getAssortment(id, signal, INTERNAL_ORG), retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2 });
  usePageTitle(`${intl.formatMessage(imsg.export)}${a.data ? ` · ${a.data.title}` : ''}`);
  const [small, setSmall] = useState(true);
  const [heroOnly, setHeroOnly] = useState(true);
  const [job, setJob] = useState<ReportJob | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (jobId: string) =>
    reportJob(jobId)
      .then((j) => {
        setJob(j);
        if (j.status === 'success' && j.url) {
          downloadUrl(j.url, j.filename);
          toast.success(intl.formatMessage(imsg.zipDone), { key: 'internal-zip' });
        } else if (j.status === 'cancelled' || j.status === 'failed') {
          if (j.status === 'failed') toast.error(intl.formatMessage(imsg.zipFailed, { message: j.message ?? '' }));
        } else timer.current = setTimeout(() => void follow(jobId), 700);
      })
      .catch((e: unknown) => {
        setJob(null);
        toast.error(intl.formatMessage(imsg.zipFailed, { message: errorText(e) }));
      });

  const start = async () => {
    try {
      const { jobId, filename } = await zipInternalImages(id, small, heroOnly);
      setJob({ id: jobId, status: 'pending', progress: 0, filename });
      void follow(jobId);
    } catch (e) {
      toast.error(intl.formatMessage(imsg.zipFailed, { message: errorText(e) }));
    }
  };

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
  const running = job !== null && (job.status === 'pending' || job.status === 'started');
  return (
    <div className="am-page am-internal-export" data-testid="internal-export">
      <header className="am-head">
        <div className="am-head__text">
          <nav className="am-crumbs">
            <Link to={internalListPath(a.data.channel)}>{intl.formatMessage(imsg.channelTitle, { channel: a.data.channel })}</Link>
            <ProductIcon name="chevronRight" size={14} />
            <Link to={internalPath(id, 'manage', search.toString())}>{a.data.title}</Link>
          </nav>
          <h1 className="am-head__title">{intl.formatMessage(imsg.zipTitle)}</h1>
        </div>
      </header>
      <section className="am-export-card">
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
        <div className="am-export-card__actions">
          <button type="button" className="its-btn its-btn--primary" disabled={running} onClick={() => void start()} data-testid="zip-start">
            {running ? <Spinner size={14} /> : <ProductIcon name="download" />}
            {intl.formatMessage(imsg.zipStart)}
          </button>
          {running && (
            <>
              <span className="am-export-card__progress" role="status" data-testid="zip-progress">
                {intl.formatMessage(imsg.zipProgress, { n: job.progress })}
              </span>
              <button type="button" className="its-btn its-btn--ghost" onClick={() => void cancelReport(job.id).catch(() => undefined)} data-testid="zip-cancel">
                {intl.formatMessage(imsg.zipCancel)}
              </button>
            </>
          )}
          {job?.status === 'success' && (
            <span className="am-export-card__progress" role="status" data-testid="zip-done">
              {intl.formatMessage(imsg.zipDone)}
            </span>
          )}
        </div>
      </section>
    </div>
  );
}
