import { describe, expect, it } from 'vitest';
import { ApiError } from '@its/kit';
import { detailLine, errorLines } from './errors';

const translate = (code: string) => (code === 'ITS_ERR_FORBIDDEN' ? 'Not allowed' : null);

describe('the order message-code translator', () => {
  it('words each detail on its own line: a known code, style/color: message, or the message', () => {
    const e = new ApiError(400, {
      message: 'Validation failed',
      messageCode: 'ITS_ERR_VALIDATION',
      details: [{ messageCode: 'ITS_ERR_FORBIDDEN', message: 'x' }, { style: '10306', color: 'BLK', message: 'Style is not available' }, { field: 'approverCode', message: 'A promo order needs an approver' }],
    });
    expect(errorLines(e, translate)).toEqual(['Not allowed', '10306/BLK: Style is not available', 'A promo order needs an approver']);
  });

  it('falls back to the translated code, then the message, when no detail says more', () => {
    expect(errorLines(new ApiError(403, { message: 'Forbidden', messageCode: 'ITS_ERR_FORBIDDEN' }), translate)).toEqual(['Not allowed']);
    expect(errorLines(new ApiError(409, { message: 'Changed', messageCode: 'ITS_ERR_CONFLICT', details: { errorType: 'userLock' } }), translate)).toEqual(['Changed']);
    expect(errorLines(new Error('boom'), translate)).toEqual(['boom']);
  });

  it('names a style without a colour alone', () => {
    expect(detailLine({ style: '10306', message: 'Unknown style' }, translate)).toBe('10306: Unknown style');
  });
});
