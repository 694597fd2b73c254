/** Auto-sort: up to three keys, each ascending or descending (styleNumeric sorts numerically). */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from '@its/kit';
import { msg } from '../messages';
import { fieldMsg, sortMsg } from './messages';
import { MAX_SORT_KEYS, SORT_FIELDS, type SortField, type SortKey } from './model';

interface Row {
  field: SortField | '';
  direction: 'asc' | 'desc';
}

/** The keys of the rows that name a field, in order. */
export function sortKeys(rows: Row[]): SortKey[] {
  return rows.filter((r): r is Row & { field: SortField } => r.field !== '').map((r) => ({ field: r.field, direction: r.direction }));
}

export function AutoSortDialog({ onClose, onApply }: { onClose: () => void; onApply: (keys: SortKey[]) => void }) {
  const intl = useIntl();
  const [rows, setRows] = useState<Row[]>([
    { field: 'styleNumeric', direction: 'asc' },
    ...Array.from({ length: MAX_SORT_KEYS - 1 }, () => ({ field: '' as const, direction: 'asc' as const })),
  ]);
  const keys = sortKeys(rows);
  const set = (i: number, change: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const apply = () => keys.length > 0 && onApply(keys);
  return (
    <Dialog
      open
      title={intl.formatMessage(sortMsg.autoSortTitle)}
      icon="list"
      onClose={onClose}
      onEnter={apply}
      testId="auto-sort-dialog"
      actions={
        <>
          <button type="button" className="its-btn its-btn--ghost" onClick={onClose}>
            {intl.formatMessage(msg.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={keys.length === 0} onClick={apply} data-testid="auto-sort-apply">
            {intl.formatMessage(sortMsg.apply)}
          </button>
        </>
      }
    >
      <p className="gs-hint">{intl.formatMessage(sortMsg.autoSortHint)}</p>
      <div className="gs-keys">
        {rows.map((r, i) => (
          <div className="gs-key" key={i}>
            <span className="gs-key__n">{intl.formatMessage(sortMsg.sortKey, { n: i + 1 })}</span>
            <select className="its-input" value={r.field} onChange={(e) => set(i, { field: e.target.value as SortField | '' })} data-testid={`auto-sort-field-${i}`} aria-label={intl.formatMessage(sortMsg.sortKey, { n: i + 1 })}>
              <option value="">{intl.formatMessage(sortMsg.noKey)}</option>
              {SORT_FIELDS.map((f) => (
                <option key={f} value={f}>
                  {intl.formatMessage(fieldMsg[f])}
                </option>
              ))}
            </select>
            <select className="its-input" value={r.direction} disabled={!r.field} onChange={(e) => set(i, { direction: e.target.value as 'asc' | 'desc' })} data-testid={`auto-sort-dir-${i}`} aria-label={intl.formatMessage(sortMsg.sortDirection, { n: i + 1 })}>
              <option value="asc">{intl.formatMessage(sortMsg.ascending)}</option>
              <option value="desc">{intl.formatMessage(sortMsg.descending)}</option>
            </select>
          </div>
        ))}
      </div>
    </Dialog>
  );
}
