/**
 * The cell history of a detail grid row in the side panel: a cell's changes ("Show history" of
 * the context menu) or the whole row's ("Row history"), newest first, each with who, when, the
 * field, the old and new value and how it was made; "Revert to this value" sets the cell back to
 * the value a change wrote, through the grid's ordinary versioned batch.
 */
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@its/kit';
import { rowHistory, rowHistoryKey, type HistoryEntry, type HistoryVia } from '../api';
import { errorText, fieldLabel, msg } from '../messages';

export interface HistoryTarget {
  rowId: string;
  /** The field of "Show history"; null: every field of the row. */
  field: string | null;
  /** The row's name (style and colour), for the title. */
  label: string;
}

export interface HistoryPanelProps {
  assortmentId: string;
  target: HistoryTarget;
  /** Whether the user may edit the rows now (the revert buttons). */
  canEdit: boolean;
  /** The value the cell shows now (a change that wrote it has nothing to revert to). */
  current: (field: string) => unknown;
  onRevert: (entry: HistoryEntry) => void;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A cell value as the panel shows it ("empty" for none). */
function shown(intl: IntlShape, v: unknown): string {
  if (v === null || v === undefined || v === '') return intl.formatMessage(msg.historyEmpty);
  if (typeof v === 'boolean') return intl.formatMessage(v ? msg.historyYes : msg.historyNo);
  if (typeof v === 'number') return intl.formatNumber(v);
  if (Array.isArray(v)) return v.join(', ');
  return String(v);
}

const viaMessages: Record<HistoryVia, MessageDescriptor> = {
  edit: msg.historyViaEdit,
  paste: msg.historyViaPaste,
  import: msg.historyViaImport,
  batch: msg.historyViaBatch,
  revert: msg.historyViaRevert,
};

export function HistoryPanel({ assortmentId, target, canEdit, current, onRevert }: HistoryPanelProps) {
  const intl = useIntl();
  const q = useQuery({
    queryKey: rowHistoryKey(assortmentId, target.rowId, target.field),
    queryFn: ({ signal }) => rowHistory(assortmentId, target.rowId, target.field, signal),
  });
  const heading = target.field
    ? intl.formatMessage(msg.historyOfCell, { field: fieldLabel(intl, target.field), row: target.label })
    : intl.formatMessage(msg.historyOfRow, { row: target.label });
  return (
    <section className="am-history" data-testid="history-panel" aria-label={heading}>
      <h3 className="am-history__title">{heading}</h3>
      {q.isPending && <Spinner />}
      {q.isError && <p role="alert">{intl.formatMessage(msg.failed, { message: errorText(q.error) })}</p>}
      {q.data && q.data.entries.length === 0 && <p className="am-history__empty">{intl.formatMessage(msg.historyNone)}</p>}
      {q.data && q.data.entries.length > 0 && (
        <ol className="am-history__list">
          {q.data.entries.map((e) => (
            <li key={`${e.id}:${e.field}`} className="am-history__entry" data-testid="history-entry" data-field={e.field} data-via={e.via}>
              <div className="am-history__meta">
                <strong>{e.actorName || intl.formatMessage(msg.historySystem)}</strong>
                <time dateTime={e.at}>{intl.formatDate(e.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                <span className="am-history__via">{intl.formatMessage(viaMessages[e.via] ?? msg.historyViaEdit)}</span>
              </div>
              {!target.field && <div className="am-history__field">{fieldLabel(intl, e.field)}</div>}
              <div className="am-history__change">
                <span className="am-history__old" data-testid="history-old">
                  {shown(intl, e.old)}
                </span>
                <span aria-hidden="true"> → </span>
                <span className="am-history__new" data-testid="history-new">
                  {shown(intl, e.new)}
                </span>
              </div>
              {canEdit && !same(e.new, current(e.field)) && (
                <button type="button" className="its-btn its-btn--ghost" data-testid="history-revert" onClick={() => onRevert(e)}>
                  {intl.formatMessage(msg.historyRevert)}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
