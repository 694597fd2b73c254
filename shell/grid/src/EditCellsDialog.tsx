/** The multi-field edit dialog ("Edit Cells", spec §2.6): one input per editable column of the range. */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DatePicker, Dialog, validateDate } from '@its/kit';
import { inputFor, type EditField, type EditValues } from './editCells';
import { m } from './messages';
import type { GridColumn } from './types';

export interface EditCellsDialogProps {
  title?: string;
  columns: GridColumn[];
  header: (col: GridColumn) => string;
  /** The value each field starts with (the one the rows share, else blank). */
  initial: Record<string, string | string[]>;
  rows: number;
  onApply: (values: EditValues) => void;
  onCancel: () => void;
}

function FieldInput({ col, label, field, onChange }: { col: GridColumn; label: string; field: EditField; onChange: (value: string | string[]) => void }) {
  const intl = useIntl();
  const kind = inputFor(col.type);
  const common = { id: `its-edit-${col.field}`, 'aria-label': label, 'data-testid': `grid-edit-input-${col.field}`, className: 'its-input' };
  switch (kind) {
    case 'choice':
    case 'boolean': {
      const options = kind === 'boolean' ? [{ v: 'true', t: intl.formatMessage(m.editYes) }, { v: 'false', t: intl.formatMessage(m.editNo) }] : (col.options ?? []).map((o) => ({ v: o, t: o }));
      return (
        <select {...common} value={String(field.value)} onChange={(e) => onChange(e.target.value)}>
          <option value="">{intl.formatMessage(m.editBlank)}</option>
          {options.map((o) => (
            <option key={o.v} value={o.v}>
              {o.t}
            </option>
          ))}
        </select>
      );
    }
    case 'multi':
      if (col.options?.length) {
        const chosen = Array.isArray(field.value) ? field.value : [];
        return (
          <select {...common} multiple size={Math.min(5, col.options.length)} value={chosen} onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}>
            {col.options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        );
      }
      return <input {...common} type="text" value={Array.isArray(field.value) ? field.value.join(', ') : field.value} onChange={(e) => onChange(e.target.value)} />;
    case 'number':
      return <input {...common} type="text" inputMode="decimal" value={String(field.value)} onChange={(e) => onChange(e.target.value)} />;
    case 'date':
      // The kit's date picker: a ticked date of a required column must be picked (spec §5.3 'Required').
      return <DatePicker id={common.id} label={label} value={String(field.value) || null} onChange={(v) => onChange(typeof v === 'string' ? v : '')} required={dateRequired(col, field)} testId={common['data-testid']} />;
    default:
      return <input {...common} type="text" value={String(field.value)} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** A date the dialog needs: ticked, of a column a row must have a value of. */
const dateRequired = (col: GridColumn, field: EditField) => field.change && inputFor(col.type) === 'date' && !!col.required;

export function EditCellsDialog({ title, columns, header, initial, rows, onApply, onCancel }: EditCellsDialogProps) {
  const intl = useIntl();
  const [values, setValues] = useState<EditValues>(() => Object.fromEntries(columns.map((c) => [c.field, { change: false, value: initial[c.field] ?? '' }])));
  const set = (field: string, p: Partial<EditField>) => setValues((v) => ({ ...v, [field]: { ...v[field]!, ...p } }));
  const ticked = columns.filter((c) => values[c.field]?.change).length;
  // A ticked required date still reading Select Date keeps Apply off.
  const missing = columns.some((c) => dateRequired(c, values[c.field]!) && validateDate(String(values[c.field]!.value) || null, true) !== null);
  const apply = () => ticked > 0 && !missing && onApply(values);

  return (
    <Dialog
      open
      title={title || intl.formatMessage(m.editCellsTitle)}
      onClose={onCancel}
      onEnter={apply}
      width={560}
      testId="grid-edit-cells"
      actions={
        <>
          <button type="button" className="its-btn its-btn--secondary" onClick={onCancel} data-testid="grid-edit-cancel">
            {intl.formatMessage(m.cancel)}
          </button>
          <button type="button" className="its-btn its-btn--primary" onClick={apply} disabled={ticked === 0 || missing} data-testid="grid-edit-apply">
            {intl.formatMessage(m.editApply)}
          </button>
        </>
      }
    >
      <p className="its-grid-edit__intro">{intl.formatMessage(m.editIntro, { rows })}</p>
      <div className="its-grid-edit__fields">
        {columns.map((col) => {
          const f = values[col.field]!;
          const label = header(col);
          return (
            <div key={col.field} className={`its-grid-edit__row${f.change ? ' is-on' : ''}`} data-testid={`grid-edit-field-${col.field}`}>
              <label className="its-grid-edit__check">
                <input type="checkbox" checked={f.change} onChange={(e) => set(col.field, { change: e.target.checked })} data-testid={`grid-edit-change-${col.field}`} aria-label={intl.formatMessage(m.editChange, { header: label })} />
                <span>{label}</span>
              </label>
              <FieldInput col={col} label={label} field={f} onChange={(value) => set(col.field, { value, change: true })} />
            </div>
          );
        })}
      </div>
      <p className="its-grid-edit__hint">{intl.formatMessage(m.editHint)}</p>
    </Dialog>
  );
}
