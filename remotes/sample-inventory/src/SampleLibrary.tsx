/**
 * A sample library (spec §3.5, §5.5): the Production or Sales samples in the grid, with the
 * filter bar, adding (checked before saving: 'Sample Missing Value', 'Duplicate Sample'),
 * deleting (status Deleted, undo brings them back), autocomplete in style, colour and bin,
 * the tracking history of the selected sample, the transfer to Sales and the Excel export.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { NavLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  EmptyState,
  ModuleMessages,
  Spinner,
  actions,
  authzCheck,
  confirm,
  liveTopics,
  toast,
  useDecisions,
  useOptions,
  usePageTitle,
  useSidePanel,
  type AuthzCheck,
} from '@its/kit';
import { DataGrid, EditActions, GridIcon, LiveBadge, SizeFilterField, readByIds, sizeFilter, useLiveRows, type CellValue, type DataGridHandle, type GridColumn, type GridRow } from '@its/grid';
import { DELETE_DEBOUNCE_MS, PATHS, UPDATE_DEBOUNCE_MS, autocomplete, endpoints, fetchSchema, validateRows, type Library, type SampleSchema } from './api';
import { fieldLabel, headerOf } from './columns';
import { FilterBar, emptyFilters, toFilters, type FilterState } from './FilterBar';
import { loadMessages } from './messages';
import { TrackingPanel } from './TrackingPanel';
import { TransferDialog } from './TransferDialog';
import './samples.css';

const GROUP_FIELDS: Record<Library, string[]> = {
  Production: ['style', 'status', 'division', 'bin'],
  Sales: ['style', 'status', 'division', 'region'],
};

/** The validate answer as cell errors of the rows being added, in the user's language. */
export function validationErrors(
  intl: IntlShape,
  rows: Array<{ tempId: string }>,
  result: { rows: Array<{ index: number; ignored: boolean; errors: Array<{ field: string; errorType: string; message: string }> }> },
): Array<{ tempId: string; field: string; message: string }> {
  const out: Array<{ tempId: string; field: string; message: string }> = [];
  for (const r of result.rows) {
    const tempId = rows[r.index]?.tempId;
    if (!tempId || r.ignored) continue;
    for (const e of r.errors) {
      let message = e.message;
      if (e.errorType === 'notblank') message = intl.formatMessage({ id: 'sampleInventory.validate.notblank', defaultMessage: 'Sample Missing Value' });
      else if (e.errorType === 'duplicate' || e.errorType === 'sampleExists') message = intl.formatMessage({ id: 'sampleInventory.validate.duplicate', defaultMessage: 'Duplicate Sample' });
      out.push({ tempId, field: e.field, message });
    }
  }
  return out;
}

function Tabs({ allowed }: { allowed: Record<Library, boolean> }) {
  const intl = useIntl();
  return (
    <nav className="si-tabs" aria-label={intl.formatMessage({ id: 'sampleInventory.tabs', defaultMessage: 'Sample libraries' })}>
      {(['Production', 'Sales'] as Library[])
        .filter((l) => allowed[l])
        .map((l) => (
          <NavLink key={l} to={PATHS[l]} className={({ isActive }) => `si-tab${isActive ? ' is-active' : ''}`} data-testid={`tab-${l.toLowerCase()}`}>
            {l === 'Production' ? (
              <FormattedMessage id="sampleInventory.tab.production" defaultMessage="Production" />
            ) : (
              <FormattedMessage id="sampleInventory.tab.sales" defaultMessage="Sales" />
            )}
          </NavLink>
        ))}
    </nav>
  );
}

/** The size placeholder follows the division filtered on; footwear's (most samples) while none is. */
const DEFAULT_PRODUCT_TYPE = 'Footwear';

function LibraryGrid({ library, schema }: { library: Library; schema: SampleSchema }) {
  const intl = useIntl();
  const grid = useRef<DataGridHandle>(null);
  const [filterState, setFilterState] = useState<FilterState>(emptyFilters);
  // The footer's size filter (spec §5.3): one size, run on the server with the bar's filters.
  const [size, setSize] = useState('');
  const filters = useMemo(() => ({ ...toFilters(filterState), size: sizeFilter(size) }), [filterState, size]);
  // Others' changes to the library, read again with the bar's filters.
  const readLive = useMemo(() => readByIds(endpoints(library), filters), [library, filters]);
  const live = useLiveRows(liveTopics.sampleinventory.samples(library), () => grid.current, readLive);
  const [focused, setFocused] = useState<GridRow | null>(null);
  const [selected, setSelected] = useState<GridRow[]>([]);
  const [transferring, setTransferring] = useState<GridRow[] | null>(null);
  const siteUpdating = !!(useOptions() as { siteUpdating?: boolean }).siteUpdating;

  const checks = useMemo<AuthzCheck[]>(
    () => [
      authzCheck(actions.sampleInventoryEdit, { library }),
      authzCheck(actions.sampleInventoryTransfer),
    ],
    [library],
  );
  const decisions = useDecisions(checks);
  const canEdit = decisions.allowed[0] === true;
  const canTransfer = library === 'Production' && decisions.allowed[1] === true;

  const header = useCallback((col: GridColumn) => headerOf(intl, col), [intl]);
  const groupOptions = useMemo(() => GROUP_FIELDS[library].map((f) => ({ field: f, label: fieldLabel(intl, f) })), [library, intl]);
  const ac = useMemo(
    () => ({ fields: ['style', 'color', 'bin'], fetch: (field: string, text: string, signal: AbortSignal) => autocomplete(library, field, text, signal) }),
    [library],
  );

  // The tracking history follows the selected sample while the side panel is open.
  const history = useSidePanel(
    () => ({
      title: (
        <ModuleMessages load={loadMessages}>
          <FormattedMessage id="sampleInventory.tracking.title" defaultMessage="Tracking history" />
        </ModuleMessages>
      ),
      content: (
        <ModuleMessages load={loadMessages}>
          <TrackingPanel library={library} row={focused} actions={schema.trackingActions} canEdit={canEdit} />
        </ModuleMessages>
      ),
    }),
    [focused, library, schema.trackingActions, canEdit],
  );

  const confirmDelete = useCallback(
    async (n: number) =>
      (await confirm({
        title: intl.formatMessage({ id: 'sampleInventory.delete.title', defaultMessage: 'Delete samples?' }),
        message: intl.formatMessage(
          { id: 'sampleInventory.delete.message', defaultMessage: '{n, plural, one {# sample} other {# samples}} will be set to Deleted. You can undo this from the message that follows.' },
          { n },
        ),
        yesText: intl.formatMessage({ id: 'sampleInventory.delete.yes', defaultMessage: 'Delete' }),
        noText: intl.formatMessage({ id: 'sampleInventory.cancel', defaultMessage: 'Cancel' }),
        tone: 'danger',
      })) === 'yes',
    [intl],
  );

  const validateNew = useCallback(
    async (rows: Array<{ tempId: string; values: Record<string, CellValue> }>) => {
      const result = await validateRows(
        library,
        rows.map((r) => r.values),
      );
      return validationErrors(intl, rows, result);
    },
    [library, intl],
  );

  const emptyState = useCallback(
    (filtered: boolean) =>
      filtered
        ? intl.formatMessage({ id: 'sampleInventory.empty.filtered', defaultMessage: 'No results found for the filters applied in your location.' })
        : canEdit
          ? intl.formatMessage({ id: 'sampleInventory.empty.editor', defaultMessage: 'No samples in this library yet. To get started add a sample above.' })
          : intl.formatMessage({ id: 'sampleInventory.empty.viewer', defaultMessage: 'No samples available.' }),
    [intl, canEdit],
  );

  return (
    <>
      <FilterBar schema={schema} value={filterState} onChange={setFilterState} />
      <div className="si-grid">
        <DataGrid
          testId="sample-grid"
          handle={grid}
          schema={schema}
          endpoints={endpoints(library)}
          layoutKey={`sampleInventory.${library}`}
          filters={filters}
          footer={<SizeFilterField productType={filterState.division || DEFAULT_PRODUCT_TYPE} value={size} onChange={setSize} />}
          canEdit={canEdit}
          siteUpdating={siteUpdating}
          headerName={header}
          groupOptions={groupOptions}
          autocomplete={ac}
          saveDelayMs={UPDATE_DEBOUNCE_MS}
          deleteDelayMs={DELETE_DEBOUNCE_MS}
          confirmDelete={confirmDelete}
          validateNew={validateNew}
          onFocusRow={setFocused}
          onSelectionChange={setSelected}
          emptyState={emptyState}
          menuItems={(row) => [
            {
              id: 'history',
              label: intl.formatMessage({ id: 'sampleInventory.tracking.open', defaultMessage: 'Tracking history' }),
              icon: 'history',
              disabled: !row,
              onSelect: () => {
                if (row) setFocused(row);
                history.show();
              },
            },
            ...(canTransfer
              ? [
                  {
                    id: 'transfer',
                    label: intl.formatMessage({ id: 'sampleInventory.transfer.open', defaultMessage: 'Transfer to Sales…' }),
                    icon: 'transfer',
                    disabled: !row && selected.length === 0,
                    onSelect: () => setTransferring(selected.length ? selected : row ? [row] : []),
                  },
                ]
              : []),
          ]}
          toolbar={(ui, g) => (
            <>
              {canEdit && (
                <EditActions
                  ui={ui}
                  grid={g}
                  testIds={{ add: 'sample-add', saveNew: 'sample-save-new', delete: 'sample-delete' }}
                  addDefaults={{ status: 'Available' }}
                  primary="add"
                  saveNewClassName="si-save-new"
                  deleteClassName="its-btn its-btn--secondary"
                  addLabel={<FormattedMessage id="sampleInventory.add" defaultMessage="Add sample" />}
                  saveNewLabel={(n) => <FormattedMessage id="sampleInventory.saveNew" defaultMessage="Save new {n, plural, one {sample} other {samples ({n, number})}}" values={{ n }} />}
                  deleteLabel={<FormattedMessage id="sampleInventory.delete" defaultMessage="Delete" />}
                />
              )}
              {canEdit && (
                <NavLink className="its-btn its-btn--secondary" to={`/product/libraries/samples/${library}/import`} data-testid="sample-import">
                  <GridIcon name="excel" />
                  <FormattedMessage id="sampleInventory.import.button" defaultMessage="Import from Excel" />
                </NavLink>
              )}
              {canTransfer && (
                <button type="button" className="its-btn its-btn--secondary" onClick={() => setTransferring(selected)} disabled={selected.length === 0} data-testid="sample-transfer">
                  <GridIcon name="transfer" />
                  <FormattedMessage id="sampleInventory.transfer.button" defaultMessage="Transfer to Sales" />
                </button>
              )}
              <button
                type="button"
                className={`its-btn its-btn--ghost${history.open ? ' is-on' : ''}`}
                onClick={history.toggle}
                aria-pressed={history.open}
                data-testid="sample-history"
              >
                <GridIcon name="history" />
                <FormattedMessage id="sampleInventory.tracking.button" defaultMessage="History" />
              </button>
              <LiveBadge state={live} testId="rows-live" />
            </>
          )}
        />
      </div>
      {transferring && transferring.length > 0 && (
        <TransferDialog
          rows={transferring}
          onClose={() => setTransferring(null)}
          onDone={(r) => {
            setTransferring(null);
            toast.success(
              intl.formatMessage(
                { id: 'sampleInventory.transfer.done', defaultMessage: '{n, plural, one {# sample} other {# samples}} transferred to Sales' },
                { n: r.transfers.length },
              ),
            );
            void grid.current?.reload();
          }}
        />
      )}
    </>
  );
}

export function SampleLibrary({ library }: { library: Library }) {
  const intl = useIntl();
  const title =
    library === 'Production'
      ? intl.formatMessage({ id: 'sampleInventory.title.production', defaultMessage: 'Production Samples' })
      : intl.formatMessage({ id: 'sampleInventory.title.sales', defaultMessage: 'Sales Samples' });
  usePageTitle(title);
  const checks = useMemo<AuthzCheck[]>(
    () => [
      authzCheck(actions.sampleInventoryView, { library: 'Production' }),
      authzCheck(actions.sampleInventoryView, { library: 'Sales' }),
    ],
    [],
  );
  const views = useDecisions(checks);
  const schema = useQuery({ queryKey: ['sampleInventory', 'schema', library], queryFn: ({ signal }) => fetchSchema(library, signal), staleTime: 10 * 60_000 });

  return (
    <div className="si-page" data-testid={`samples-${library.toLowerCase()}`}>
      <header className="si-head">
        <div className="si-head__text">
          <p className="si-head__eyebrow">
            <FormattedMessage id="sampleInventory.eyebrow" defaultMessage="Sample Inventory" />
          </p>
          <h1 className="si-head__title">{title}</h1>
        </div>
        <Tabs allowed={{ Production: views.allowed[0] === true, Sales: views.allowed[1] === true }} />
      </header>
      {schema.isPending ? (
        <div className="si-loading">
          <Spinner size={26} />
        </div>
      ) : schema.isError ? (
        <EmptyState icon="warning" title={<FormattedMessage id="sampleInventory.schema.error" defaultMessage="The sample library could not be opened." />}>
          <button type="button" className="its-btn its-btn--secondary" onClick={() => void schema.refetch()}>
            <FormattedMessage id="sampleInventory.retry" defaultMessage="Try again" />
          </button>
        </EmptyState>
      ) : (
        <LibraryGrid key={library} library={library} schema={schema.data} />
      )}
    </div>
  );
}
