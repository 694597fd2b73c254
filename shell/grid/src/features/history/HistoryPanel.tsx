/**
 * The cell history of a grid row in the side panel: a cell's changes ("Show history" of the
 * context menu) or the whole row's ("Row history"), newest first, each with who, when, the
 * field, the old and new value and how it was made; "Revert to this value" sets the cell back to
 * the value a change wrote (the owner's ordinary versioned batch, labelled revert).
 */
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { ModuleMessages, Spinner } from '@its/kit';
import { loadGridMessages } from '../../messages';
import { rowHistory, rowHistoryKey, type HistoryEntry, type HistoryVia } from './api';
import { hm } from './messages';
import './history.css';

export interface HistoryTarget {
  rowId: string;
  /** The field of "Show history"; null: every field of the row. */
  field: string | null;
  /** The row's name (e.g. style and colour), for the title. */
  label: string;
}

export interface HistoryPanelProps {
  /** The row's history route (under /api). */
  url: string;
  target: HistoryTarget;
  /** Whether the user may edit the rows now (the revert buttons). */
  canEdit: boolean;
  /** The value the cell shows now (a change that wrote it has nothing to revert to). */
  current: (field: string) => unknown;
  onRevert: (entry: HistoryEntry) => void;
  /** Whether a field's change may be reverted from here (all by default; not a value the server computes). */
  canRevert?: (field: string) => boolean;
  /** A field's name in the user's language. */
  fieldLabel: (field: string) => string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A cell value as the panel shows it ("empty" for none). */
function shown(intl: IntlShape, v: unknown): string {
  if (v === null || v === undefined || v === '') return intl.formatMessage(hm.empty);
  if (typeof v === 'boolean') return intl.formatMessage(v ? hm.yes : hm.no);
  if (typeof v === 'number') return intl.formatNumber(v);
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const viaMessages: Record<HistoryVia, MessageDescriptor> = {
  edit: hm.viaEdit,
  paste: hm.viaPaste,
  import: hm.viaImport,
  batch: hm.viaBatch,
  revert: hm.viaRevert,
};

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The panel's content with the grid kit's catalog (the shell renders the side panel). */
export function HistoryPanel(props: HistoryPanelProps) {
  return (
    <ModuleMessages load={loadGridMessages}>
      <History {...props} />
    </ModuleMessages>
  );
}

function History({ url, target, canEdit, current, onRevert, canRevert, fieldLabel }: HistoryPanelProps) {
  const intl = useIntl();
  const q = useQuery({ queryKey: rowHistoryKey(url, target.field), queryFn: ({ signal }) => rowHistory(url, target.field, signal) });
  const heading = target.field ? intl.formatMessage(hm.ofCell, { field: fieldLabel(target.field), row: target.label }) : intl.formatMessage(hm.ofRow, { row: target.label });
  return (
    <section className="its-history" data-testid="history-panel" aria-label={heading}>
      <h3 className="its-history__title">{heading}</h3>
      {q.isPending && <Spinner />}
      {q.isError && <p role="alert">{intl.formatMessage(hm.failed, { message: errorText(q.error) })}</p>}
      {q.data && q.data.entries.length === 0 && <p className="its-history__empty">{intl.formatMessage(hm.none)}</p>}
      {q.data && q.data.entries.length > 0 && (
        <ol className="its-history__list">
          {q.data.entries.map((e) => (
            <li key={`${e.id}:${e.field}`} className="its-history__entry" data-testid="history-entry" data-field={e.field} data-via={e.via}>
              <div className="its-history__meta">
                <strong>{e.actorName || intl.formatMessage(hm.system)}</strong>
                <time dateTime={e.at}>{intl.formatDate(e.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                <span className="its-history__via">{intl.formatMessage(viaMessages[e.via] ?? hm.viaEdit)}</span>
              </div>
              {!target.field && <div className="its-history__field">{fieldLabel(e.field)}</div>}
              <div className="its-history__change">
                <span className="its-history__old" data-testid="history-old">
                  {shown(intl, e.old)}
                </span>
                <span aria-hidden="true"> → </span>
                <span className="its-history__new" data-testid="history-new">
                  {shown(intl, e.new)}
                </span>
              </div>
              {canEdit && (canRevert?.(e.field) ?? true) && !same(e.new, current(e.field)) && (
                <button type="button" className="its-btn its-btn--ghost" data-testid="history-revert" onClick={() => onRevert(e)}>
                  {intl.formatMessage(hm.revert)}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
