/**
 * internal/wholesale and internal/retail (product spec §2.2): a channel's internal assortments
 * the caller may see, grouped by gender, narrowed by season and region; 'New assortment' opens
 * 'Select Assortment Attributes' for the regions the caller may create in. Each title opens the
 * assortment's manage page; a new one opens on its sort page. The list is read in blocks as the
 * user scrolls (the grid protocol's query and groups calls); the season picker comes from the
 * table of contents' seasons. The list is live: an entry a colleague creates or changes on any
 * server shows without a reload (the channel's topic internalAssortments:<channel>, which names
 * only the entries the user may see), read again with the page's filters.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { actions, authzCheck, liveTopics, useDecisions, usePageTitle, type AuthzCheck } from '@its/kit';
import { DataGrid, LiveBadge, readByIds, useLiveRows, type ColumnExtras, type DataGridHandle, type Filters, type GridColumn, type GridSchema } from '@its/grid';
import { ProductIcon } from '@its/remote-products/api';
import { internalListPath, internalPath } from '../api';
import { fieldLabel } from '../messages';
import { DISCOVER_STALE_MS, INTERNAL_CHANNELS, INTERNAL_REGIONS, INTERNAL_SEASONS, discover, internalListEndpoints, type DiscoverBody, type TocEntry } from './api';
import { imsg } from './messages';
import { assortmentQuery, readQuery, toSearch } from './gate';
import { NewInternalDialog } from './NewInternalDialog';

const COLUMNS: Array<{ field: Exclude<keyof TocEntry, '_id' | 'editable'>; type?: GridColumn['type']; width: number; footerFigure?: GridColumn['footerFigure'] }> = [
  { field: 'title', width: 320 },
  { field: 'gender', width: 110 },
  { field: 'region', width: 130 },
  { field: 'season', width: 90 },
  { field: 'year', type: 'integer', width: 84, footerFigure: 'unique' },
  { field: 'productType', width: 120 },
  { field: 'locationId', width: 100 },
  { field: 'productCount', type: 'integer', width: 110 },
  { field: 'modifiedDate', type: 'datetime', width: 170 },
];

const schema: GridSchema = {
  grid: 'internalAssortments.list',
  idField: 'id',
  versionField: 'version',
  pageSize: 100,
  maxLimit: 1000,
  maxBatch: 1,
  defaultSort: [
    { field: 'year', dir: 'desc' },
    { field: 'title', dir: 'asc' },
  ],
  columns: COLUMNS.map((c) => ({ field: c.field, headerName: c.field, type: c.type ?? 'text', editable: false, validators: [], sortable: true, filterable: true, width: c.width, footerFigure: c.footerFigure })),
  messages: {},
};

/** A row of the list: the assortment's list fields under the grid row's id. */
type ListRow = Omit<TocEntry, '_id' | 'editable'> & { id: string; __group?: unknown };

function TitleCell(props: CustomCellRendererProps) {
  const row = props.data as ListRow | undefined;
  if (!row || row.__group || !row.title) return null;
  return (
    <Link className="am-title__text am-title__link" to={internalPath(row.id, 'manage', toSearch(assortmentQuery(row)))} onMouseDown={(e) => e.stopPropagation()} data-testid="internal-open" data-id={row.id}>
      {row.title}
    </Link>
  );
}

const extras: ColumnExtras = { title: { cellRenderer: TitleCell, cellClass: 'am-title-cell', pinned: 'left' } };

/** "SP2026" is season SP of 2026; "" is every season. */
const seasonKey = (season: string, year: number) => `${season}${year}`;

export function InternalListPage({ channel }: { channel: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useQueryClient();
  usePageTitle(intl.formatMessage(imsg.channelTitle, { channel }));
  const [region, setRegion] = useState('');
  const [params] = useSearchParams();
  // A season chosen on the channel's seasons screen (?season=FA&year=2026) starts the filter.
  const [season, setSeason] = useState(() => {
    const q = readQuery(params);
    return q.season && q.year ? seasonKey(q.season, q.year) : '';
  });
  const [dialog, setDialog] = useState(false);
  const grid = useRef<DataGridHandle | null>(null);

  const checks = useMemo<AuthzCheck[]>(() => INTERNAL_REGIONS.map((r) => authzCheck(actions.internalAssortmentsEdit, { channel, region: r })), [channel]);
  const decisions = useDecisions(checks);
  const regions = INTERNAL_REGIONS.filter((_, i) => decisions.allowed[i] === true);

  // The season picker: the channel's seasons with how many assortments of the region each holds.
  const seasonsBody: DiscoverBody = { channel, region: region || undefined, seasonsOnly: true };
  const toc = useQuery({ queryKey: ['internalAssortments', 'discover', seasonsBody], queryFn: ({ signal }) => discover(seasonsBody, signal), staleTime: DISCOVER_STALE_MS });
  const seasons = useMemo(
    () =>
      (toc.data?.seasons ?? [])
        .filter((s) => INTERNAL_SEASONS.includes(s.season as (typeof INTERNAL_SEASONS)[number]))
        .map((s) => ({ key: seasonKey(s.season, s.year), label: `${s.season} ${s.year} (${s.count})` })),
    [toc.data],
  );
  // The region and season pickers filter the list on the server (and its export).
  const filters = useMemo(() => {
    const f: Filters = {};
    if (region) f.region = region;
    const m = /^([A-Z]{2})(\d{4})$/.exec(season);
    if (m) Object.assign(f, { season: m[1], year: Number(m[2]) });
    return f;
  }, [region, season]);
  const endpoints = useMemo(() => internalListEndpoints(channel), [channel]);
  const readLive = useMemo(() => readByIds(endpoints, filters), [endpoints, filters]);
  const live = useLiveRows(liveTopics.internalassortments.internalAssortments(channel), () => grid.current, readLive);
  const headerName = useCallback((c: GridColumn) => fieldLabel(intl, c.field, c.headerName), [intl]);
  const groupOptions = useMemo(() => [{ field: 'gender', label: fieldLabel(intl, 'gender') }], [intl]);

  return (
    <div className="am-page" data-testid={`internal-${channel.toLowerCase()}`}>
      <header className="am-head">
        <div className="am-head__text">
          <p className="am-head__eyebrow">{intl.formatMessage(imsg.title)}</p>
          <h1 className="am-head__title">{intl.formatMessage(imsg.channelTitle, { channel })}</h1>
        </div>
        <div className="am-head__actions">
          {regions.length > 0 && (
            <button type="button" className="its-btn its-btn--primary" onClick={() => setDialog(true)} data-testid="internal-new">
              <ProductIcon name="plus" />
              {intl.formatMessage(imsg.newButton)}
            </button>
          )}
        </div>
      </header>
      <nav className="am-views" aria-label={intl.formatMessage(imsg.channels)}>
        {INTERNAL_CHANNELS.map((c) => (
          <NavLink key={c} to={internalListPath(c)} className={({ isActive }) => `am-view${isActive ? ' is-active' : ''}`} data-testid={`internal-tab-${c.toLowerCase()}`}>
            {intl.formatMessage(imsg.channelTab, { channel: c })}
          </NavLink>
        ))}
      </nav>
      {decisions.allowed.length > 0 && regions.length === 0 && decisions.allowed.every((x) => x !== undefined) && (
        <div className="am-banner am-banner--info" role="status" data-testid="internal-read-only">
          <ProductIcon name="lock" size={18} />
          <span className="am-banner__text">{intl.formatMessage(imsg.readOnly)}</span>
        </div>
      )}
      <div className="am-grid">
        <DataGrid
          testId="internal-list"
          handle={grid}
          schema={schema}
          layoutKey="internalAssortments.list"
          columnExtras={extras}
          canEdit={false}
          endpoints={endpoints}
          filters={filters}
          exportFileName={`InternalAssortments_${channel}`}
          headerName={headerName}
          groupOptions={groupOptions}
          groupBy={['gender']}
          emptyState={() => intl.formatMessage(imsg.none)}
          toolbar={() => (
            <>
              <LiveBadge state={live} testId="rows-live" />
              <select className="its-input am-internal-filter" value={season} onChange={(e) => setSeason(e.target.value)} aria-label={fieldLabel(intl, 'season')} data-testid="internal-filter-season">
                <option value="">{intl.formatMessage(imsg.allSeasons)}</option>
                {seasons.map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.label}
                  </option>
                ))}
              </select>
              <select className="its-input am-internal-filter" value={region} onChange={(e) => setRegion(e.target.value)} aria-label={fieldLabel(intl, 'region')} data-testid="internal-filter-region">
                <option value="">{intl.formatMessage(imsg.allRegions)}</option>
                {INTERNAL_REGIONS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </>
          )}
        />
      </div>
      {dialog && (
        <NewInternalDialog
          channel={channel}
          regions={regions}
          onClose={() => setDialog(false)}
          onCreated={(a) => {
            setDialog(false);
            void client.invalidateQueries({ queryKey: ['internalAssortments', 'discover'] });
            navigate(internalPath(a._id, 'sort', toSearch(assortmentQuery(a))));
          }}
        />
      )}
    </div>
  );
}
