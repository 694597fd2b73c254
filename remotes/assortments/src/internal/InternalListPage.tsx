/**
 * internal/wholesale and internal/retail (product spec §2.2): a channel's internal assortments
 * from the table of contents, grouped by gender, narrowed by season and region; 'New
 * assortment' opens 'Select Assortment Attributes' for the regions the caller may create in.
 * Each title opens the assortment's manage page; a new one opens on its sort page.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { actions, authzCheck, useDecisions, usePageTitle, type AuthzCheck } from '@its/kit';
import { DataGrid, ProductIcon, sourceExport, type ColumnExtras, type DataGridHandle, type Filters, type GridColumn, type GridRow, type GridSchema, type GridSource, type RowSink } from '@its/grid';
import { internalListPath, internalPath } from '../api';
import { fieldLabel } from '../messages';
import { DISCOVER_STALE_MS, INTERNAL_CHANNELS, INTERNAL_REGIONS, INTERNAL_SEASONS, discover, internalExportEndpoints, type DiscoverBody, type TocEntry } from './api';
import { imsg } from './messages';
import { assortmentQuery, readQuery, toSearch } from './gate';
import { NewInternalDialog } from './NewInternalDialog';

const COLUMNS: Array<{ field: keyof TocEntry; type?: GridColumn['type']; width: number }> = [
  { field: 'title', width: 320 },
  { field: 'gender', width: 110 },
  { field: 'region', width: 130 },
  { field: 'season', width: 90 },
  { field: 'year', type: 'integer', width: 84 },
  { field: 'productType', width: 120 },
  { field: 'locationId', width: 100 },
  { field: 'productCount', type: 'integer', width: 110 },
  { field: 'modifiedDate', type: 'datetime', width: 170 },
];

const schema: GridSchema = {
  grid: 'internalAssortments.list',
  idField: 'id',
  versionField: 'version',
  pageSize: 1000,
  maxLimit: 1000,
  maxBatch: 1,
  columns: COLUMNS.map((c) => ({ field: c.field, headerName: c.field, type: c.type ?? 'text', editable: false, validators: [], sortable: true, width: c.width })),
  messages: {},
};

function TitleCell(props: CustomCellRendererProps) {
  const row = props.data as (TocEntry & { __group?: unknown }) | undefined;
  if (!row || row.__group) return null;
  return (
    <Link className="am-title__text am-title__link" to={internalPath(row._id, 'manage', toSearch(assortmentQuery(row)))} onMouseDown={(e) => e.stopPropagation()} data-testid="internal-open" data-id={row._id}>
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
  const [seasons, setSeasons] = useState<Array<{ key: string; label: string }>>([]);
  const force = useRef(false);
  const grid = useRef<DataGridHandle | null>(null);

  const checks = useMemo<AuthzCheck[]>(() => INTERNAL_REGIONS.map((r) => authzCheck(actions.internalAssortmentsEdit, { channel, region: r })), [channel]);
  const decisions = useDecisions(checks);
  const regions = INTERNAL_REGIONS.filter((_, i) => decisions.allowed[i] === true);

  const load = useCallback(
    async (_q: unknown, signal: AbortSignal, sink: RowSink) => {
      const body: DiscoverBody = { channel, region: region || undefined };
      const m = /^([A-Z]{2})(\d{4})$/.exec(season);
      if (m) Object.assign(body, { season: m[1], year: Number(m[2]) });
      const fresh = force.current;
      force.current = false;
      const toc = await client.fetchQuery({
        queryKey: ['internalAssortments', 'discover', body],
        queryFn: () => discover({ ...body, force: fresh || undefined }, signal),
        staleTime: fresh ? 0 : DISCOVER_STALE_MS,
      });
      setSeasons(
        toc.seasons
          .filter((s) => INTERNAL_SEASONS.includes(s.season as (typeof INTERNAL_SEASONS)[number]))
          .map((s) => ({ key: seasonKey(s.season, s.year), label: `${s.season} ${s.year} (${s.count})` })),
      );
      sink.total(toc.assortments.length);
      sink.rows(toc.assortments.map((e) => ({ ...e, id: e._id, version: 0 }) as unknown as GridRow));
    },
    [channel, region, season, client],
  );
  const source = useMemo<GridSource>(() => ({ load }), [load]);
  const exportEndpoints = useMemo(() => internalExportEndpoints(channel), [channel]);
  // The region and season pickers are the page's own filters: the export applies them too.
  const exportRequest = useMemo(() => {
    const m = /^([A-Z]{2})(\d{4})$/.exec(season);
    const filters: Filters = {};
    if (region) filters.region = region;
    if (m) Object.assign(filters, { season: m[1], year: Number(m[2]) });
    return sourceExport({ filters });
  }, [region, season]);
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
          source={source}
          columnExtras={extras}
          canEdit={false}
          endpoints={exportEndpoints}
          exportRequest={exportRequest}
          exportFileName={`InternalAssortments_${channel}`}
          headerName={headerName}
          groupOptions={groupOptions}
          groupBy={['gender']}
          emptyState={() => intl.formatMessage(imsg.none)}
          toolbar={() => (
            <>
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
            force.current = true;
            void client.invalidateQueries({ queryKey: ['internalAssortments', 'discover'] });
            navigate(internalPath(a._id, 'sort', toSearch(assortmentQuery(a))));
          }}
        />
      )}
    </div>
  );
}
