import { describe, expect, it } from 'vitest';
import { ApiError } from '@its/kit';
import type { Asset } from './api/types';
import { groupAssets } from './browse/BrowsePage';
import { readFilters } from './browse/hooks';
import { downloadName, formatBytes } from './format';
import { publishProblem, statusMoves, statusTargets, withoutPublish } from './manage/status';
import { refusal } from './transfer/uploadTransport';

const asset = (id: string, fields: Partial<Asset>): Asset => ({ _id: id, libraryType: 'StepAsset', status: 'Published', modifiedDate: '', locations: [], files: [], ...fields });

describe('file sizes', () => {
  it('steps by 1024 with 2 decimals', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1536)).toBe('1.50 kB');
    expect(formatBytes(10_485_760)).toBe('10.00 MB');
    expect(formatBytes(21_474_836_480)).toBe('20.00 GB');
    expect(formatBytes(1536, 'de-DE')).toBe('1,50 kB');
  });
  it('download names have underscores for spaces', () => {
    expect(downloadName('advertisingAsset collection.zip')).toBe('advertisingAsset_collection.zip');
  });
});

describe('filters in the URL', () => {
  it('reads the library filters, with defaults that an empty value switches off', () => {
    expect(readFilters(new URLSearchParams('gender=Mens,Womens&q=x&other=1'), ['gender', 'lang'])).toEqual({ gender: ['Mens', 'Womens'] });
    expect(readFilters(new URLSearchParams(''), ['lang'], { lang: 'English' })).toEqual({ lang: ['English'] });
    expect(readFilters(new URLSearchParams('lang='), ['lang'], { lang: 'English' })).toEqual({});
  });
});

describe('STEP grouping', () => {
  it('groups by asset type, then gender, with empty groups last', () => {
    const groups = groupAssets(
      [asset('1', { assetType: 'Quiz', gender: 'Mens' }), asset('2', { assetType: 'Product Training', gender: 'Kids' }), asset('3', { assetType: '', gender: 'Mens' }), asset('4', { assetType: 'Quiz', gender: 'Kids' })],
      ['assetType', 'gender'],
    );
    expect(groups.map((g) => [g.title, g.children.map((c) => `${c.title}:${c.assets.map((a) => a._id).join('')}`)])).toEqual([
      ['Product Training', ['Kids:2']],
      ['Quiz', ['Kids:4', 'Mens:1']],
      ['', ['Mens:3']],
    ]);
  });
});

describe('server refusals', () => {
  it('reads which fields a refused publication misses, and leaves the other refusals to the grid', () => {
    const msg = '"Hero" cannot be published: missing assetType, category';
    const e = new ApiError(400, {
      message: msg,
      messageCode: 'ITS_ERR_VALIDATION',
      details: [
        { op: 'update', index: 1, id: 'a1', field: 'assetType', rule: 'publish', message: msg },
        { op: 'update', index: 1, id: 'a1', field: 'category', rule: 'publish', message: msg },
        { op: 'update', index: 0, id: 'a2', field: 'gender', rule: 'list', message: "'Aliens' is not a valid Gender" },
      ],
    });
    expect(publishProblem(e)).toEqual({ id: 'a1', name: 'Hero', fields: ['assetType', 'category'] });
    const rest = withoutPublish(e);
    expect(rest.status).toBe(400);
    expect(rest.details).toEqual([{ op: 'update', index: 0, id: 'a2', field: 'gender', rule: 'list', message: "'Aliens' is not a valid Gender" }]);
    expect(rest.message).toBe("'Aliens' is not a valid Gender");
    // Without a quoted name the grid's row names the item.
    const bare = new ApiError(400, { message: 'x', details: [{ id: 'a3', field: 'file', rule: 'publish', message: 'missing primary file' }] });
    expect(publishProblem(bare, (id) => (id === 'a3' ? 'Window graphic' : undefined))).toEqual({ id: 'a3', name: 'Window graphic', fields: ['file'] });
    expect(publishProblem(new ApiError(400, { message: 'Name cannot be cleared', details: [{ id: 'a1', field: 'name', rule: 'nonClearable' }] }))).toBeNull();
    expect(publishProblem(new ApiError(409, { details: { errorType: 'userLock' } }))).toBeNull();
  });
  it('knows which edits move items (they are confirmed first) and what a batch moved', () => {
    expect(statusTargets([{ field: 'name', before: 'a', after: 'b' }])).toEqual([]);
    expect(statusTargets([{ field: 'status', before: 'Pending', after: 'Published' }, { field: 'status', before: 'Pending', after: 'Published' }, { field: 'name', before: 'a', after: 'b' }])).toEqual(['Published']);
    expect(statusTargets([{ field: 'status', before: 'Pending', after: 'Pending' }, { field: 'status', before: 'Pending', after: 'Nope' }])).toEqual([]);
    expect(
      statusMoves({
        update: [
          { id: '1', version: 1, changes: { status: 'Published' } },
          { id: '2', version: 3, changes: { status: 'Published', name: 'x' } },
          { id: '3', version: 1, changes: { name: 'y' } },
        ],
        delete: [{ id: '4', version: 2 }],
      }),
    ).toEqual([
      { status: 'Published', count: 2 },
      { status: 'Deleted', count: 1 },
    ]);
  });
  it('maps upload refusals onto clear reasons', () => {
    expect(refusal(new ApiError(409, { details: { errorType: 'duplicateFilename' } }), 'create')?.code).toBe('duplicate');
    expect(refusal(new ApiError(400, { details: [{ field: 'filename', rule: 'fileType' }] }), 'create')?.code).toBe('fileType');
    expect(refusal(new ApiError(400, { details: [{ field: 'filename', rule: 'fileType' }] }), 'complete')?.code).toBe('content');
    expect(refusal(new ApiError(400, { details: [{ field: 'fileSize', rule: 'max' }] }), 'create')?.code).toBe('tooLarge');
    expect(refusal(new Error('x'), 'create')).toBeNull();
  });
});
