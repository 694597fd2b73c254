/** The column association dialog (spec §2.6): each field of the target with the file's column it
 * takes its values from, auto-matched by the server, and (assortments) import or download. */
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '@its/kit';
import type { ColumnsAnswer } from './api';
import type { Subtype } from './state';

interface Props {
  columns: ColumnsAnswer;
  mapping: Record<string, number>;
  onMapping: (m: Record<string, number>) => void;
  subtype: Subtype;
  /** Offered only where rows may be downloaded instead of imported. */
  onSubtype?: (s: Subtype) => void;
  busy: boolean;
  onValidate: () => void;
  onCancel: () => void;
}

export function ColumnDialog({ columns, mapping, onMapping, subtype, onSubtype, busy, onValidate, onCancel }: Props) {
  const intl = useIntl();
  const missing = columns.columns.filter((c) => c.required && mapping[c.field] === undefined);
  const set = (field: string, v: string) => {
    const next = { ...mapping };
    if (v === '') delete next[field];
    else next[field] = Number(v);
    onMapping(next);
  };
  return (
    <Dialog
      open
      width={620}
      title={<FormattedMessage id="imports.columns.title" defaultMessage="Column Association" />}
      onClose={onCancel}
      testId="import-columns"
      actions={
        <>
          <button type="button" className="its-btn its-btn--ghost" onClick={onCancel}>
            <FormattedMessage id="imports.cancel" defaultMessage="Cancel" />
          </button>
          <button type="button" className="its-btn its-btn--primary" disabled={busy || missing.length > 0} onClick={onValidate} data-testid="import-validate">
            <FormattedMessage id="imports.button.validate" defaultMessage="Validate Items" />
          </button>
        </>
      }
    >
      <p className="imp-hint">
        <FormattedMessage id="imports.columns.hint" defaultMessage="Choose the column of your file that holds each field. Columns were matched by their headers." />
      </p>
      <div className="imp-map">
        {columns.columns.map((c) => (
          <label key={c.field} className="imp-map__row">
            <span className="imp-map__field">
              {c.header}
              {c.required && ' *'}
            </span>
            <select value={mapping[c.field] ?? ''} onChange={(e) => set(c.field, e.target.value)} data-testid={`import-map-${c.field}`}>
              <option value="">{intl.formatMessage({ id: 'imports.columns.none', defaultMessage: '(not imported)' })}</option>
              {columns.headers.map((h, i) => (
                <option key={i} value={i}>
                  {h || intl.formatMessage({ id: 'imports.columns.unnamed', defaultMessage: 'Column {n}' }, { n: i + 1 })}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {missing.length > 0 && (
        <p className="imp-error" role="alert">
          <FormattedMessage id="imports.columns.required" defaultMessage="Choose a column for {fields}." values={{ fields: missing.map((c) => c.header).join(', ') }} />
        </p>
      )}
      {onSubtype && (
        <fieldset className="imp-subtype">
          <label>
            <input type="radio" checked={subtype === 'import'} onChange={() => onSubtype('import')} />
            <FormattedMessage id="imports.subtype.import" defaultMessage="Import into the assortment" />
          </label>
          <label>
            <input type="radio" checked={subtype === 'bulkDownloader'} onChange={() => onSubtype('bulkDownloader')} data-testid="import-subtype-download" />
            <FormattedMessage id="imports.subtype.download" defaultMessage="Download the checked items as Excel" />
          </label>
        </fieldset>
      )}
    </Dialog>
  );
}
