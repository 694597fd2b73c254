/**
 * The global uploader (hidden, expanded, mini or collapsed) and the download panel (mini or
 * expanded), at the bottom right of every page while transfers run.
 */
import { useCallback, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon, toast } from '@its/kit';
import { formatBytes, percent } from '../format';
import type { DownloadItem } from './downloadQueue';
import {
  downloadPanelMode,
  downloads,
  uploaderMode,
  uploads,
  useDownloadFinished,
  useDownloadPanelMode,
  useDownloads,
  useInterrupted,
  useUploadFinished,
  useUploaderMode,
  useUploadTotals,
  useUploads,
} from './queues';
import type { InterruptedUpload, UploadEntry } from './uploadQueue';
import { uploadErrorText } from './uploadMessages';
import { ProgressBar } from '../ui/Progress';

function Ring({ value, size = 34 }: { value: number; size?: number }) {
  const r = size / 2 - 3;
  const c = 2 * Math.PI * r;
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="lib-ring" aria-hidden>
      <circle cx={size / 2} cy={size / 2} r={r} className="lib-ring__track" />
      <circle cx={size / 2} cy={size / 2} r={r} className="lib-ring__value" strokeDasharray={c} strokeDashoffset={c * (1 - value / 100)} />
    </svg>
  );
}

export function EntryRow({ e }: { e: UploadEntry }) {
  const intl = useIntl();
  const pct = percent(e.loaded, e.size);
  let status: string;
  let tone: 'primary' | 'success' | 'danger' | 'muted' = 'primary';
  if (e.state === 'queued') {
    status = intl.formatMessage({ id: 'libraries.upload.state.queued', defaultMessage: 'Waiting' });
    tone = 'muted';
  } else if (e.state === 'completed') {
    status = intl.formatMessage({ id: 'libraries.upload.state.completed', defaultMessage: 'Uploaded · added to Pending' });
    tone = 'success';
  } else if (e.state === 'failed') {
    status = e.error ? uploadErrorText(intl, e, e.error) : intl.formatMessage({ id: 'libraries.upload.state.failed', defaultMessage: 'Failed' });
    tone = 'danger';
  } else if (e.phase === 'checking' || e.phase === 'creating') {
    status = intl.formatMessage({ id: 'libraries.upload.state.checking', defaultMessage: 'Checking…' });
  } else if (e.phase === 'completing') {
    status = intl.formatMessage({ id: 'libraries.upload.state.completing', defaultMessage: 'Checking the file…' });
  } else if (e.phase === 'reconnecting') {
    status = intl.formatMessage({ id: 'libraries.upload.state.reconnecting', defaultMessage: 'Waiting for the server… the upload resumes where it stopped' });
    tone = 'muted';
  } else {
    status = intl.formatMessage(
      { id: 'libraries.upload.state.progress', defaultMessage: '{loaded} of {total} · {percent}%' },
      { loaded: formatBytes(e.loaded, intl.locale), total: formatBytes(e.size, intl.locale), percent: pct },
    );
  }
  const indeterminate = e.state === 'uploading' && e.phase !== 'parts' && e.phase !== 'reconnecting';
  return (
    <li className={`lib-transfer lib-transfer--${e.state}`} data-testid="upload-entry" data-state={e.state} data-filename={e.filename}>
      <span className={`lib-transfer__icon lib-transfer__icon--${e.state}`} aria-hidden>
        <Icon name={e.state === 'completed' ? 'check' : e.state === 'failed' ? 'warning' : 'download'} size={16} className={e.state === 'completed' || e.state === 'failed' ? undefined : 'lib-flip-v'} />
      </span>
      <span className="lib-transfer__main">
        <span className="lib-transfer__name" title={e.filename}>
          {e.filename}
        </span>
        <ProgressBar value={e.state === 'completed' || e.state === 'failed' ? 100 : pct} tone={tone} indeterminate={indeterminate} label={e.filename} />
        <span className={`lib-transfer__status${e.state === 'failed' ? ' is-error' : ''}`} data-testid="upload-status" role={e.state === 'failed' ? 'alert' : undefined}>
          {status}
        </span>
      </span>
      <span className="lib-transfer__actions">
        {e.state === 'failed' && e.error?.code !== 'duplicate' && e.error?.code !== 'content' && e.error?.code !== 'fileType' && (
          <button type="button" className="its-icon-btn" onClick={() => uploads.retry(e.id)} title={intl.formatMessage({ id: 'libraries.upload.retry', defaultMessage: 'Try again' })} aria-label={intl.formatMessage({ id: 'libraries.upload.retry', defaultMessage: 'Try again' })}>
            <Icon name="refresh" size={16} />
          </button>
        )}
        {(e.state === 'queued' || e.state === 'uploading') && (
          <button type="button" className="its-icon-btn" onClick={() => uploads.cancel(e.id)} title={intl.formatMessage({ id: 'libraries.upload.cancel', defaultMessage: 'Cancel upload' })} aria-label={intl.formatMessage({ id: 'libraries.upload.cancel', defaultMessage: 'Cancel upload' })} data-testid="upload-cancel">
            <Icon name="close" size={16} />
          </button>
        )}
        {(e.state === 'completed' || e.state === 'failed') && (
          <button type="button" className="its-icon-btn" onClick={() => uploads.remove(e.id)} title={intl.formatMessage({ id: 'libraries.upload.dismiss', defaultMessage: 'Remove from the list' })} aria-label={intl.formatMessage({ id: 'libraries.upload.dismiss', defaultMessage: 'Remove from the list' })}>
            <Icon name="close" size={16} />
          </button>
        )}
      </span>
    </li>
  );
}

export function InterruptedRow({ r }: { r: InterruptedUpload }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  return (
    <li className="lib-transfer lib-transfer--interrupted" data-testid="upload-interrupted">
      <span className="lib-transfer__icon lib-transfer__icon--failed" aria-hidden>
        <Icon name="clock" size={16} />
      </span>
      <span className="lib-transfer__main">
        <span className="lib-transfer__name" title={r.filename}>
          {r.filename}
        </span>
        <span className="lib-transfer__status">
          <FormattedMessage id="libraries.upload.interrupted" defaultMessage="Interrupted ({size}). Choose the file again to resume." values={{ size: formatBytes(r.size, intl.locale) }} />
        </span>
      </span>
      <span className="lib-transfer__actions">
        <input
          ref={input}
          type="file"
          hidden
          onChange={(ev) => {
            const f = ev.target.files?.[0];
            ev.target.value = '';
            if (!f) return;
            const res = uploads.resumeWith(r.id, f);
            if ('code' in res) toast.error(uploadErrorText(intl, r, res));
          }}
        />
        <button type="button" className="its-btn its-btn--link" onClick={() => input.current?.click()}>
          <FormattedMessage id="libraries.upload.resume" defaultMessage="Resume" />
        </button>
        <button type="button" className="its-btn its-btn--link lib-danger-link" onClick={() => void uploads.discardInterrupted(r.id)}>
          <FormattedMessage id="libraries.upload.discard" defaultMessage="Discard" />
        </button>
      </span>
    </li>
  );
}

function UploaderCard() {
  const intl = useIntl();
  const mode = useUploaderMode();
  const entries = useUploads();
  const interrupted = useInterrupted();
  const t = useUploadTotals();
  const active = t.uploading + t.queued;
  if (mode === 'hidden' || (entries.length === 0 && interrupted.length === 0)) return null;

  const title =
    active > 0
      ? intl.formatMessage({ id: 'libraries.uploader.uploading', defaultMessage: 'Uploading {count, plural, one {# file} other {# files}}' }, { count: active })
      : t.failed > 0
        ? intl.formatMessage({ id: 'libraries.uploader.failed', defaultMessage: '{count, plural, one {# upload failed} other {# uploads failed}}' }, { count: t.failed })
        : entries.length > 0
          ? intl.formatMessage({ id: 'libraries.uploader.done', defaultMessage: 'Uploads complete' })
          : intl.formatMessage({ id: 'libraries.uploader.interruptedTitle', defaultMessage: 'Unfinished uploads' });

  if (mode === 'mini') {
    return (
      <button
        type="button"
        className="lib-mini"
        onClick={() => uploaderMode.set('expanded')}
        data-testid="uploader-mini"
        aria-label={intl.formatMessage({ id: 'libraries.uploader.show', defaultMessage: 'Show uploads' })}
        title={title}
      >
        <Ring value={t.percent} />
        <span className="lib-mini__text">{active > 0 ? `${t.percent}%` : <Icon name={t.failed ? 'warning' : 'check'} size={16} />}</span>
      </button>
    );
  }

  return (
    <section className={`lib-panel lib-panel--${mode}`} data-testid="uploader" data-mode={mode} aria-label={intl.formatMessage({ id: 'libraries.uploader.label', defaultMessage: 'Uploads' })}>
      <header className="lib-panel__head">
        <span className="lib-panel__title" data-testid="uploader-title">
          {title}
        </span>
        {active > 0 && (
          <span className="lib-panel__pct" data-testid="uploader-percent">
            {t.percent}%
          </span>
        )}
        <button
          type="button"
          className="its-icon-btn lib-panel__btn"
          onClick={() => uploaderMode.set(mode === 'collapsed' ? 'expanded' : 'collapsed')}
          aria-label={mode === 'collapsed' ? intl.formatMessage({ id: 'libraries.panel.expand', defaultMessage: 'Expand' }) : intl.formatMessage({ id: 'libraries.panel.collapse', defaultMessage: 'Collapse' })}
          aria-expanded={mode === 'expanded'}
          data-testid="uploader-toggle"
        >
          <Icon name="chevronDown" size={16} className={mode === 'collapsed' ? 'lib-flip-v' : undefined} />
        </button>
        <button type="button" className="its-icon-btn lib-panel__btn" onClick={() => uploaderMode.set('mini')} aria-label={intl.formatMessage({ id: 'libraries.panel.minimize', defaultMessage: 'Minimise' })} data-testid="uploader-minimize">
          <Icon name="arrowRight" size={16} className="lib-rot-45" />
        </button>
        {active === 0 && (
          <button
            type="button"
            className="its-icon-btn lib-panel__btn"
            onClick={() => {
              for (const e of uploads.entries()) uploads.remove(e.id);
              uploaderMode.set('hidden');
            }}
            aria-label={intl.formatMessage({ id: 'libraries.panel.close', defaultMessage: 'Close' })}
          >
            <Icon name="close" size={16} />
          </button>
        )}
      </header>
      {active > 0 && (
        <div className="lib-panel__overall">
          <ProgressBar value={t.percent} label={title} />
          <span>
            {formatBytes(t.loaded, intl.locale)} / {formatBytes(t.total, intl.locale)}
          </span>
        </div>
      )}
      {mode === 'expanded' && (
        <ul className="lib-panel__list">
          {entries.map((e) => (
            <EntryRow key={e.id} e={e} />
          ))}
          {interrupted.map((r) => (
            <InterruptedRow key={r.id} r={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DownloadRow({ d }: { d: DownloadItem }) {
  const intl = useIntl();
  let status: string;
  let tone: 'primary' | 'success' | 'danger' | 'muted' = 'primary';
  switch (d.state) {
    case 'pending':
      status = intl.formatMessage({ id: 'libraries.download.state.pending', defaultMessage: 'Waiting to start' });
      tone = 'muted';
      break;
    case 'started':
      status = d.kind === 'direct' ? intl.formatMessage({ id: 'libraries.download.state.preparing', defaultMessage: 'Preparing…' }) : intl.formatMessage({ id: 'libraries.download.state.started', defaultMessage: 'Preparing · {percent}%' }, { percent: d.progress });
      break;
    case 'completed':
      status = intl.formatMessage({ id: 'libraries.download.state.completed', defaultMessage: 'Downloaded as {filename}' }, { filename: d.filename ?? '' });
      tone = 'success';
      break;
    case 'cancelled':
      status = intl.formatMessage({ id: 'libraries.download.state.cancelled', defaultMessage: 'Your ZIP download has been cancelled' });
      tone = 'muted';
      break;
    default:
      status = d.message
        ? intl.formatMessage({ id: 'libraries.download.state.failedWith', defaultMessage: 'Failed: {message}' }, { message: d.message })
        : intl.formatMessage({ id: 'libraries.download.state.failed', defaultMessage: 'The download failed.' });
      tone = 'danger';
  }
  const running = d.state === 'pending' || d.state === 'started';
  return (
    <li className={`lib-transfer lib-transfer--${d.state}`} data-testid="download-entry" data-state={d.state}>
      <span className={`lib-transfer__icon lib-transfer__icon--${d.state === 'completed' ? 'completed' : d.state === 'failed' ? 'failed' : 'uploading'}`} aria-hidden>
        <Icon name={d.state === 'completed' ? 'check' : d.state === 'failed' ? 'warning' : 'download'} size={16} />
      </span>
      <span className="lib-transfer__main">
        <span className="lib-transfer__name" title={d.title}>
          {d.title}
        </span>
        <ProgressBar value={d.state === 'completed' ? 100 : d.progress} tone={tone} indeterminate={d.state === 'pending' || (d.kind === 'direct' && d.state === 'started')} label={d.title} />
        <span className={`lib-transfer__status${d.state === 'failed' ? ' is-error' : ''}`} data-testid="download-status">
          {status}
        </span>
      </span>
      <span className="lib-transfer__actions">
        {running ? (
          <button type="button" className="its-icon-btn" onClick={() => void downloads.cancel(d.id)} title={intl.formatMessage({ id: 'libraries.download.cancel', defaultMessage: 'Cancel download' })} aria-label={intl.formatMessage({ id: 'libraries.download.cancel', defaultMessage: 'Cancel download' })} data-testid="download-cancel">
            <Icon name="close" size={16} />
          </button>
        ) : (
          <button type="button" className="its-icon-btn" onClick={() => downloads.remove(d.id)} title={intl.formatMessage({ id: 'libraries.upload.dismiss', defaultMessage: 'Remove from the list' })} aria-label={intl.formatMessage({ id: 'libraries.upload.dismiss', defaultMessage: 'Remove from the list' })}>
            <Icon name="close" size={16} />
          </button>
        )}
      </span>
    </li>
  );
}

function DownloadCard() {
  const intl = useIntl();
  const mode = useDownloadPanelMode();
  const items = useDownloads();
  if (mode === 'hidden' || items.length === 0) return null;
  const running = items.filter((i) => i.state === 'pending' || i.state === 'started');
  const pct = running.length ? Math.round(running.reduce((n, i) => n + i.progress, 0) / running.length) : 100;
  const title =
    running.length > 0
      ? intl.formatMessage({ id: 'libraries.downloads.running', defaultMessage: 'Preparing {count, plural, one {# download} other {# downloads}}' }, { count: running.length })
      : intl.formatMessage({ id: 'libraries.downloads.title', defaultMessage: 'Downloads' });
  if (mode === 'mini') {
    return (
      <button type="button" className="lib-mini lib-mini--download" onClick={() => downloadPanelMode.set('expanded')} data-testid="downloads-mini" title={title} aria-label={intl.formatMessage({ id: 'libraries.downloads.show', defaultMessage: 'Show downloads' })}>
        <Ring value={pct} />
        <span className="lib-mini__text">
          <Icon name="download" size={16} />
        </span>
      </button>
    );
  }
  return (
    <section className="lib-panel lib-panel--expanded" data-testid="downloads" aria-label={intl.formatMessage({ id: 'libraries.downloads.title', defaultMessage: 'Downloads' })}>
      <header className="lib-panel__head">
        <span className="lib-panel__title">{title}</span>
        <button type="button" className="its-icon-btn lib-panel__btn" onClick={() => downloadPanelMode.set('mini')} aria-label={intl.formatMessage({ id: 'libraries.panel.minimize', defaultMessage: 'Minimise' })} data-testid="downloads-minimize">
          <Icon name="arrowRight" size={16} className="lib-rot-45" />
        </button>
      </header>
      <ul className="lib-panel__list">
        {items.map((d) => (
          <DownloadRow key={d.id} d={d} />
        ))}
      </ul>
    </section>
  );
}

/** Both panels, plus toasts for refused uploads and failed downloads. */
export function TransferPanel() {
  const intl = useIntl();
  const onUpload = useCallback(
    (e: UploadEntry) => {
      if (e.state === 'failed' && e.error) toast.error(uploadErrorText(intl, e, e.error), { title: e.filename, key: `upload-${e.id}`, timeout: 8000 });
    },
    [intl],
  );
  const onDownload = useCallback(
    (d: DownloadItem) => {
      if (d.state === 'failed')
        toast.error(d.message ? intl.formatMessage({ id: 'libraries.download.state.failedWith', defaultMessage: 'Failed: {message}' }, { message: d.message }) : intl.formatMessage({ id: 'libraries.download.state.failed', defaultMessage: 'The download failed.' }), { title: d.title, key: `download-${d.id}` });
      if (d.state === 'cancelled') toast.info(intl.formatMessage({ id: 'libraries.download.state.cancelled', defaultMessage: 'Your ZIP download has been cancelled' }), { key: `download-${d.id}` });
    },
    [intl],
  );
  useUploadFinished(onUpload);
  useDownloadFinished(onDownload);
  return (
    <div className="lib-transfers" data-testid="transfers">
      <DownloadCard />
      <UploaderCard />
    </div>
  );
}
