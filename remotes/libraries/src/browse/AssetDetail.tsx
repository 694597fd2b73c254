/** An asset's detail: a large preview, its fields, its files with downloads, share and collect. */
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '@its/kit';
import { DATE_FIELDS, TEXT_FIELDS, type Asset, type AssetField } from '../api/types';
import { formatBytes } from '../format';
import { fieldTitles, libraryTitles } from '../libraries';
import { FileThumb, extOf, primaryFile } from '../ui/FileThumb';
import { CollectionToggle, useAssetDownload, type AssetActions } from './AssetCard';
import { ShareButton } from './FilterBar';

/** The large preview: the picture, the PDF itself, or the video. */
export function AssetPreview({ asset }: { asset: Asset }) {
  const f = primaryFile(asset);
  const name = asset.name || f?.filename || '';
  if (f?.content === 'application/pdf' && f.sourceFile) {
    return <iframe className="lib-preview__frame" src={f.sourceFile} title={name} data-testid="asset-preview-pdf" />;
  }
  if (f?.content?.startsWith('video/') && f.sourceFile) {
    return <video className="lib-preview__video" src={f.sourceFile} controls preload="metadata" aria-label={name} />;
  }
  return <FileThumb asset={asset} size="large" alt={name} />;
}

const SHOWN: AssetField[] = [...TEXT_FIELDS.filter((f) => f !== 'name'), ...DATE_FIELDS];

export function AssetDetailView({ asset, actions, shareUrl }: { asset: Asset; actions?: AssetActions; shareUrl?: string }) {
  const intl = useIntl();
  const download = useAssetDownload();
  const fields = SHOWN.filter((f) => asset[f]);
  return (
    <div className="lib-detail" data-testid="asset-detail" data-asset-id={asset._id}>
      <div className="lib-detail__preview">
        <AssetPreview asset={asset} />
      </div>
      <div className="lib-detail__side">
        <p className="lib-eyebrow">{intl.formatMessage(libraryTitles[asset.libraryType])}</p>
        <h2 className="lib-detail__title">{asset.name || primaryFile(asset)?.filename}</h2>
        <p className="lib-detail__modified">
          <FormattedMessage
            id="libraries.detail.modified"
            defaultMessage="Updated {date}"
            values={{ date: <FormattedDate value={asset.modifiedDate} day="numeric" month="long" year="numeric" /> }}
          />
        </p>
        <div className="lib-detail__actions">
          {actions && <CollectionToggle asset={asset} actions={actions} variant="button" />}
          <ShareButton url={shareUrl} testId="asset-share" />
        </div>
        <h3 className="lib-detail__heading">
          <FormattedMessage id="libraries.detail.files" defaultMessage="Files" />
        </h3>
        <ul className="lib-files">
          {asset.files.map((f) => (
            <li key={f._id} className="lib-file">
              <span className="lib-file__ext">{extOf(f.filename)}</span>
              <span className="lib-file__text">
                <strong title={f.filename}>{f.filename}</strong>
                <span>
                  {f.usageType === 'Primary' ? (
                    <FormattedMessage id="libraries.download.primary" defaultMessage="Primary file" />
                  ) : (
                    <FormattedMessage id="libraries.download.working" defaultMessage="Working file" />
                  )}
                  {' · '}
                  {formatBytes(f.fileSize, intl.locale)}
                  {f.dimensions && ` · ${f.dimensions.width} × ${f.dimensions.height}`}
                </span>
              </span>
              <button
                type="button"
                className="its-btn its-btn--primary lib-btn-sm"
                onClick={() => void download(asset, f.usageType)}
                data-testid={f.usageType === 'Primary' ? 'detail-download-primary' : 'detail-download-working'}
              >
                <FormattedMessage id="libraries.download" defaultMessage="Download" />
              </button>
            </li>
          ))}
        </ul>
        {fields.length > 0 && (
          <>
            <h3 className="lib-detail__heading">
              <FormattedMessage id="libraries.detail.details" defaultMessage="Details" />
            </h3>
            <dl className="lib-fields">
              {fields.map((f) => (
                <div key={f} className="lib-fields__row">
                  <dt>{intl.formatMessage(fieldTitles[f])}</dt>
                  <dd>{asset[f]}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </div>
    </div>
  );
}

export function AssetDetailDialog({ asset, actions, onClose, shareUrl }: { asset: Asset | null; actions: AssetActions; onClose: () => void; shareUrl?: string }) {
  const intl = useIntl();
  if (!asset) return null;
  return (
    <Dialog open title={intl.formatMessage({ id: 'libraries.detail.title', defaultMessage: 'Asset details' })} onClose={onClose} width={1040} className="lib-detail-dialog" testId="asset-dialog">
      <AssetDetailView asset={asset} actions={actions} shareUrl={shareUrl} />
    </Dialog>
  );
}
