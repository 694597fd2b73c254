/**
 * Manage Seasons (spec §2.2 seasons/manage, admin editors with internal assortments): the
 * seasons of a channel in the grid kit with their covers, states and season sets; new season,
 * season sets, cover upload, state (Live, Preparation, Archived) and delete.
 */
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { confirm, toast, usePageTitle } from '@its/kit';
import { DataGrid, LiveBadge, keyOrder, sourceExport, useLiveRows, type ColumnExtras, type DataGridHandle, type GridColumn, type GridRow, type GridSchema, type GridSource, type MenuItem, type RowSink } from '@its/grid';
import { ProductIcon } from '@its/remote-products/api';
import { errorText } from '../messages';
import { SEASONS_TOPIC, SEASON_CHANNELS, SEASON_CODES, SEASON_STATES, deleteSeason, getSeason, listSeasons, seasonExportEndpoints, setSeasonState, stateSet, uploadCover, type Season } from './api';
import { isJpeg } from './form';
import { SeasonDialog, seasonName } from './SeasonDialog';
import { seasonField, smsg, stateName } from './messages';

type Row = Season & { id: string; setNames: string };

/** A season code's place in the year (its index in the codes); null for another code. */
const seasonIndex = (code: string): number | null => {
  const i = (SEASON_CODES as readonly string[]).indexOf(code);
  return i < 0 ? null : i;
};

/**
 * The seasons' list order on the server (modules/seasons store: the latest year first, the
 * season codes in the year's order, the channel; then the id): a season another user adds shows
 * where a reload would show it when the user sorted nothing.
 */
const SEASON_ORDER = keyOrder([
  { field: 'year', dir: 'desc', type: 'integer' },
  // The season codes in the year's order (modules/seasons: array_position of the codes; others last).
  { field: 'season', type: 'integer', value: (r) => seasonIndex(String(r.season)) },
  { field: 'channel', type: 'text' },
]);
const seasonOrder = (sort: ReadonlyArray<unknown>) => (sort.length ? null : SEASON_ORDER);

/** A season as the grid's row. */
const seasonRow = (s: Season): GridRow => ({ ...s, id: s._id, setNames: s.seasonSets.map((x) => x.shortName).join(', ') }) as unknown as GridRow;

interface SeasonActions {
  setState: (s: Season, state: string) => void;
}

const seasonOf = (p: CustomCellRendererProps): Row | null => (p.data as Row | undefined) ?? null;

function CoverCell(p: CustomCellRendererProps) {
  const intl = useIntl();
  const s = seasonOf(p);
  if (!s) return null;
  if (!s.previewJpgUrl) return <span className="sm-cover sm-cover--none">{intl.formatMessage(smsg.noCover)}</span>;
  return <img className="sm-cover" src={s.previewJpgUrl} alt={intl.formatMessage(smsg.coverAlt, { name: seasonName(s) })} loading="lazy" data-testid="season-cover-img" />;
}

function StateCell(p: CustomCellRendererProps & { actions: RefObject<SeasonActions> }) {
  const intl = useIntl();
  const s = seasonOf(p);
  if (!s) return null;
  return (
    <select
      className={`its-input sm-state sm-state--${s.state.toLowerCase()}`}
      value={s.state}
      disabled={!stateSet(s)}
      onMouseDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onChange={(e) => p.actions.current?.setState(s, e.target.value)}
      aria-label={intl.formatMessage(smsg.stateOf, { name: seasonName(s) })}
      data-testid="season-state"
    >
      {SEASON_STATES.map((st) => (
        <option key={st} value={st}>
          {stateName(intl, st)}
        </option>
      ))}
    </select>
  );
}

function SetsCell(p: CustomCellRendererProps) {
  const s = seasonOf(p);
  if (!s) return null;
  return (
    <span className="sm-sets__chips">
      {s.seasonSets.map((x) => (
        <span key={x._id} className={`sm-chip${x._id === s.seasonSetId ? ' is-live' : ''}`} title={`${x.region} · ${x.productType} · ${x.orgType} · ${x.method}`}>
          {x.shortName}
        </span>
      ))}
    </span>
  );
}

const schema: GridSchema = {
  grid: 'seasons.list',
  idField: 'id',
  versionField: 'version',
  pageSize: 500,
  maxLimit: 500,
  maxBatch: 100,
  columns: (
    [
      { field: 'previewJpg', width: 96 },
      { field: 'season', width: 96 },
      { field: 'year', type: 'integer', width: 90 },
      { field: 'channel', width: 120 },
      { field: 'state', width: 160 },
      { field: 'setNames', width: 380 },
      { field: 'modifiedDate', type: 'datetime', width: 170 },
    ] as Array<{ field: string; type?: GridColumn['type']; width: number }>
  ).map((c) => ({ field: c.field, headerName: c.field, type: c.type ?? 'text', editable: false, validators: [], sortable: c.field !== 'previewJpg', width: c.width })),
  messages: {},
};

export function SeasonsPage() {
  const intl = useIntl();
  const qc = useQueryClient();
  usePageTitle(intl.formatMessage(smsg.title));
  const [channel, setChannel] = useState<string>(SEASON_CHANNELS[0] as string);
  const [dialog, setDialog] = useState<null | { season: Season | null }>(null);
  const grid = useRef<DataGridHandle | null>(null);
  const coverInput = useRef<HTMLInputElement | null>(null);
  const coverFor = useRef<Season | null>(null);

  const load = useCallback(
    async (_q: unknown, signal: AbortSignal, sink: RowSink) => {
      const list = await qc.fetchQuery({ queryKey: ['seasons', channel], queryFn: () => listSeasons(channel, signal), staleTime: 0 });
      sink.total(list.length);
      sink.rows(list.map(seasonRow));
    },
    [qc, channel],
  );
  const source = useMemo<GridSource>(() => ({ load, order: seasonOrder, send: async () => ({ updated: [], added: [], deleted: [] }) }), [load]);
  const reload = useCallback(() => void grid.current?.reload(), []);
  // Seasons others add, change or delete: read again one by one, kept when in this channel.
  const readLive = useCallback(
    async (ids: string[], signal: AbortSignal) => {
      const rows: GridRow[] = [];
      for (const id of ids) {
        const s = await getSeason(id, signal);
        if (s && (channel === 'All' || s.channel === channel)) rows.push(seasonRow(s));
      }
      return rows;
    },
    [channel],
  );
  const live = useLiveRows(SEASONS_TOPIC, () => grid.current, readLive);
  // The export: the channel's seasons on the server, the covers left out of the file.
  const exportEndpoints = useMemo(() => seasonExportEndpoints(channel), [channel]);
  const exportRequest = useMemo(() => sourceExport({ skip: (f) => f === 'previewJpg' }), []);

  /** Reloads until the season's preview is drawn (a job does it after the upload). */
  const awaitPreview = useCallback(
    async (s: Pick<Season, '_id'>) => {
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        const list = await qc.fetchQuery({ queryKey: ['seasons', 'All'], queryFn: () => listSeasons('All'), staleTime: 0 });
        if (list.find((x) => x._id === s._id)?.previewJpgUrl) break;
      }
      reload();
    },
    [qc, reload],
  );

  const actions = useRef<SeasonActions>({ setState: () => undefined });
  actions.current = {
    setState: (s, state) => {
      setSeasonState(s._id, stateSet(s), state).then(
        (saved) => {
          grid.current?.acceptRows([seasonRow(saved)]);
          toast.success(intl.formatMessage(smsg.stateChanged, { name: seasonName(saved), state: stateName(intl, saved.state) }));
        },
        (e: unknown) => {
          toast.error(intl.formatMessage(smsg.failed, { message: errorText(e) }));
          reload();
        },
      );
    },
  };
  const extras = useMemo<ColumnExtras>(
    () => ({
      previewJpg: { cellRenderer: CoverCell, cellClass: 'sm-mid' },
      state: { cellRenderer: StateCell, cellRendererParams: { actions }, cellClass: 'sm-mid' },
      setNames: { cellRenderer: SetsCell, cellClass: 'sm-mid' },
    }),
    [],
  );

  const remove = async (s: Season) => {
    const ok = await confirm({
      title: intl.formatMessage(smsg.deleteTitle, { name: seasonName(s) }),
      message: intl.formatMessage(smsg.deleteText),
      yesText: intl.formatMessage(smsg.deleteYes),
      noText: intl.formatMessage(smsg.cancel),
      tone: 'danger',
    });
    if (ok !== 'yes') return;
    try {
      await deleteSeason(s._id);
      toast.success(intl.formatMessage(smsg.deleted, { name: seasonName(s) }));
    } catch (e) {
      toast.error(intl.formatMessage(smsg.failed, { message: errorText(e) }));
    }
    reload();
  };

  const pickedCover = async (file: File | undefined) => {
    const s = coverFor.current;
    if (coverInput.current) coverInput.current.value = '';
    if (!s || !file) return;
    if (!isJpeg(file)) {
      toast.error(intl.formatMessage(smsg.errorCover));
      return;
    }
    try {
      await uploadCover(s, file);
      toast.success(intl.formatMessage(smsg.coverUploaded, { name: seasonName(s) }));
      void awaitPreview(s);
    } catch (e) {
      toast.error(intl.formatMessage(smsg.failed, { message: errorText(e) }));
    }
  };

  const menuItems = (row: GridRow | null): MenuItem[] => {
    const s = row as unknown as Row | null;
    if (!s) return [];
    return [
      ...SEASON_STATES.filter((st) => st !== s.state).map((st) => ({
        id: `state-${st}`,
        label: intl.formatMessage(smsg.setState, { state: stateName(intl, st) }),
        icon: st === 'Live' ? 'check' : st === 'Archived' ? 'archive' : 'edit',
        disabled: !stateSet(s),
        onSelect: () => actions.current.setState(s, st),
      })),
      { id: 'sepSeason', separator: true },
      { id: 'edit', label: intl.formatMessage(smsg.editSets), icon: 'edit', onSelect: () => setDialog({ season: s }) },
      {
        id: 'cover',
        label: intl.formatMessage(smsg.uploadCover),
        icon: 'upload',
        onSelect: () => {
          coverFor.current = s;
          coverInput.current?.click();
        },
      },
      { id: 'delete', label: intl.formatMessage(smsg.remove), icon: 'trash', danger: true, onSelect: () => void remove(s) },
    ];
  };

  const headerName = useCallback((c: GridColumn) => seasonField(intl, c.field), [intl]);
  const channels = [...SEASON_CHANNELS, 'All'];
  return (
    <div className="am-page" data-testid="seasons-manage">
      <header className="am-head">
        <div className="am-head__text">
          <p className="am-head__eyebrow">{intl.formatMessage(smsg.eyebrow)}</p>
          <h1 className="am-head__title">{intl.formatMessage(smsg.title)}</h1>
        </div>
        <div className="am-head__actions">
          <LiveBadge state={live} testId="rows-live" />
          <button type="button" className="its-btn its-btn--primary" onClick={() => setDialog({ season: null })} data-testid="new-season">
            <ProductIcon name="plus" />
            {intl.formatMessage(smsg.newSeason)}
          </button>
        </div>
      </header>
      <nav className="am-views" aria-label={intl.formatMessage(smsg.channels)}>
        {channels.map((c) => (
          <button key={c} type="button" className={`am-view sm-tab${c === channel ? ' is-active' : ''}`} aria-pressed={c === channel} onClick={() => setChannel(c)} data-testid={`seasons-channel-${c}`}>
            {c === 'All' ? intl.formatMessage(smsg.all) : c}
          </button>
        ))}
      </nav>
      <div className="am-grid sm-grid">
        <DataGrid
          testId="seasons-grid"
          handle={grid}
          schema={schema}
          layoutKey="seasons"
          source={source}
          columnExtras={extras}
          filters={{ channel }}
          canEdit={false}
          endpoints={exportEndpoints}
          exportRequest={exportRequest}
          exportFileName={`Seasons_${channel}`}
          headerName={headerName}
          menuItems={menuItems}
          emptyState={() => intl.formatMessage(smsg.empty)}
        />
      </div>
      <input ref={coverInput} type="file" hidden accept=".jpg,.jpeg,image/jpeg" onChange={(e) => void pickedCover(e.target.files?.[0])} data-testid="season-cover-input" />
      {dialog && (
        <SeasonDialog
          season={dialog.season}
          channel={channel === 'All' ? SEASON_CHANNELS[0] : channel}
          onClose={() => setDialog(null)}
          onSaved={(s) => {
            setDialog(null);
            if (s.channel !== channel && channel !== 'All') setChannel(s.channel);
            reload();
            void awaitPreview(s);
          }}
        />
      )}
    </div>
  );
}
