/** An asset in the browse grid (a card) or list (a row), with its download and collection actions. */
import { useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { Icon, toast } from '@its/kit';
import type { Asset, UsageType } from '../api/types';
import { formatBytes } from '../format';
import { CARD_FIELDS } from '../libraries';
import { Popover } from '../ui/Popover';
import { FileThumb, extOf, primaryFile, workingFile } from '../ui/FileThumb';
import { NoFileError, downloadAssetFile } from './download';

export interface AssetActions {
  inCollection: (id: string) => boolean;
  toggleCollection: (asset: Asset) => void;
  open: (asset: Asset) => void;
}

/** Downloads one file with its toasts; marks the asset seen in the cached pages. */
export function useAssetDownload() {
  const intl = useIntl();
  const client = useQueryClient();
  return async (asset: Asset, usageType: UsageType) => {
    try {
      const name = await downloadAssetFile(asset, usageType);
      toast.success(intl.formatMessage({ id: 'libraries.download.started', defaultMessage: 'Downloading {name}' }, { name }), { key: 'asset-download' });
      void client.invalidateQueries({ queryKey: ['libraries', 'assets'] });
    } catch (e) {
      toast.error(
        e instanceof NoFileError
          ? intl.formatMessage({ id: 'libraries.download.noFile', defaultMessage: 'This asset has no file of that kind.' })
          : intl.formatMessage({ id: 'libraries.download.failed', defaultMessage: 'The download could not be started: {message}' }, { message: e instanceof Error ? e.message : '' }),
        { key: 'asset-download' },
      );
    }
  };
}

/** A download button; with a working file it opens a menu of both files. */
export function DownloadMenu({ asset, variant = 'icon' }: { asset: Asset; variant?: 'icon' | 'button' }) {
  const intl = useIntl();
  const download = useAssetDownload();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const primary = primaryFile(asset);
  const working = workingFile(asset);
  const label = intl.formatMessage({ id: 'libraries.download', defaultMessage: 'Download' });
  const onClick = () => {
    if (working) setOpen((o) => !o);
    else void download(asset, 'Primary');
  };
  return (
    <>
      <button
        ref={anchor}
        type="button"
        className={variant === 'icon' ? 'its-icon-btn lib-card__action' : 'its-btn its-btn--primary'}
        onClick={(e) => {
          e.stopPropagation();
          onClick();
        }}
        aria-label={label}
        title={variant === 'icon' ? label : undefined}
        aria-haspopup={working ? 'menu' : undefined}
        data-testid="asset-download"
      >
        <Icon name="download" size={18} />
        {variant === 'button' && label}
        {variant === 'button' && working && <Icon name="chevronDown" size={14} />}
      </button>
      <Popover anchor={anchor} open={open} onClose={() => setOpen(false)} width={300} align="end" label={label}>
        <div className="lib-menu" role="menu">
          {[primary, working].map((f) =>
            f ? (
              <button
                key={f._id}
                type="button"
                role="menuitem"
                className="lib-menu__item"
                onClick={() => {
                  setOpen(false);
                  void download(asset, f.usageType);
                }}
                data-testid={f.usageType === 'Primary' ? 'download-primary' : 'download-working'}
              >
                <span className="lib-menu__ext">{extOf(f.filename)}</span>
                <span className="lib-menu__text">
                  <strong>
                    {f.usageType === 'Primary' ? (
                      <FormattedMessage id="libraries.download.primary" defaultMessage="Primary file" />
                    ) : (
                      <FormattedMessage id="libraries.download.working" defaultMessage="Working file" />
                    )}
                  </strong>
                  <span>{formatBytes(f.fileSize, intl.locale)}</span>
                </span>
              </button>
            ) : null,
          )}
        </div>
      </Popover>
    </>
  );
}

export function CollectionToggle({ asset, actions, variant = 'icon' }: { asset: Asset; actions: AssetActions; variant?: 'icon' | 'button' }) {
  const intl = useIntl();
  const on = actions.inCollection(asset._id);
  const label = on
    ? intl.formatMessage({ id: 'libraries.collection.remove', defaultMessage: 'Remove from collection' })
    : intl.formatMessage({ id: 'libraries.collection.add', defaultMessage: 'Add to collection' });
  return (
    <button
      type="button"
      className={variant === 'icon' ? `its-icon-btn lib-card__action lib-collect${on ? ' is-on' : ''}` : `its-btn its-btn--secondary lib-collect${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={variant === 'icon' ? label : undefined}
      onClick={(e) => {
        e.stopPropagation();
        actions.toggleCollection(asset);
      }}
      data-testid="collection-toggle"
    >
      <Icon name={on ? 'check' : 'layers'} size={18} />
      {variant === 'button' && label}
    </button>
  );
}

function Meta({ asset }: { asset: Asset }) {
  const text = CARD_FIELDS[asset.libraryType]
    .map((f) => asset[f])
    .filter((v): v is string => !!v)
    .join(' · ');
  // An ellipsis hides the end of a long line; the tooltip shows all of it.
  return (
    <p className="lib-card__meta" title={text || undefined}>
      {text}
    </p>
  );
}

function NewBadge({ asset }: { asset: Asset }) {
  if (asset.userFlag === 'Seen') return null;
  return (
    <span className="lib-new">
      <FormattedMessage id="libraries.asset.new" defaultMessage="New" />
    </span>
  );
}

export function AssetCard({ asset, actions }: { asset: Asset; actions: AssetActions }) {
  const intl = useIntl();
  const f = primaryFile(asset);
  const name = asset.name || f?.filename || asset._id;
  return (
    <article className={`lib-card${actions.inCollection(asset._id) ? ' is-collected' : ''}`} data-testid="asset-card" data-asset-id={asset._id}>
      <button type="button" className="lib-card__media" onClick={() => actions.open(asset)}>
        {/* The picture names the button, so the badge's visible "New" stays part of its name (WCAG 2.5.3). */}
        <FileThumb asset={asset} alt={intl.formatMessage({ id: 'libraries.asset.open', defaultMessage: 'Open {name}' }, { name })} />
        <NewBadge asset={asset} />
      </button>
      <div className="lib-card__body">
        <h3 className="lib-card__title" title={name}>
          <button type="button" className="lib-link lib-card__name" onClick={() => actions.open(asset)}>
            <span className="lib-card__clamp">{name}</span>
          </button>
        </h3>
        <Meta asset={asset} />
        <div className="lib-card__foot">
          <span className="lib-card__file" title={f?.filename}>
            {extOf(f?.filename)} · {formatBytes(f?.fileSize ?? 0, intl.locale)}
          </span>
          <span className="lib-card__actions">
            <CollectionToggle asset={asset} actions={actions} />
            <DownloadMenu asset={asset} />
          </span>
        </div>
      </div>
    </article>
  );
}

export function AssetRow({ asset, actions }: { asset: Asset; actions: AssetActions }) {
  const intl = useIntl();
  const f = primaryFile(asset);
  const name = asset.name || f?.filename || asset._id;
  return (
    <tr className={actions.inCollection(asset._id) ? 'is-collected' : undefined} data-testid="asset-row" data-asset-id={asset._id}>
      <td className="lib-table__thumb">
        <button type="button" className="lib-card__media lib-card__media--row" onClick={() => actions.open(asset)}>
          <FileThumb asset={asset} size="row" alt={intl.formatMessage({ id: 'libraries.asset.open', defaultMessage: 'Open {name}' }, { name })} />
        </button>
      </td>
      <td>
        <button type="button" className="lib-link lib-table__name" onClick={() => actions.open(asset)}>
          {name}
        </button>
        <NewBadge asset={asset} />
        <Meta asset={asset} />
      </td>
      <td className="lib-table__muted">{extOf(f?.filename)}</td>
      <td className="lib-table__num">{formatBytes(asset.files.reduce((n, x) => n + x.fileSize, 0), intl.locale)}</td>
      <td className="lib-table__muted">
        <FormattedDate value={asset.modifiedDate} day="numeric" month="short" year="numeric" />
      </td>
      <td className="lib-table__actions">
        <CollectionToggle asset={asset} actions={actions} />
        <DownloadMenu asset={asset} />
      </td>
    </tr>
  );
}
