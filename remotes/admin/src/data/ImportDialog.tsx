/**
 * The import of a reference data set: pick an .xlsx or .csv file (the export, edited), read the
 * server's review (rows added, changed, unchanged and refused with the reason per cell), then
 * apply it. Nothing is written before Apply, and Apply writes all of it or nothing.
 */
import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ApiError, Dialog, Icon, Spinner, toast } from '@its/kit';
import type { GridColumn } from '@its/grid';
import type { DataSet } from './api';
import { IMPORT_ACCEPT, canApply, sendImport, type ImportReview, type ImportRow, type ImportStatus } from './importApi';

const STATUSES: ImportStatus[] = ['added', 'changed', 'unchanged', 'refused'];

function statusText(intl: IntlShape, s: ImportStatus, n?: number): string {
  switch (s) {
    case 'added':
      return n === undefined
        ? intl.formatMessage({ id: 'admin.import.status.added', defaultMessage: 'Added' })
        : intl.formatMessage({ id: 'admin.import.count.added', defaultMessage: '{n, number} added' }, { n });
    case 'changed':
      return n === undefined
        ? intl.formatMessage({ id: 'admin.import.status.changed', defaultMessage: 'Changed' })
        : intl.formatMessage({ id: 'admin.import.count.changed', defaultMessage: '{n, number} changed' }, { n });
    case 'unchanged':
      return n === undefined
        ? intl.formatMessage({ id: 'admin.import.status.unchanged', defaultMessage: 'Unchanged' })
        : intl.formatMessage({ id: 'admin.import.count.unchanged', defaultMessage: '{n, number} unchanged' }, { n });
    default:
      return n === undefined
        ? intl.formatMessage({ id: 'admin.import.status.refused', defaultMessage: 'Refused' })
        : intl.formatMessage({ id: 'admin.import.count.refused', defaultMessage: '{n, number} refused' }, { n });
  }
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

const shown = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));

function ReviewCell({ row, field }: { row: ImportRow; field: string }) {
  const error = row.errors?.find((e) => e.field === field);
  const changed = row.changed?.includes(field);
  return (
    <td className={`adm-import-cell${changed ? ' is-changed' : ''}${error ? ' is-refused' : ''}`} title={error?.message}>
      {changed && <span className="adm-import-before">{shown(row.before?.[field])}</span>}
      <span>{row.values[field]}</span>
      {error && <span className="adm-import-reason">{error.message}</span>}
    </td>
  );
}

/** The review as a table: one line per row of the file, changed cells with their old value, refused cells with the reason. */
export function ReviewTable({ review, header }: { review: ImportReview; header: (field: string) => string }) {
  const intl = useIntl();
  const fields = review.columns.map((c) => c.field);
  const rowErrors = (r: ImportRow) => (r.errors ?? []).filter((e) => !fields.includes(e.field));
  return (
    <div className="adm-import-review" role="region" aria-label={intl.formatMessage({ id: 'admin.import.review', defaultMessage: 'Review' })}>
      <table className="adm-import-table" data-testid="import-review">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="admin.import.line" defaultMessage="Line" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.import.status" defaultMessage="Status" />
            </th>
            {review.columns.map((c) => (
              <th key={c.field} scope="col">
                {header(c.field)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {review.rows.map((r) => (
            <tr key={r.line} className={`is-${r.status}`} data-testid={`import-row-${r.line}`} data-status={r.status}>
              <td className="adm-import-line">{r.line}</td>
              <td>
                <span className={`adm-import-badge is-${r.status}`}>{statusText(intl, r.status)}</span>
                {rowErrors(r).map((e) => (
                  <span key={e.field + e.rule} className="adm-import-reason">
                    {e.message}
                  </span>
                ))}
              </td>
              {fields.map((f) => (
                <ReviewCell key={f} row={r} field={f} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface ImportDialogProps {
  set: DataSet;
  title: string;
  columns: GridColumn[];
  header: (col: GridColumn) => string;
  onClose: () => void;
  onApplied: () => void;
}

export function ImportDialog({ set, title, columns, header, onClose, onApplied }: ImportDialogProps) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const headers = Object.fromEntries(columns.map((c) => [c.field, header(c)]));
  const fieldHeader = (field: string) => headers[field] ?? field;

  const reviewCall = useMutation({ mutationFn: (f: File) => sendImport(set, f, headers) });
  const applyCall = useMutation({
    mutationFn: (r: ImportReview) => sendImport(set, file!, headers, r.token),
    onSuccess: (r) => {
      toast.success(
        intl.formatMessage(
          { id: 'admin.import.applied', defaultMessage: '{file} imported: {added, number} added, {changed, number} changed.' },
          { file: r.fileName, added: r.counts.added, changed: r.counts.changed },
        ),
      );
      onApplied();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) reviewCall.reset();
    },
  });
  const review = reviewCall.data;

  const pick = (f: File | null) => {
    setFile(f);
    applyCall.reset();
    if (f) reviewCall.mutate(f);
    else reviewCall.reset();
  };

  const busy = reviewCall.isPending || applyCall.isPending;
  const failure = reviewCall.error ?? applyCall.error;

  return (
    <Dialog
      open
      width={980}
      icon="document"
      testId="import-dialog"
      title={intl.formatMessage({ id: 'admin.import.title', defaultMessage: 'Import into {set}' }, { set: title })}
      onClose={busy ? undefined : onClose}
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onClose} disabled={busy} data-testid="import-cancel">
            <FormattedMessage id="admin.import.cancel" defaultMessage="Cancel" />
          </button>
          <button
            type="button"
            className="its-btn its-btn--primary"
            onClick={() => review && applyCall.mutate(review)}
            disabled={!review || !canApply(review) || busy}
            data-testid="import-apply"
          >
            {applyCall.isPending ? <Spinner size={14} /> : <Icon name="check" size={15} />}
            <FormattedMessage id="admin.import.apply" defaultMessage="Apply" />
          </button>
        </>
      }
    >
      <div className="adm-import">
        <p className="adm-import-help">
          <FormattedMessage
            id="admin.import.help"
            defaultMessage="Choose an .xlsx or .csv file with a header row, such as an export of this list edited in Excel. Rows are matched by their key columns; rows the file does not name are kept. Nothing changes until you apply the review."
          />
        </p>
        <div className="adm-import-pick">
          <input
            ref={input}
            type="file"
            accept={IMPORT_ACCEPT}
            className="adm-import-file"
            data-testid="import-file"
            aria-label={intl.formatMessage({ id: 'admin.import.file', defaultMessage: 'File to import' })}
            onChange={(e) => pick(e.currentTarget.files?.[0] ?? null)}
          />
          <button type="button" className="its-btn its-btn--secondary" onClick={() => input.current?.click()} disabled={busy} data-testid="import-choose">
            <Icon name="folder" size={15} />
            <FormattedMessage id="admin.import.choose" defaultMessage="Choose file" />
          </button>
          <span className="adm-import-name">{file?.name ?? <FormattedMessage id="admin.import.none" defaultMessage="No file chosen" />}</span>
          {reviewCall.isPending && <Spinner size={18} />}
        </div>
        {failure && (
          <div className="adm-import-error" role="alert" data-testid="import-error">
            <Icon name="warning" size={16} />
            {errorText(failure)}
          </div>
        )}
        {review && (
          <>
            <div className="adm-import-counts" data-testid="import-counts">
              {STATUSES.map((s) => (
                <span key={s} className={`adm-import-badge is-${s}`} data-testid={`import-count-${s}`}>
                  {statusText(intl, s, review.counts[s])}
                </span>
              ))}
              {review.ignored.length > 0 && (
                <span className="adm-import-ignored">
                  <FormattedMessage id="admin.import.ignored" defaultMessage="Columns not read: {headers}" values={{ headers: review.ignored.join(', ') }} />
                </span>
              )}
            </div>
            {review.counts.refused > 0 && (
              <p className="adm-import-refusal" role="status">
                <FormattedMessage
                  id="admin.import.refusedHelp"
                  defaultMessage="{n, plural, one {One row is refused} other {# rows are refused}}: correct the file and choose it again. Nothing is imported while a row is refused."
                  values={{ n: review.counts.refused }}
                />
              </p>
            )}
            {review.rows.length === 0 ? (
              <p className="adm-import-help">
                <FormattedMessage id="admin.import.empty" defaultMessage="The file has no rows under its header." />
              </p>
            ) : (
              <ReviewTable review={review} header={fieldHeader} />
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
