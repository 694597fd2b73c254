/**
 * A library's listing (spec §2.6): published items only, newest first, the filter bar in the
 * sub-header, a card grid or a list (the collection's viewType, grid by default), the asset
 * detail, and the user's collection in the side panel.
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, Icon, Skeleton, chrome, usePageChrome, usePageTitle } from '@its/kit';
import { signedAssets } from '../api/assets';
import type { Asset, AssetField, LibraryType, ViewType } from '../api/types';
import { fieldTitles, libraryLeads, libraryTitles } from '../libraries';
import { areaOf, isRedirect, routeType, useLibraryRoutes } from '../route';
import { reattachJobs } from '../transfer/queues';
import { PageHeader, Tabs, openPanel, useLibrariesEyebrow, useSubHeader } from '../ui/page';
import { AssetCard, AssetRow, type AssetActions } from './AssetCard';
import { AssetDetailDialog } from './AssetDetail';
import { CollectionPanel, useZipTitle } from './CollectionPanel';
import { FilterBar } from './FilterBar';
import { useCollection } from './collection';
import { useAssetPages, useFilterState } from './hooks';

export interface BrowseProps {
  libraryType: LibraryType;
  collectionType?: string;
  defaults?: Partial<Record<AssetField, string>>;
  groupBy?: AssetField[];
  pageSize?: number;
}

function ViewToggle({ value, onChange }: { value: ViewType; onChange: (v: ViewType) => void }) {
  const intl = useIntl();
  const options: { v: ViewType; icon: string; label: string }[] = [
    { v: 'grid', icon: 'app', label: intl.formatMessage({ id: 'libraries.view.grid', defaultMessage: 'Card view' }) },
    { v: 'list', icon: 'menu', label: intl.formatMessage({ id: 'libraries.view.list', defaultMessage: 'List view' }) },
  ];
  return (
    <div className="lib-segmented" role="radiogroup" aria-label={intl.formatMessage({ id: 'libraries.view.label', defaultMessage: 'View' })}>
      {options.map((o) => (
        <button key={o.v} type="button" role="radio" aria-checked={value === o.v} className={value === o.v ? 'is-on' : ''} onClick={() => onChange(o.v)} title={o.label} aria-label={o.label} data-testid={`view-${o.v}`}>
          <Icon name={o.icon} size={16} />
        </button>
      ))}
    </div>
  );
}

function CardSkeletons({ n = 8 }: { n?: number }) {
  return (
    <div className="lib-grid" aria-busy="true">
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className="lib-card lib-card--skeleton">
          <Skeleton width="100%" height={170} radius={0} />
          <div className="lib-card__body">
            <Skeleton width="80%" height={14} />
            <Skeleton width="50%" height={12} />
          </div>
        </div>
      ))}
    </div>
  );
}

function Results({ assets, view, actions }: { assets: Asset[]; view: ViewType; actions: AssetActions }) {
  const intl = useIntl();
  if (view === 'list') {
    return (
      <div className="lib-table-wrap its-card">
        <table className="lib-table" data-testid="asset-list">
          <thead>
            <tr>
              <th className="lib-table__thumb" aria-hidden />
              <th>{intl.formatMessage(fieldTitles.name)}</th>
              <th>{intl.formatMessage({ id: 'libraries.list.type', defaultMessage: 'Type' })}</th>
              <th className="lib-table__num">{intl.formatMessage(fieldTitles.fileSize)}</th>
              <th>{intl.formatMessage(fieldTitles.modifiedDate)}</th>
              <th className="lib-table__actions">
                <span className="lib-sr">{intl.formatMessage({ id: 'libraries.list.actions', defaultMessage: 'Actions' })}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {assets.map((a) => (
              <AssetRow key={a._id} asset={a} actions={actions} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <div className="lib-grid" data-testid="asset-grid">
      {assets.map((a) => (
        <AssetCard key={a._id} asset={a} actions={actions} />
      ))}
    </div>
  );
}

/** Groups assets by up to two fields (STEP: asset type, then gender), keeping their order. */
export function groupAssets(assets: Asset[], by: AssetField[]): { key: string; title: string; children: { key: string; title: string; assets: Asset[] }[] }[] {
  const [first, second] = by;
  if (!first) return [{ key: '', title: '', children: [{ key: '', title: '', assets }] }];
  const out = new Map<string, Map<string, Asset[]>>();
  for (const a of assets) {
    const k1 = a[first] || '';
    const k2 = second ? a[second] || '' : '';
    if (!out.has(k1)) out.set(k1, new Map());
    const inner = out.get(k1)!;
    if (!inner.has(k2)) inner.set(k2, []);
    inner.get(k2)!.push(a);
  }
  return [...out.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([k1, inner]) => ({
      key: k1,
      title: k1,
      children: [...inner.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b))).map(([k2, list]) => ({ key: k2, title: k2, assets: list })),
    }));
}

export function BrowsePage({ libraryType, collectionType, defaults, groupBy, pageSize }: BrowseProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const eyebrow = useLibrariesEyebrow();
  const routes = useLibraryRoutes();
  const zipTitle = useZipTitle();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { filters, q } = useFilterState(libraryType, defaults);
  const pages = useAssetPages(libraryType, filters, q, pageSize);
  const col = useCollection(collectionType);
  const view: ViewType = col.collection?.viewType === 'list' ? 'list' : 'grid';
  const title = intl.formatMessage(libraryTitles[libraryType]);
  usePageTitle(title);

  useEffect(() => reattachJobs((j) => (j.title ? zipTitle(j.title.split('_')[0] ?? '') : j.kind)), [zipTitle]);

  useSubHeader(<FilterBar libraryType={libraryType} defaults={defaults} />, `${libraryType}|${JSON.stringify(defaults ?? {})}`);

  const assets = useMemo(() => pages.data?.pages.flatMap((p) => p.data) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.totalCount ?? 0;

  // The detail follows ?asset=<id>, so a link to one asset can be shared.
  const assetId = params.get('asset');
  const openedHere = useRef(false);
  const known = assets.find((a) => a._id === assetId);
  const fetched = useQuery({
    queryKey: ['libraries', 'asset', libraryType, assetId],
    queryFn: async () => (await signedAssets(libraryType, [assetId!]))[0] ?? null,
    enabled: !!assetId && /^[0-9a-f-]{36}$/i.test(assetId) && !known && !pages.isPending,
  });
  const detail = known ?? fetched.data ?? null;

  const openPanelRef = useRef<() => void>(() => {});
  const { sidePanel } = usePageChrome();
  const actions: AssetActions = useMemo(
    () => ({
      inCollection: col.has,
      toggleCollection: (a) => col.toggle(a._id),
      open: (a) => {
        openedHere.current = true;
        setParams((p) => {
          const next = new URLSearchParams(p);
          next.set('asset', a._id);
          return next;
        });
      },
    }),
    [col, setParams],
  );
  const closeDetail = useCallback(() => {
    if (openedHere.current) {
      openedHere.current = false;
      navigate(-1);
    } else
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('asset');
          return next;
        },
        { replace: true },
      );
  }, [navigate, setParams]);

  const collectionTitle = intl.formatMessage({ id: 'libraries.collection.title', defaultMessage: 'My collection' });
  openPanelRef.current = () => {
    if (!collectionType) return;
    openPanel(collectionTitle, <CollectionPanel collectionType={collectionType} libraryType={libraryType} />);
  };

  const tabs = routes
    .filter((r) => r.expose === './AssetList' && !isRedirect(r) && areaOf(r.path) === areaOf(pathname))
    .map((r) => ({ to: r.path, label: intl.formatMessage(libraryTitles[routeType(r) ?? libraryType]), testId: `library-tab-${routeType(r)}` }));

  const count = col.collection?.items.length ?? 0;
  let body: ReactNode;
  if (pages.isPending) body = <CardSkeletons />;
  else if (pages.isError)
    body = (
      <EmptyState icon="warning" title={<FormattedMessage id="libraries.list.error" defaultMessage="The library could not be loaded." />}>
        <button type="button" className="its-btn its-btn--secondary" onClick={() => void pages.refetch()}>
          <FormattedMessage id="libraries.retry" defaultMessage="Try again" />
        </button>
      </EmptyState>
    );
  else if (assets.length === 0)
    body = (
      <div className="its-card lib-empty-card" data-testid="assets-empty">
        <EmptyState icon="folder" title={<FormattedMessage id="libraries.list.empty" defaultMessage="No assets available." />}>
          {(Object.keys(filters).length > 0 || q) && <FormattedMessage id="libraries.list.emptyFiltered" defaultMessage="Try fewer filters or another search." />}
        </EmptyState>
      </div>
    );
  else if (groupBy?.length)
    body = groupAssets(assets, groupBy).map((g) => (
      <section key={g.key} className="lib-group" data-testid="asset-group">
        <h2 className="lib-group__title">{g.title || <FormattedMessage id="libraries.group.other" defaultMessage="Other" />}</h2>
        {g.children.map((c) => (
          <div key={c.key} className="lib-subgroup">
            {groupBy[1] && <h3 className="lib-subgroup__title">{c.title || <FormattedMessage id="libraries.group.other" defaultMessage="Other" />}</h3>}
            <Results assets={c.assets} view={view} actions={actions} />
          </div>
        ))}
      </section>
    ));
  else body = <Results assets={assets} view={view} actions={actions} />;

  return (
    <div className="lib-page" data-testid="library-browse" data-library-type={libraryType}>
      <PageHeader
        eyebrow={eyebrow}
        title={title}
        lead={intl.formatMessage(libraryLeads[libraryType])}
        actions={
          collectionType ? (
            <button
              type="button"
              className={`its-btn its-btn--secondary${sidePanel ? ' is-pressed' : ''}`}
              onClick={() => (sidePanel ? chrome.closeSidePanel() : openPanelRef.current())}
              data-testid="collection-open"
            >
              <Icon name="layers" size={16} />
              <FormattedMessage id="libraries.collection.title" defaultMessage="My collection" />
              <span className="lib-count" data-testid="collection-badge">
                {count}
              </span>
            </button>
          ) : undefined
        }
      >
        <Tabs tabs={tabs} label={intl.formatMessage({ id: 'libraries.tabs.libraries', defaultMessage: 'Libraries' })} />
      </PageHeader>
      <div className="lib-toolbar">
        <p className="lib-toolbar__count" data-testid="asset-count" aria-live="polite">
          {!pages.isPending && <FormattedMessage id="libraries.list.count" defaultMessage="{count, plural, one {# asset} other {# assets}}" values={{ count: total }} />}
        </p>
        {collectionType && <ViewToggle value={view} onChange={(v) => col.setSettings({ viewType: v })} />}
      </div>
      {body}
      {pages.hasNextPage && (
        <div className="lib-more">
          <button type="button" className="its-btn its-btn--secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} data-testid="load-more">
            {pages.isFetchingNextPage ? (
              <FormattedMessage id="libraries.list.loading" defaultMessage="Loading…" />
            ) : (
              <FormattedMessage id="libraries.list.more" defaultMessage="Show more ({shown} of {total})" values={{ shown: assets.length, total }} />
            )}
          </button>
        </div>
      )}
      <AssetDetailDialog asset={assetId ? detail : null} actions={actions} onClose={closeDetail} />
    </div>
  );
}
