/**
 * The kit's date picker (product spec §5.3): a button reading 'Select Date' until a date is
 * picked, then the date as MM/DD/YYYY (a range as two dates joined with " - "); a calendar
 * (react-day-picker) in a popover. Values are YYYY-MM-DD strings, as the server stores them.
 * A required picker fails with 'Required' while it still reads Select Date. In range mode a
 * selection left incomplete (one day picked) when the calendar closes reverts to the previous value.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { DayPicker, type DateRange } from 'react-day-picker';
import { de, enUS, es, fr, it, ja, pl, ptBR } from 'react-day-picker/locale';
import { Icon } from './Icon';

/** A single date (YYYY-MM-DD), a range [from, to] (an incomplete one has fewer dates), or none. */
export type DateValue = string | string[] | null;

export const datePickerMessages = defineMessages({
  placeholder: { id: 'kit.date.select', defaultMessage: 'Select Date' },
  required: { id: 'kit.date.required', defaultMessage: 'Required' },
  clear: { id: 'kit.date.clear', defaultMessage: 'Clear' },
});

const LOCALES = { 'de-DE': de, 'es-ES': es, 'fr-FR': fr, 'it-IT': it, 'ja-JP': ja, 'pl-PL': pl, 'pt-BR': ptBR } as const;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD string as a local date, or null when it is not one. */
export function parseDate(s: string | null | undefined): Date | null {
  const m = ISO.exec(s ?? '');
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
}

/** A local date as YYYY-MM-DD. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function mmddyyyy(s: string): string {
  const d = parseDate(s);
  return d ? `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}` : '';
}

/** What the picker shows: MM/DD/YYYY, a complete range joined with " - ", else '' (the placeholder). */
export function dateText(v: DateValue | undefined): string {
  if (Array.isArray(v)) {
    if (v.length !== 2) return '';
    const [a, b] = v.map(mmddyyyy);
    return a && b ? `${a} - ${b}` : '';
  }
  return v ? mmddyyyy(v) : '';
}

/** The rule of a picker: 'required' while a required one shows no date (an incomplete range included). */
export function validateDate(v: DateValue | undefined, required: boolean): 'required' | null {
  return required && dateText(v) === '' ? 'required' : null;
}

/** A range when the calendar closes: a complete one (in order), else the previous value. */
export function closeRange(draft: string[], previous: DateValue): DateValue {
  if (draft.length !== 2 || !parseDate(draft[0]) || !parseDate(draft[1])) return previous;
  return draft[0]! <= draft[1]! ? [draft[0]!, draft[1]!] : [draft[1]!, draft[0]!];
}

export interface DatePickerProps {
  /** 'single' (default): one date; 'range': a from and to date. */
  mode?: 'single' | 'range';
  value: DateValue;
  onChange: (value: DateValue) => void;
  required?: boolean;
  /** The accessible name (the field's label). */
  label: string;
  /** Shows the Required error only once the user tried (e.g. after a submit); default at once. */
  showError?: boolean;
  disabled?: boolean;
  /** The month the calendar opens on when there is no value (YYYY-MM-DD); default this month. */
  month?: string;
  id?: string;
  testId?: string;
}

export function DatePicker({ mode = 'single', value, onChange, required = false, label, showError = true, disabled, month, id, testId = 'date-picker' }: DatePickerProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // A range being picked: the days clicked since the calendar opened.
  const [draft, setDraft] = useState<string[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const errorId = useId();
  const text = dateText(value);
  const error = validateDate(value, required);
  const locale = LOCALES[intl.locale as keyof typeof LOCALES] ?? enUS;

  const close = () => {
    // An incomplete range reverts to the previous value: nothing is sent (spec §5.3).
    setOpen(false);
    setDraft([]);
  };

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) close();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const first = Array.isArray(value) ? value[0] : value;
  const defaultMonth = parseDate(first ?? '') ?? parseDate(month ?? '') ?? new Date();

  const pickDay = (day: Date) => {
    const iso = isoDate(day);
    if (mode === 'single') {
      onChange(iso);
      close();
      return;
    }
    const next = draft.length === 1 ? [draft[0]!, iso] : [iso];
    if (next.length === 2) {
      onChange(closeRange(next, value));
      close();
    } else setDraft(next);
  };

  const shownRange = (): DateRange | undefined => {
    const days = open && draft.length ? draft : Array.isArray(value) ? value : [];
    const from = parseDate(days[0]);
    if (!from) return undefined;
    return { from, to: parseDate(days[1]) ?? undefined };
  };

  return (
    <div className={`its-date${error && showError ? ' is-invalid' : ''}`} ref={box}>
      <div className="its-date__row">
        <button
          type="button"
          id={id}
          className={`its-input its-date__button${text ? '' : ' is-empty'}`}
          onClick={() => (open ? close() : setOpen(true))}
          disabled={disabled}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-label={`${label}: ${text || intl.formatMessage(datePickerMessages.placeholder)}`}
          aria-invalid={error && showError ? true : undefined}
          aria-describedby={error && showError ? errorId : undefined}
          data-testid={testId}
        >
          <span>{text || intl.formatMessage(datePickerMessages.placeholder)}</span>
          <Icon name="calendar" size={14} />
        </button>
        {!required && text && !disabled && (
          <button type="button" className="its-date__clear" onClick={() => onChange(null)} aria-label={`${intl.formatMessage(datePickerMessages.clear)}: ${label}`} data-testid={`${testId}-clear`}>
            <Icon name="close" size={12} />
          </button>
        )}
      </div>
      {error && showError && (
        <span id={errorId} className="its-field__error" role="alert" data-testid={`${testId}-error`}>
          {intl.formatMessage(datePickerMessages.required)}
        </span>
      )}
      {open && (
        <div
          className="its-date__popover"
          role="dialog"
          aria-label={label}
          data-testid={`${testId}-popover`}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              // Closes the calendar, not the dialog it is in.
              e.stopPropagation();
              e.preventDefault();
              close();
            }
          }}
        >
          {mode === 'single' ? (
            <DayPicker mode="single" locale={locale} defaultMonth={defaultMonth} selected={parseDate(first ?? '') ?? undefined} onSelect={(_, day) => pickDay(day)} autoFocus />
          ) : (
            <DayPicker mode="range" locale={locale} defaultMonth={defaultMonth} selected={shownRange()} onSelect={(_, day) => pickDay(day)} autoFocus />
          )}
        </div>
      )}
    </div>
  );
}
