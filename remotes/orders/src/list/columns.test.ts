import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { groupText } from '@its/grid';
import ja from '../i18n/ja-JP.json';
import { listExtras } from './columns';

describe('order list columns', () => {
  it('word the group rows of the enumeration columns in the user language', () => {
    const intl = createIntl({ locale: 'ja-JP', defaultLocale: 'en-US', messages: ja as Record<string, string> });
    const extras = listExtras('promos', intl);
    expect(groupText(extras, 'status', 'REQUIRES APPROVER')).toBe('承認者の承認待ち');
    expect(groupText(extras, 'orderApprovalStatus', 'REVIEW COMPLETE')).toBe('レビュー完了');
    expect(groupText(extras, 'productType', 'Footwear')).toBe('フットウェア');
    // A value no message words stays as it is.
    expect(groupText(extras, 'status', 'SOMETHING NEW')).toBe('SOMETHING NEW');
  });
});
