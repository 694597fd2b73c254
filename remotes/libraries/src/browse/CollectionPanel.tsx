/**
 * The user's collection of a library, in the shell's side panel: its items, the working-file
 * and "new only" settings, its total size (too large at 20 GB) and the zip download, which runs
 * as a job in the download queue.
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState, Icon, Spinner } from '@its/kit';
import { assetsByIds, zipCollection } from '../api/assets';
import type { Asset, LibraryType } from '../api/types';
import { formatBytes } from '../format';
import { COLLECTION_TYPES, libraryTitles } from '../libraries';
import { downloads } from '../transfer/queues';
import { FileThumb, primaryFile } from '../ui/FileThumb';
import { useCollection } from './collection';

/** The download queue's title of a collection zip. */
export function useZipTitle() {
  const intl = useIntl();
  return (collectionType: string) => {
    const lt = COLLECTION_TYPES[collectionType]?.[0];
    const library = lt ? intl.formatMessage(libraryTitles[lt]) : collectionType;
    return intl.formatMessage({ id: 'libraries.zip.title', defaultMessage: '{library} collection (ZIP)' }, { library });
  };
}

function Toggle({ checked, onChange, label, hint, testId }: { checked: boolean; onChange: (v: boolean) => void; label: string; hint?: string; testId: string }) {
  return (
    <label className="lib-switch">
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span className="lib-switch__track" aria-hidden />
      <span className="lib-switch__text">
        <span>{label}</span>
        {hint && <small>{hint}</small>}
      </span>
    </label>
  );
}

export function CollectionPanel({ collectionType, libraryType }: { collectionType: string; libraryType: LibraryType }) {
  const intl = useIntl();
  const zipTitle = useZipTitle();
  const c = useCollection(collectionType);
  const col = c.collection;
  const ids = col?.items ?? [];
  const types = COLLECTION_TYPES[collectionType] ?? [libraryType];
  const items = useQuery({
    queryKey: ['libraries', 'collectionItems', collectionType, ids],
    queryFn: () => assetsByIds(types, ids),
    enabled: ids.length > 0,
    placeholderData: (prev) => prev,
    staleTime: 60_000,
  });
  if (c.loading || !col) {
    return (
      <div className="lib-panel-loading">
        <Spinner />
      </div>
    );
  }
  const all: Asset[] = (items.data ?? []).filter((a) => ids.includes(a._id));
  const shown = col.showNewStylesOnly ? all.filter((a) => a.userFlag !== 'Seen') : all;
  const gone = ids.length - all.length;
  const canZip = ids.length > 0 && !col.tooLarge && col.totalSize > 0;

  const zip = async () => {
    await c.flushNow();
    downloads.add(zipTitle(collectionType), { kind: 'job', start: () => zipCollection(collectionType) });
  };

  return (
    <div className="lib-collection" data-testid="collection-panel">
      <div className={`lib-collection__summary${col.tooLarge ? ' is-too-large' : ''}`}>
        <div>
          <strong data-testid="collection-count">
            <FormattedMessage id="libraries.collection.count" defaultMessage="{count, plural, =0 {No items} one {# item} other {# items}}" values={{ count: ids.length }} />
          </strong>
          <span data-testid="collection-size">
            <FormattedMessage id="libraries.collection.size" defaultMessage="{size} to download" values={{ size: formatBytes(col.totalSize, intl.locale) }} />
          </span>
        </div>
        <button type="button" className="its-btn its-btn--primary" disabled={!canZip} onClick={() => void zip()} data-testid="collection-zip">
          <Icon name="download" size={16} />
          <FormattedMessage id="libraries.collection.zip" defaultMessage="Download ZIP" />
        </button>
      </div>
      {col.tooLarge && (
        <p className="lib-alert lib-alert--danger" role="alert" data-testid="collection-too-large">
          <Icon name="warning" size={16} />
          <FormattedMessage
            id="libraries.collection.tooLarge"
            defaultMessage="This collection is too large to download ({size} of at most {limit}). Remove items or leave out working files."
            values={{ size: formatBytes(col.totalSize, intl.locale), limit: formatBytes(col.sizeLimit, intl.locale) }}
          />
        </p>
      )}
      <div className="lib-collection__settings">
        <Toggle
          checked={col.includeWorkingFiles}
          onChange={(v) => c.setSettings({ includeWorkingFiles: v, showWorkingFilesOnly: v ? col.showWorkingFilesOnly : false })}
          label={intl.formatMessage({ id: 'libraries.collection.includeWorking', defaultMessage: 'Include working files' })}
          hint={intl.formatMessage({ id: 'libraries.collection.includeWorkingHint', defaultMessage: 'Layered source files count towards the size.' })}
          testId="collection-include-working"
        />
        <Toggle
          checked={col.showWorkingFilesOnly}
          onChange={(v) => c.setSettings({ showWorkingFilesOnly: v, includeWorkingFiles: v ? true : col.includeWorkingFiles })}
          label={intl.formatMessage({ id: 'libraries.collection.workingOnly', defaultMessage: 'Working files only' })}
          testId="collection-working-only"
        />
        <Toggle
          checked={col.showNewStylesOnly}
          onChange={(v) => c.setSettings({ showNewStylesOnly: v })}
          label={intl.formatMessage({ id: 'libraries.collection.newOnly', defaultMessage: 'Show only items I have not downloaded' })}
          testId="collection-new-only"
        />
      </div>
      {ids.length === 0 ? (
        <EmptyState icon="layers" title={<FormattedMessage id="libraries.collection.empty" defaultMessage="Your collection is empty." />}>
          <FormattedMessage id="libraries.collection.emptyHint" defaultMessage="Add items with the collection button on each card, then download them together as one ZIP." />
        </EmptyState>
      ) : (
        <>
          {items.isPending && (
            <div className="lib-panel-loading">
              <Spinner />
            </div>
          )}
          <ul className="lib-collection__list">
            {shown.map((a) => {
              const f = primaryFile(a);
              return (
                <li key={a._id} className="lib-collection__item" data-testid="collection-item" data-asset-id={a._id}>
                  <FileThumb asset={a} size="row" alt={a.name ?? ''} />
                  <span className="lib-collection__text">
                    <strong title={a.name}>{a.name || f?.filename}</strong>
                    <span>{formatBytes(a.files.reduce((n, x) => n + x.fileSize, 0), intl.locale)}</span>
                  </span>
                  <button
                    type="button"
                    className="its-icon-btn"
                    onClick={() => c.remove(a._id)}
                    aria-label={intl.formatMessage({ id: 'libraries.collection.remove', defaultMessage: 'Remove from collection' })}
                    title={intl.formatMessage({ id: 'libraries.collection.remove', defaultMessage: 'Remove from collection' })}
                  >
                    <Icon name="close" size={16} />
                  </button>
                </li>
              );
            })}
          </ul>
          {gone > 0 && !items.isPending && (
            <p className="lib-muted">
              <FormattedMessage id="libraries.collection.unavailable" defaultMessage="{count, plural, one {# item is} other {# items are}} no longer published and will be left out." values={{ count: gone }} />
            </p>
          )}
          <button type="button" className="its-btn its-btn--link lib-collection__clear" onClick={c.clear} data-testid="collection-clear">
            <FormattedMessage id="libraries.collection.clear" defaultMessage="Remove all items" />
          </button>
        </>
      )}
    </div>
  );
}
