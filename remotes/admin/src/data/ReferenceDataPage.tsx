/**
 * admin--data--*: the reference data admins keep (customers, territories and business entities,
 * division groups, locations, currencies), each a grid on the grid protocol behind its own
 * permission: edit in place (typed, pasted from Excel, undone), add and delete rows, and export
 * what the grid shows to Excel or csv, and import an edited file after reviewing what it changes.
 * The server checks every cell and every row's version.
 */
import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router';
import { EmptyState, Icon, Spinner, usePageTitle, useDecisions, withModuleMessages } from '@its/kit';
import { DataGrid, EditActions, LiveBadge, readByIds, useLiveRows, type DataGridHandle, type GridColumn } from '@its/grid';
import { AdminHeader } from '../AdminHeader';
import { loadMessages } from '../messages';
import { DATA_SETS, dataEndpoints, dataSetChecks, dataSetOf, dataTopic, fetchDataSchema, type DataSet } from './api';
import { ImportDialog } from './ImportDialog';
import { columnHeaders, dataSetText } from './labels';
import '../admin.css';

function DataTabs({ current }: { current: DataSet }) {
  const intl = useIntl();
  const allowed = useDecisions(dataSetChecks).allowed;
  return (
    <nav className="adm-data-tabs" data-testid="data-tabs" aria-label={intl.formatMessage({ id: 'admin.data.tabs', defaultMessage: 'Reference data' })}>
      {DATA_SETS.map((set, i) =>
        allowed[i] || set === current ? (
          <NavLink key={set} to={`/admin/data/${set}`} className={({ isActive }) => `adm-chip${isActive ? ' is-on' : ''}`} data-testid={`data-tab-${set}`}>
            <Icon name={dataSetText[set].icon} size={15} />
            {intl.formatMessage(dataSetText[set].title)}
          </NavLink>
        ) : null,
      )}
    </nav>
  );
}

function ReferenceGrid({ set }: { set: DataSet }) {
  const intl = useIntl();
  const schema = useQuery({ queryKey: ['admin', 'data', set, 'schema'], queryFn: ({ signal }) => fetchDataSchema(set, signal), staleTime: 60_000 });
  const endpoints = useMemo(() => dataEndpoints(set), [set]);
  const [importing, setImporting] = useState(false);
  const gridRef = useRef<DataGridHandle | null>(null);
  const readLive = useMemo(() => readByIds(endpoints), [endpoints]);
  const live = useLiveRows(dataTopic(set), () => gridRef.current, readLive);
  const header = useMemo(() => {
    return (col: GridColumn) => {
      const m = columnHeaders[col.field];
      return m ? intl.formatMessage(m) : col.headerName;
    };
  }, [intl]);

  if (schema.isPending) {
    return (
      <div className="adm-data-loading">
        <Spinner size={26} />
      </div>
    );
  }
  if (schema.isError) {
    return (
      <EmptyState icon="warning" title={<FormattedMessage id="admin.data.error" defaultMessage="This list could not be opened." />}>
        <button type="button" className="its-btn its-btn--secondary" onClick={() => void schema.refetch()}>
          <FormattedMessage id="admin.data.retry" defaultMessage="Try again" />
        </button>
      </EmptyState>
    );
  }
  return (
    <div className="adm-data-grid">
      {importing && (
        <ImportDialog
          set={set}
          title={intl.formatMessage(dataSetText[set].title)}
          columns={schema.data.columns}
          header={header}
          onClose={() => setImporting(false)}
          onApplied={() => {
            setImporting(false);
            void gridRef.current?.reload();
          }}
        />
      )}
      <DataGrid
        key={set}
        testId={`data-grid-${set}`}
        schema={schema.data}
        layoutKey={`admin.data.${set}`}
        endpoints={endpoints}
        canEdit
        handle={gridRef}
        headerName={header}
        exportFileName={intl.formatMessage(dataSetText[set].title)}
        emptyState={(filtered) =>
          filtered
            ? intl.formatMessage({ id: 'admin.data.empty.filtered', defaultMessage: 'No rows match the filters.' })
            : intl.formatMessage({ id: 'admin.data.empty', defaultMessage: 'No rows yet. Add the first one above.' })
        }
        toolbar={(ui, g) => (
          <>
            <EditActions
              ui={ui}
              grid={g}
              testIds={{ add: 'data-add', saveNew: 'data-save-new', delete: 'data-delete' }}
              primary="add"
              deleteClassName="its-btn its-btn--secondary"
              addLabel={<FormattedMessage id="admin.data.add" defaultMessage="Add row" />}
              deleteLabel={<FormattedMessage id="admin.data.delete" defaultMessage="Delete" />}
            />
            <button type="button" className="its-btn its-btn--secondary" onClick={() => setImporting(true)} data-testid="data-import">
              <Icon name="document" size={15} />
              <FormattedMessage id="admin.data.import" defaultMessage="Import" />
            </button>
            <LiveBadge state={live} testId="rows-live" />
          </>
        )}
      />
    </div>
  );
}

function ReferenceDataPage() {
  const intl = useIntl();
  const set = dataSetOf(useLocation().pathname);
  const text = dataSetText[set];
  usePageTitle(intl.formatMessage(text.title));
  return (
    <div className="adm-page" data-testid={`admin-data-${set}`}>
      <AdminHeader />
      <div className="adm-body">
        <div className="adm-data-head">
          <div>
            <h2 className="adm-data-title">{intl.formatMessage(text.title)}</h2>
            <p className="adm-data-sub">{intl.formatMessage(text.about)}</p>
          </div>
          <DataTabs current={set} />
        </div>
        <ReferenceGrid key={set} set={set} />
      </div>
    </div>
  );
}

export default withModuleMessages(ReferenceDataPage, loadMessages);
