/**
 * Picks the advertising asset an announcement is made from (its picture and link): a search over
 * the published advertising library, shown only when the announcement is created.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon, SearchInput, api } from '@its/kit';

export interface AdAsset {
  _id: string;
  name: string;
  assetType?: string;
  files?: { usageType: string; filename: string; thumbnail?: string }[];
}

export const assetThumb = (a: AdAsset | undefined) => (a?.files?.find((f) => f.usageType === 'Primary') ?? a?.files?.[0])?.thumbnail;

export function AssetChip({ asset, onRemove }: { asset: AdAsset; onRemove?: () => void }) {
  const intl = useIntl();
  const thumb = assetThumb(asset);
  return (
    <div className="dash-ann-asset" data-testid="announcement-asset">
      <span className="dash-ann-asset__thumb">{thumb ? <img src={thumb} alt="" /> : <Icon name="campaign" size={20} />}</span>
      <span className="dash-ann-asset__text">
        <strong title={asset.name}>{asset.name}</strong>
        {asset.assetType && <span>{asset.assetType}</span>}
      </span>
      {onRemove && (
        <button type="button" className="its-icon-btn" onClick={onRemove} aria-label={intl.formatMessage({ id: 'dashboard.manage.asset.remove', defaultMessage: 'Remove the advertising asset' })}>
          <Icon name="close" size={16} />
        </button>
      )}
    </div>
  );
}

export function AssetPicker({ onPick }: { onPick: (asset: AdAsset) => void }) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const results = useQuery({
    queryKey: ['dashboard', 'advertisingAssets', q],
    // GET /api/assets answers one page: {rows, totalCount}.
    queryFn: ({ signal }) => api.get<{ rows?: AdAsset[] }>('/assets', { query: { libraryType: 'AdvertisingAsset', q, limit: 6 }, signal, silent: true }),
    enabled: q.length > 0,
    staleTime: 60_000,
    retry: false,
  });
  const list = results.data?.rows ?? [];
  return (
    <div className="dash-ann-picker">
      <SearchInput
        id={id}
        size="lg"
        value={text}
        onChange={setText}
        debounceMs={250}
        onDebouncedChange={(t) => setQ(t.trim())}
        busy={results.isFetching}
        placeholder={intl.formatMessage({ id: 'dashboard.manage.asset.search', defaultMessage: 'Search the advertising library' })}
        data-testid="announcement-asset-search"
      />
      {q.length > 0 && !results.isPending && (
        <ul className="dash-ann-picker__results" role="listbox" aria-labelledby={id}>
          {results.isError && (
            <li className="dash-ann-picker__empty">
              <FormattedMessage id="dashboard.manage.asset.error" defaultMessage="The advertising library could not be searched." />
            </li>
          )}
          {!results.isError && list.length === 0 && (
            <li className="dash-ann-picker__empty">
              <FormattedMessage id="dashboard.manage.asset.none" defaultMessage="No published advertising asset matches." />
            </li>
          )}
          {list.map((a) => (
            <li key={a._id} role="option" aria-selected={false}>
              <button
                type="button"
                className="dash-ann-picker__option"
                onClick={() => {
                  onPick(a);
                  setText('');
                  setQ('');
                }}
                data-testid="announcement-asset-option"
              >
                <span className="dash-ann-asset__thumb dash-ann-asset__thumb--sm">{assetThumb(a) ? <img src={assetThumb(a)} alt="" /> : <Icon name="campaign" size={16} />}</span>
                <span className="dash-ann-picker__name">{a.name}</span>
                {a.assetType && <span className="dash-ann-picker__type">{a.assetType}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
