import { describe, expect, it } from 'vitest';
import { ApiError } from '@its/kit';
import { refusedAdds } from './PasteStylesDialog';

const refusal = (details: unknown[]) => new ApiError(400, { message: 'x', messageCode: 'ITS_ERR_VALIDATION', details } as never);

describe('a paste the server refuses in part', () => {
  it('maps each refused added line by its tempId', () => {
    const r = refusedAdds(refusal([{ op: 'add', index: 1, tempId: 'paste-1', field: 'style', message: 'No style/color data found' }]));
    expect([...(r ?? new Map()).keys()]).toEqual(['paste-1']);
    expect(r?.get('paste-1')?.message).toBe('No style/color data found');
  });

  it('is not a partial refusal when a detail names no added line, or the failure is not a 400', () => {
    expect(refusedAdds(refusal([{ op: 'update', index: 0, id: 'l1', message: 'bad' }]))).toBeNull();
    expect(refusedAdds(refusal([]))).toBeNull();
    expect(refusedAdds(new ApiError(409, { message: 'stale' } as never))).toBeNull();
    expect(refusedAdds(new Error('network'))).toBeNull();
  });
});
