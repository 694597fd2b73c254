/**
 * The Excel import wizard (spec §2.6, §4.4, §5.4): upload an xlsx or csv (with progress), associate
 * its columns, then review every row in the spreadsheet import grid with its errors and their
 * severities. Edits stay in the grid (nothing is written to the target while the user edits);
 * the one button follows the state until the rows are imported, all or nothing, or downloaded.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, constants, toast, usePageTitle } from '@its/kit';
import { DataGrid, type BatchRequest, type BatchResult, type ColumnExtras, type DataGridHandle, type GridRow, type GridSchema, type GridSource } from '@its/grid';
import {
  downloadRows,
  fetchColumns,
  fetchTemplate,
  importRows,
  readRows,
  templateUrl,
  uploadFile,
  validateRows,
  type ColumnsAnswer,
  type ImportColumn,
  type ImportRow,
  type ImportTarget,
  type RowError,
  type RowsAnswer,
} from './api';
import { ColumnDialog } from './ColumnDialog';
import { IssuesCell } from './IssuesCell';
import { afterDelete, afterEdit, buttonFor, reviewOf, type Subtype, type Validation } from './state';
import './imports.css';

/** The spec's tooltip of each error type (§5.4); the others carry the server's own words. */
const TOOLTIPS = defineMessages({
  duplicate: { id: 'imports.error.duplicate', defaultMessage: 'Duplicate Style/Color' },
  duplicateSoft: { id: 'imports.error.duplicate', defaultMessage: 'Duplicate Style/Color' },
  inAssortment: { id: 'imports.error.inAssortment', defaultMessage: 'This Style/Color is Already in Season/Year/Region' },
  already: { id: 'imports.error.already', defaultMessage: 'This Style/Color is Already in Your Assortment' },
  stylecolor: { id: 'imports.error.stylecolor', defaultMessage: 'Style/Color Not Found' },
  productType: { id: 'imports.error.productType', defaultMessage: 'Product Type is not correct' },
  notAllowed: { id: 'imports.error.notAllowed', defaultMessage: 'Product is not allowed' },
  status: { id: 'imports.error.status', defaultMessage: 'This product does not match your assortment status' },
  locationId: { id: 'imports.error.locationId', defaultMessage: 'This product is not available in your location' },
  changed: { id: 'imports.error.changed', defaultMessage: 'Data Differs From Excel file' },
  unknown: { id: 'imports.error.unknown', defaultMessage: 'Unknown error' },
});

function errorText(intl: IntlShape, e: RowError): string {
  if (e.errorType !== 'unknown' && e.errorType in TOOLTIPS) return intl.formatMessage(TOOLTIPS[e.errorType as keyof typeof TOOLTIPS]);
  return e.errorMessage || intl.formatMessage(TOOLTIPS.unknown);
}

function failure(intl: IntlShape, e: unknown): string {
  if (e instanceof ApiError) {
    const rule = Array.isArray(e.details) ? (e.details[0] as { field?: string; rule?: string } | undefined) : undefined;
    // A refused file's reason (the rule of its `file` detail) with words in the catalog.
    if (rule?.field === 'file' && rule.rule === 'tooManyStrings')
      return intl.formatMessage(
        { id: 'imports.refused.tooManyStrings', defaultMessage: 'This workbook holds more than {max} different texts; it cannot be imported. Split it into smaller files.' },
        { max: intl.formatNumber(constants.imports.maxSharedStrings) },
      );
    return e.message;
  }
  return intl.formatMessage({ id: 'imports.failed', defaultMessage: 'Something went wrong; please try again.' });
}

const KINDS = defineMessages({
  text: { id: 'imports.template.type.text', defaultMessage: 'Text' },
  number: { id: 'imports.template.type.number', defaultMessage: 'Number' },
  integer: { id: 'imports.template.type.integer', defaultMessage: 'Whole number' },
});

/** The upload step's list of the columns an assortment import expects, and its template. */
function ExpectedColumns({ target }: { target: ImportTarget & { kind: 'assortment' } }) {
  const intl = useIntl();
  const q = useQuery({ queryKey: ['imports', 'template', target.id], queryFn: () => fetchTemplate(target), staleTime: 60_000 });
  if (!q.data) return null;
  const kind = (c: ImportColumn) =>
    c.options?.length
      ? intl.formatMessage({ id: 'imports.template.oneOf', defaultMessage: 'One of: {options}' }, { options: c.options.join(', ') })
      : intl.formatMessage(KINDS[c.type]);
  return (
    <div className="imp-expected" data-testid="import-expected">
      <div className="imp-expected__head">
        <h2>
          <FormattedMessage id="imports.template.title" defaultMessage="Columns the file may hold" />
        </h2>
        <a className="its-btn its-btn--ghost" href={templateUrl(target)} download data-testid="import-template">
          <FormattedMessage id="imports.template.download" defaultMessage="Download the template" />
        </a>
      </div>
      <p className="imp-hint">
        <FormattedMessage
          id="imports.template.hint"
          defaultMessage="The first row holds the headers, in any order; a header is matched to its column by name. The template has these columns and one example row."
        />
      </p>
      <table className="imp-expected__table">
        <thead>
          <tr>
            <th>
              <FormattedMessage id="imports.template.column" defaultMessage="Column" />
            </th>
            <th>
              <FormattedMessage id="imports.template.needed" defaultMessage="Needed" />
            </th>
            <th>
              <FormattedMessage id="imports.template.kind" defaultMessage="Kind of value" />
            </th>
            <th>
              <FormattedMessage id="imports.template.example" defaultMessage="Example" />
            </th>
          </tr>
        </thead>
        <tbody>
          {q.data.columns.map((c) => (
            <tr key={c.field} data-testid={`import-expected-${c.field}`}>
              <td>{c.header}</td>
              <td>
                {c.required ? (
                  <strong>
                    <FormattedMessage id="imports.template.required" defaultMessage="Required" />
                  </strong>
                ) : (
                  <FormattedMessage id="imports.template.optional" defaultMessage="Optional" />
                )}
              </td>
              <td>{kind(c)}</td>
              <td>{q.data.example[c.field] ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The button's labels (spec §2.6), by the ids state.ts answers. */
const BUTTONS = defineMessages({
  'imports.button.validate': { id: 'imports.button.validate', defaultMessage: 'Validate Items' },
  'imports.button.resubmit': { id: 'imports.button.resubmit', defaultMessage: 'Critical Issues Fixed - Resubmit' },
  'imports.button.ignoreWarningsImport': { id: 'imports.button.ignoreWarningsImport', defaultMessage: 'Ignore Warnings & Import' },
  'imports.button.ignoreWarningsDownload': { id: 'imports.button.ignoreWarningsDownload', defaultMessage: 'Ignore Warnings & Download' },
  'imports.button.importToAssortment': { id: 'imports.button.importToAssortment', defaultMessage: 'Import to Assortment' },
  'imports.button.importToSamples': { id: 'imports.button.importToSamples', defaultMessage: 'Import to Sample Inventory' },
  'imports.button.download': { id: 'imports.button.download', defaultMessage: 'Download Items' },
  'imports.button.revalidate': { id: 'imports.button.revalidate', defaultMessage: 'Revalidate Items' },
});

interface Props {
  target: ImportTarget;
  /** Where the wizard returns after an import or when cancelled. */
  backTo: string;
  title: string;
}

export function ImportWizard({ target, backTo, title }: Props) {
  const intl = useIntl();
  const navigate = useNavigate();
  usePageTitle(title);
  const [progress, setProgress] = useState<number | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [columns, setColumns] = useState<ColumnsAnswer | null>(null);
  const [mapping, setMapping] = useState<Record<string, number>>({});
  const [subtype, setSubtype] = useState<Subtype>('import');
  const [status, setStatus] = useState<Validation>('start');
  const [summary, setSummary] = useState<Omit<RowsAnswer, 'rows' | 'status'> | null>(null);
  const rows = useRef<ImportRow[]>([]);
  // The lines the user edited and deleted since the rows step: what the review sends back.
  const editedLines = useRef(new Set<number>());
  const deletedLines = useRef(new Set<number>());
  const grid = useRef<DataGridHandle>(null);
  const statusRef = useRef(status);
  statusRef.current = status;
  // The association's columns, kept for the grid once the dialog closes.
  const lastColumns = useRef<ColumnsAnswer | null>(null);
  if (columns) lastColumns.current = columns;

  const upload = useMutation({
    mutationFn: async (file: File) => {
      setRefused(null);
      setProgress(0);
      const id = await uploadFile(file, target, setProgress);
      return { id, cols: await fetchColumns(target, id) };
    },
    onSuccess: ({ id, cols }) => {
      setImportId(id);
      setColumns(cols);
      setMapping(cols.mapping);
    },
    onError: (e) => {
      setProgress(null);
      setRefused(failure(intl, e));
    },
  });

  const show = useCallback((res: RowsAnswer) => {
    rows.current = res.rows;
    setStatus(res.status);
    setSummary({ criticalCount: res.criticalCount, warningCount: res.warningCount, dropped: res.dropped });
    void grid.current?.reload();
  }, []);

  const first = useMutation({
    mutationFn: () => readRows(target, importId ?? '', mapping, subtype),
    onSuccess: (res) => {
      setColumns(null);
      editedLines.current = new Set();
      deletedLines.current = new Set();
      show(res);
    },
    onError: (e) => toast.error(failure(intl, e)),
  });

  const act = useMutation({
    mutationFn: async () => {
      const b = buttonFor(statusRef.current, subtype, target.kind);
      const review = reviewOf(importId ?? '', mapping, rows.current, editedLines.current, deletedLines.current);
      if (b.action === 'validate') return { validated: await validateRows(target, review, subtype) };
      if (b.action === 'download') {
        await downloadRows(target, review, b.ignoreWarnings);
        return { downloaded: true };
      }
      return { imported: await importRows(target, review, b.ignoreWarnings) };
    },
    onSuccess: (r) => {
      if ('validated' in r && r.validated) show(r.validated);
      if ('imported' in r && r.imported) {
        setStatus('passed');
        toast.success(intl.formatMessage({ id: 'imports.toast.imported', defaultMessage: 'Items Imported' }) + ` (${r.imported.added})`);
        navigate(backTo);
      }
    },
    onError: (e) => toast.error(failure(intl, e)),
  });

  const schema = useMemo<GridSchema | null>(() => {
    const cols = (summary || status !== 'start') && lastColumns.current;
    if (!cols) return null;
    return {
      grid: 'imports',
      idField: 'id',
      versionField: 'version',
      pageSize: 1000,
      maxLimit: 1_000_000,
      maxBatch: 1_000_000,
      columns: [
        { field: 'line', headerName: intl.formatMessage({ id: 'imports.grid.line', defaultMessage: 'Row' }), type: 'integer', editable: false, validators: [], width: 80 },
        { field: 'issues', headerName: intl.formatMessage({ id: 'imports.grid.issues', defaultMessage: 'Issues' }), type: 'text', editable: false, validators: [], width: 320 },
        ...cols.columns.map((c) => ({ field: c.field, headerName: c.header, type: 'text' as const, editable: true, editableWhen: 'always' as const, validators: [], width: 140 })),
      ],
      messages: {},
    };
  }, [summary, status, intl]);
  // A blank cell the import fills in (from the catalog) shows the value it will get, marked.
  const asGrid = (r: ImportRow, version = 1): GridRow => {
    const filled: Record<string, string> = {};
    for (const f of r.filled ?? []) if (!r.values[f.field]) filled[f.field] = f.value;
    return { id: String(r.index), version, line: r.index, issues: r.error.map((e) => e.errorType).join(' '), __errors: r.error, __filled: filled, ...filled, ...r.values };
  };

  const source = useMemo<GridSource>(
    () => ({
      load: async (_q, _signal, sink) => {
        sink.total(rows.current.length);
        sink.rows(rows.current.map((r) => asGrid(r)));
      },
      // Edits stay here: the target is written only by the import.
      send: async (req: BatchRequest): Promise<BatchResult> => {
        const updated: GridRow[] = [];
        let next = statusRef.current;
        for (const u of req.update ?? []) {
          const r = rows.current.find((x) => String(x.index) === u.id);
          if (!r) continue;
          editedLines.current.add(r.index);
          for (const [f, v] of Object.entries(u.changes)) {
            r.values = { ...r.values, [f]: v == null ? '' : String(v) };
            next = afterEdit(next, f);
          }
          updated.push(asGrid(r, u.version + 1));
        }
        let deleted: GridRow[] = [];
        // Delete item: the rows leave the import; they are neither validated nor imported.
        if (req.delete?.length) {
          const out = afterDelete(rows.current, req.delete.map((d) => d.id), next);
          rows.current = out.rows;
          for (const r of out.deleted) deletedLines.current.add(r.index);
          next = out.status;
          deleted = out.deleted.map((r) => asGrid(r));
          setSummary((s) => s && { ...s, criticalCount: out.criticalCount, warningCount: out.warningCount });
        }
        setStatus(next);
        return { updated, added: [], deleted };
      },
    }),
    [],
  );

  const extras = useMemo<ColumnExtras>(() => {
    const text = (e: RowError) => errorText(intl, e);
    const filledOf = (p: { data?: unknown }, field: string) => ((p.data as { __filled?: Record<string, string> } | undefined)?.__filled ?? {})[field];
    const out: ColumnExtras = { line: { pinned: 'left' }, issues: { cellRenderer: IssuesCell, cellRendererParams: { text }, pinned: 'left' } };
    for (const c of lastColumns.current?.columns ?? []) {
      out[c.field] = {
        cellClassRules: {
          'imp-cell--critical': (p) => ((p.data as { __errors?: RowError[] })?.__errors ?? []).some((e) => e.field === c.field && e.errorSeverity === 'critical'),
          'imp-cell--warning': (p) => ((p.data as { __errors?: RowError[] })?.__errors ?? []).some((e) => e.field === c.field && e.errorSeverity === 'warning'),
          'imp-cell--filled': (p) => filledOf(p, c.field) !== undefined && p.value === filledOf(p, c.field),
        },
        tooltipValueGetter: (p) => {
          const lines = ((p.data as { __errors?: RowError[] })?.__errors ?? []).filter((e) => e.field === c.field).map(text);
          const v = filledOf(p, c.field);
          if (v !== undefined && p.value === v) lines.push(intl.formatMessage({ id: 'imports.filled', defaultMessage: 'Blank in the file: the import takes {value} from the catalog.' }, { value: v }));
          return lines.join('\n') || undefined;
        },
      };
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new summary comes with new columns (lastColumns), read from a ref
  }, [intl, summary]);

  const button = buttonFor(status, subtype, target.kind);
  const total = rows.current.length;

  return (
    <div className="imp-page" data-testid="import-page">
      <header className="imp-head">
        <h1>{title}</h1>
        <button type="button" className="its-btn its-btn--ghost" onClick={() => navigate(backTo)}>
          <FormattedMessage id="imports.back" defaultMessage="Back" />
        </button>
      </header>
      {!summary && (
        <section className="imp-upload">
          <p>
            <FormattedMessage id="imports.upload.hint" defaultMessage="Choose an Excel workbook (.xlsx) or a CSV file. Its first row must hold the column headers." />
          </p>
          <label className="its-btn its-btn--primary imp-upload__pick">
            <FormattedMessage id="imports.upload.choose" defaultMessage="Choose a file" />
            <input
              type="file"
              accept=".xlsx,.csv"
              hidden
              data-testid="import-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) upload.mutate(f);
                e.target.value = '';
              }}
            />
          </label>
          {progress !== null && !refused && (
            <div className="imp-progress" role="progressbar" aria-valuenow={Math.round(progress * 100)} aria-valuemin={0} aria-valuemax={100}>
              <div className="imp-progress__bar" style={{ width: `${Math.round(progress * 100)}%` }} />
              <span>
                {progress < 1 ? (
                  <FormattedMessage id="imports.upload.progress" defaultMessage="Uploading… {pct}%" values={{ pct: Math.round(progress * 100) }} />
                ) : (
                  <FormattedMessage id="imports.upload.reading" defaultMessage="Reading the file…" />
                )}
              </span>
            </div>
          )}
          {refused && (
            <p className="imp-error" role="alert" data-testid="import-refused">
              {refused}
            </p>
          )}
          {target.kind === 'assortment' && <ExpectedColumns target={target} />}
        </section>
      )}
      {columns && importId && (
        <ColumnDialog
          columns={columns}
          mapping={mapping}
          onMapping={setMapping}
          subtype={subtype}
          onSubtype={target.kind === 'assortment' ? setSubtype : undefined}
          busy={first.isPending}
          onValidate={() => first.mutate()}
          onCancel={() => {
            setColumns(null);
            setProgress(null);
          }}
        />
      )}
      {summary && schema && (
        <>
          <div className="imp-bar" data-testid="import-bar">
            <span data-testid="import-summary">
              <FormattedMessage
                id="imports.summary"
                defaultMessage="{total, plural, one {# row} other {# rows}}: {critical} critical, {warning} with warnings"
                values={{ total, critical: summary.criticalCount, warning: summary.warningCount }}
              />
              {summary.dropped > 0 && (
                <>
                  {' · '}
                  <FormattedMessage id="imports.dropped" defaultMessage="{n, plural, one {# row} other {# rows}} without a style left out" values={{ n: summary.dropped }} />
                </>
              )}
            </span>
            <button type="button" className="its-btn its-btn--primary" disabled={act.isPending} onClick={() => act.mutate()} data-testid="import-action" data-status={status}>
              {intl.formatMessage(BUTTONS[button.label as keyof typeof BUTTONS])}
            </button>
          </div>
          <div className="imp-grid">
            <DataGrid schema={schema} source={source} canEdit columnExtras={extras} handle={grid} saveDelayMs={0} testId="import-grid" />
          </div>
        </>
      )}
    </div>
  );
}
