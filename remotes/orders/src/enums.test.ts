import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { enums } from '@its/kit';
import ja from './i18n/ja-JP.json';
import { approvalStatusLabels, enumFormatter, enumLabel, lineStatusLabels, orderStatusLabels, productTypeLabels } from './enums';

const intl = createIntl({ locale: 'ja-JP', messages: ja as Record<string, string>, onError: () => {} });

describe('order enumerations', () => {
  it('word every value of the manifest’s enumerations, in Japanese too', () => {
    const sets = [
      [enums.orders.orderStatuses, orderStatusLabels],
      [enums.orders.approvalStatuses, approvalStatusLabels],
      [enums.orders.lineStatuses, lineStatusLabels],
      [enums.orders.productTypes, productTypeLabels],
    ] as const;
    for (const [values, labels] of sets) {
      expect(Object.keys(labels)).toEqual([...values]);
      for (const v of values) expect(enumLabel(intl, labels, v)).not.toBe(v);
    }
    expect(enumLabel(intl, orderStatusLabels, 'IN PROGRESS')).toBe('処理中');
  });

  it('show a value no message words as it is, and nothing for an empty cell', () => {
    expect(enumLabel(intl, orderStatusLabels, 'SHIPPED')).toBe('SHIPPED');
    expect(enumLabel(intl, orderStatusLabels, 'constructor')).toBe('constructor');
    expect(enumFormatter(intl, productTypeLabels)({ value: 'All' })).toBe('すべて');
    expect(enumFormatter(intl, productTypeLabels)({ value: null })).toBe('');
  });
});
