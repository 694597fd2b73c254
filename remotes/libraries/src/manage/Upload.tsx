/**
 * The upload page (editors): files dropped or chosen here join the upload queue as new Pending
 * items of the library. Each is checked (duplicate filenames are refused), then uploaded in
 * parts; the global uploader follows them on every page.
 */
import { useRef, useState, type DragEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon, usePageTitle } from '@its/kit';
import { libraryTitles } from '../libraries';
import { uploaderMode, uploads, useInterrupted, useUploads } from '../transfer/queues';
import { EntryRow, InterruptedRow } from '../transfer/TransferPanel';
import { CHUNK_SIZE, MAX_FILES, MAX_PARTS } from '../transfer/uploadQueue';
import { formatBytes } from '../format';
import { ManageHeader, useManagedType } from './common';
import { useManageTabs } from './ManageNav';

/** Extensions a library asset may have (core/uploads' list); the server checks the content too. */
export const ACCEPTED = ['.jpg', '.jpeg', '.png', '.gif', '.tif', '.tiff', '.webp', '.svg', '.pdf', '.psd', '.ai', '.eps', '.indd', '.mp4', '.mov', '.zip', '.docx', '.xlsx', '.pptx'];

export function Upload() {
  const intl = useIntl();
  const { libraryType, route } = useManagedType();
  const { byStatus } = useManageTabs(route.manageType);
  const pendingPath = byStatus.find((s) => s.status === 'Pending')?.route?.path;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const entries = useUploads().filter((e) => e.target.libraryType === libraryType);
  const interrupted = useInterrupted().filter((r) => r.target.libraryType === libraryType);
  const title = intl.formatMessage(libraryTitles[libraryType]);
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'libraries.manage.upload', defaultMessage: 'Upload' })}`);

  const add = (files: FileList | File[] | null) => {
    const list = files ? Array.from(files) : [];
    if (list.length === 0) return;
    uploads.add(list, { usageType: 'libraryAsset', libraryType });
    // This page lists every file already; the global uploader shows just the overall progress.
    if (uploaderMode.get() !== 'mini') uploaderMode.set('collapsed');
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  };

  return (
    <div className="lib-page" data-testid="library-upload" data-library-type={libraryType}>
      <ManageHeader title={title} lead={intl.formatMessage({ id: 'libraries.upload.lead', defaultMessage: 'Uploaded files become Pending items. Complete their details there, then publish them.' })} upload />
      <div className="lib-upload">
        <div
          className={`lib-dropzone${over ? ' is-over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          data-testid="dropzone"
        >
          <span className="lib-dropzone__icon" aria-hidden>
            <Icon name="download" size={30} className="lib-flip-v" />
          </span>
          <p className="lib-dropzone__title">
            <FormattedMessage id="libraries.upload.drop" defaultMessage="Drag files here" />
          </p>
          <p className="lib-dropzone__or">
            <FormattedMessage id="libraries.upload.or" defaultMessage="or" />
          </p>
          <button type="button" className="its-btn its-btn--primary" onClick={() => input.current?.click()} data-testid="upload-choose">
            <FormattedMessage id="libraries.upload.choose" defaultMessage="Choose files" />
          </button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={ACCEPTED.join(',')}
            onChange={(e) => {
              add(e.target.files);
              e.target.value = '';
            }}
            data-testid="upload-input"
          />
          <p className="lib-dropzone__hint">
            <FormattedMessage id="libraries.upload.types" defaultMessage="Images, PDF, Adobe files, video, Office documents and ZIP archives: {list}" values={{ list: ACCEPTED.map((x) => x.slice(1).toUpperCase()).join(' · ') }} />
          </p>
        </div>
        <aside className="lib-upload__side its-card">
          <h2 className="lib-upload__heading">
            <FormattedMessage id="libraries.upload.howTitle" defaultMessage="How uploads work" />
          </h2>
          <ol className="lib-steps">
            <li>
              <FormattedMessage id="libraries.upload.how1" defaultMessage="Each filename is checked first: a file another asset already has is refused." />
            </li>
            <li>
              <FormattedMessage
                id="libraries.upload.how2"
                defaultMessage="Files upload {files} at a time, in parts of {chunk} sent {parts} at once; a failed part is retried."
                values={{ files: MAX_FILES, chunk: formatBytes(CHUNK_SIZE, intl.locale), parts: MAX_PARTS }}
              />
            </li>
            <li>
              <FormattedMessage id="libraries.upload.how3" defaultMessage="The server checks that each file really is of its type, then adds it to Pending." />
            </li>
            <li>
              <FormattedMessage id="libraries.upload.how4" defaultMessage="You can keep working meanwhile: the uploader follows you to other pages." />
            </li>
          </ol>
          {pendingPath && (
            <Link to={pendingPath} className="its-btn its-btn--secondary lib-btn-sm" data-testid="upload-to-pending">
              <FormattedMessage id="libraries.upload.toPending" defaultMessage="Go to Pending" />
              <Icon name="arrowRight" size={16} />
            </Link>
          )}
        </aside>
      </div>
      {(entries.length > 0 || interrupted.length > 0) && (
        <section className="its-card lib-upload__list">
          <h2 className="lib-upload__heading">
            <FormattedMessage id="libraries.upload.queue" defaultMessage="Upload queue" />
          </h2>
          <ul className="lib-panel__list lib-panel__list--page" data-testid="upload-list">
            {entries.map((e) => (
              <EntryRow key={e.id} e={e} />
            ))}
            {interrupted.map((r) => (
              <InterruptedRow key={r.id} r={r} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
