/**
 * orders--manage-assignments (product spec §2.1, §3.3): the coordinators sample orders are
 * assigned to, in the grid kit. A senior coordinator adds, edits (versioned) and deletes them.
 * The grid is live: an assignment someone adds, changes or deletes, on any server, shows
 * without a reload (the topic coordinatorAssignments:all), read again by id through the
 * assignments' query, which the page's first read uses too: its rows have one shape.
 */
import { useCallback, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, actions, authzCheck, confirm, toast, useDecisions, usePageTitle } from '@its/kit';
import { DataGrid, EditActions, LiveBadge, readByIds, sourceExport, useLiveRows, type BatchRequest, type BatchResult, type DataGridHandle, type GridColumn, type GridRow, type GridSchema, type GridSource } from '@its/grid';
import { ASSIGNMENT_EXPORT, ASSIGNMENT_ROWS, ASSIGNMENTS_TOPIC, assignmentRows, createAssignment, deleteAssignment, patchAssignment, type Assignment } from '../api';
import { fieldLabel, msg } from '../messages';

const schema: GridSchema = {
  grid: 'orders.assignments',
  idField: 'id',
  versionField: 'version',
  pageSize: 1000,
  maxLimit: 1000,
  maxBatch: 100,
  columns: [
    { field: 'coordinatorCode', headerName: 'coordinatorCode', type: 'text', editable: true, editableWhen: 'newRows', validators: ['alphanumericNoBlank'], required: true, sortable: true, width: 170 },
    { field: 'name', headerName: 'coordinatorName', type: 'text', editable: true, editableWhen: 'always', validators: ['nonClearable'], required: true, sortable: true, width: 200 },
    { field: 'lastName', headerName: 'lastName', type: 'text', editable: true, editableWhen: 'always', validators: [], sortable: true, width: 200 },
    { field: 'email', headerName: 'email', type: 'text', editable: true, editableWhen: 'always', validators: ['noSpaces'], sortable: true, width: 300 },
  ],
  messages: {},
};

// The export reads the assignments on the server: the grid's columns, filter tree and sort.
const exportRequest = sourceExport();
// Others' changes, read again by id.
const readLive = readByIds(ASSIGNMENT_ROWS);

const toRow = (a: Assignment): GridRow => ({ id: a._id, version: a.version, coordinatorCode: a.coordinatorCode, name: a.name, lastName: a.lastName, email: a.email });
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function AssignmentsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'orders.assignments.title', defaultMessage: 'Coordinator assignments' }));
  const grid = useRef<DataGridHandle | null>(null);
  const checks = useMemo(() => [authzCheck(actions.ordersAssignmentsManage)], []);
  const canEdit = useDecisions(checks).allowed[0];
  const headerName = useCallback((c: GridColumn) => fieldLabel(intl, c.headerName, c.field), [intl]);
  const live = useLiveRows(ASSIGNMENTS_TOPIC, () => grid.current, readLive);

  const source = useMemo<GridSource>(
    () => ({
      load: async (_q, signal, sink) => {
        const rows = await assignmentRows(schema.maxLimit, signal);
        sink.total(rows.length);
        sink.rows(rows);
      },
      send: async (req: BatchRequest): Promise<BatchResult> => {
        const out: BatchResult = { updated: [], added: [], deleted: [] };
        try {
          for (const a of req.add ?? []) {
            const v = a.values;
            out.added.push({ tempId: a.tempId, row: toRow(await createAssignment({ coordinatorCode: text(v.coordinatorCode).toUpperCase(), name: text(v.name), lastName: text(v.lastName), email: text(v.email) })) });
          }
          for (const u of req.update ?? []) out.updated.push(toRow(await patchAssignment(u.id, { version: u.version, ...(u.changes as Partial<Assignment>) })));
          for (const d of req.delete ?? []) {
            await deleteAssignment(d.id);
            out.deleted.push(grid.current?.getRow(d.id) ?? { id: d.id, version: d.version });
          }
        } catch (e) {
          // Platform spec §8: an assignment update or delete failure is an error toast with the server's message.
          if (e instanceof ApiError && e.status !== 409) toast.error(intl.formatMessage({ id: 'orders.assignments.failed', defaultMessage: 'The assignment was not saved: {message}' }, { message: e.message }), { key: 'assignment-failed' });
          throw e;
        }
        return out;
      },
    }),
    [intl],
  );

  const confirmDelete = useCallback(
    async (n: number) =>
      (await confirm({
        title: intl.formatMessage({ id: 'orders.assignments.delete.title', defaultMessage: 'Delete {n, plural, one {this assignment} other {# assignments}}?' }, { n }),
        message: intl.formatMessage({ id: 'orders.assignments.delete.message', defaultMessage: 'Orders keep the coordinator code they name.' }),
        yesText: intl.formatMessage({ id: 'orders.delete.yes', defaultMessage: 'Delete' }),
        noText: intl.formatMessage(msg.cancel),
        tone: 'danger',
      })) === 'yes',
    [intl],
  );

  return (
    <div className="or-page" data-testid="coordinator-assignments">
      <header className="or-head">
        <div className="or-head__text">
          <p className="or-head__eyebrow">
            <FormattedMessage id="orders.eyebrow" defaultMessage="Orders" />
          </p>
          <h1 className="or-head__title">
            <FormattedMessage id="orders.assignments.title" defaultMessage="Coordinator assignments" />
          </h1>
        </div>
      </header>
      <div className="or-grid">
        <DataGrid
          testId="assignments-grid"
          handle={grid}
          schema={schema}
          layoutKey="orders.assignments"
          source={source}
          canEdit={!!canEdit}
          headerName={headerName}
          endpoints={ASSIGNMENT_EXPORT}
          exportRequest={exportRequest}
          exportFileName="CoordinatorAssignments"
          saveDelayMs={1000}
          confirmDelete={confirmDelete}
          emptyState={() => intl.formatMessage({ id: 'orders.assignments.empty', defaultMessage: 'No coordinator assignments yet.' })}
          toolbar={(u, g) => (
            <>
              {canEdit && (
                <EditActions
                  ui={u}
                  grid={g}
                  testIds={{ add: 'assignments-add', saveNew: 'assignments-save-new', delete: 'assignments-delete' }}
                  deleteClassName="its-btn its-btn--ghost or-danger"
                  addLabel={<FormattedMessage id="orders.assignments.add" defaultMessage="Add coordinator" />}
                  deleteLabel={<FormattedMessage id="orders.delete.yes" defaultMessage="Delete" />}
                />
              )}
              <LiveBadge state={live} testId="rows-live" />
            </>
          )}
        />
      </div>
    </div>
  );
}
