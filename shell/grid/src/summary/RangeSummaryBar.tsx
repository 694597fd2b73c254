/** The status bar's summary of the selected range (count, empty, filled, unique; sum, average, min, max of numbers). */
import { defineMessages, useIntl } from 'react-intl';
import type { RangeSummary } from './rangeSummary';

const msg = defineMessages({
  label: { id: 'grid.summary.label', defaultMessage: 'Summary of the selected cells' },
  count: { id: 'grid.summary.count', defaultMessage: 'Count' },
  empty: { id: 'grid.summary.empty', defaultMessage: 'Empty' },
  filled: { id: 'grid.summary.filled', defaultMessage: 'Filled' },
  unique: { id: 'grid.summary.unique', defaultMessage: 'Unique' },
  sum: { id: 'grid.summary.sum', defaultMessage: 'Sum' },
  avg: { id: 'grid.summary.avg', defaultMessage: 'Average' },
  min: { id: 'grid.summary.min', defaultMessage: 'Min' },
  max: { id: 'grid.summary.max', defaultMessage: 'Max' },
});

type Figure = keyof typeof msg & keyof RangeSummary;

const COUNTS: Figure[] = ['count', 'empty', 'filled', 'unique'];
const NUMBERS: Figure[] = ['sum', 'avg', 'min', 'max'];

export function RangeSummaryBar({ summary }: { summary: RangeSummary }) {
  const intl = useIntl();
  const figures = summary.numbers > 0 ? [...COUNTS, ...NUMBERS] : COUNTS;
  return (
    <dl className="its-grid-summary" data-testid="grid-range-summary" aria-label={intl.formatMessage(msg.label)} aria-live="polite">
      {figures.map((f) => (
        <div key={f} className="its-grid-summary__item" data-figure={f} data-value={summary[f] ?? ''}>
          <dt>{intl.formatMessage(msg[f])}</dt>
          <dd>{intl.formatNumber(summary[f] ?? 0, { maximumFractionDigits: 2 })}</dd>
        </div>
      ))}
    </dl>
  );
}
