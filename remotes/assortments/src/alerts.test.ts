import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import de from './i18n/de-DE.json';
import ja from './i18n/ja-JP.json';
import { alertText, alertsByProduct, rowAlertTexts } from './alerts';

const en = createIntl({ locale: 'en-US', onError: () => undefined });
const deIntl = createIntl({ locale: 'de-DE', messages: de });
const jaIntl = createIntl({ locale: 'ja-JP', messages: ja });

describe('alerts in the user language', () => {
  const discontinued = { style: '100513', color: 'BLU', type: 'discontinued', params: { location: 'US' }, message: 'Discontinued in US', createdDate: '2026-01-02T00:00:00Z' };

  it('formats known types from type and params', () => {
    expect(alertText(en, discontinued)).toBe('Discontinued in US');
    expect(alertText(deIntl, discontinued)).toBe('Eingestellt in US');
    expect(alertText(jaIntl, discontinued)).toBe('US で廃番');
  });

  it('falls back to the message for unknown types, missing params and plain texts', () => {
    expect(alertText(deIntl, { type: 'priceChanged', params: { from: 1, to: 2 }, message: 'Price changed from 1 to 2' })).toBe('Price changed from 1 to 2');
    expect(alertText(deIntl, { type: 'discontinued', message: 'Discontinued in EU' })).toBe('Discontinued in EU');
    expect(alertText(deIntl, { type: 'toString', message: 'Odd' })).toBe('Odd');
    expect(alertText(deIntl, 'Discontinued in US')).toBe('Discontinued in US');
  });

  it("translates a row's text alerts through the assortment's typed ones of the same product", () => {
    const byProduct = alertsByProduct([discontinued]);
    const text = (a: Parameters<typeof alertText>[1]) => alertText(deIntl, a);
    expect(rowAlertTexts({ style: '100513', color: 'BLU', alerts: ['Discontinued in US'] }, byProduct, text)).toEqual(['Eingestellt in US']);
    expect(rowAlertTexts({ style: '100513', color: 'RED', alerts: ['Discontinued in US'] }, byProduct, text)).toEqual(['Discontinued in US']);
    expect(rowAlertTexts({ style: '1', color: 'X', alerts: [{ type: 'discontinued', params: { location: 'CA' }, message: '' }] }, byProduct, text)).toEqual(['Eingestellt in CA']);
    expect(rowAlertTexts({ style: '1', color: 'X', alerts: [] }, byProduct, text)).toEqual([]);
  });
});
