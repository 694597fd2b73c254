import { describe, expect, it } from 'vitest';
import { ApiError } from '@its/kit';
import type { Asset } from './api/types';
import { groupAssets } from './browse/BrowsePage';
import { facetsOf, readFilters } from './browse/hooks';
import { downloadName, formatBytes } from './format';
import { publishProblem } from './manage/ManageList';
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
  it('counts the values the items use', () => {
    const f = facetsOf([asset('1', { gender: 'Mens' }), asset('2', { gender: 'Mens' }), asset('3', { gender: 'Kids' })], ['gender']);
    expect(f.gender).toEqual([
      { value: 'Kids', count: 1 },
      { value: 'Mens', count: 2 },
    ]);
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
  it('reads which fields a refused publication misses', () => {
    const e = new ApiError(400, {
      message: '"Hero" cannot be published: missing assetType, category',
      details: [{ field: 'assetType,category', rule: 'publish', message: '…' }],
    });
    expect(publishProblem(e, [asset('a1', { name: 'Hero' })], ['a1'])).toEqual({ id: 'a1', name: 'Hero', fields: ['assetType', 'category'] });
    expect(publishProblem(new ApiError(400, { message: 'name cannot be cleared', details: [{ field: 'name', rule: 'notClearable' }] }), [], [])).toBeNull();
  });
  it('maps upload refusals onto clear reasons', () => {
    expect(refusal(new ApiError(409, { details: { errorType: 'duplicateFilename' } }), 'create')?.code).toBe('duplicate');
    expect(refusal(new ApiError(400, { details: [{ field: 'filename', rule: 'fileType' }] }), 'create')?.code).toBe('fileType');
    expect(refusal(new ApiError(400, { details: [{ field: 'filename', rule: 'fileType' }] }), 'complete')?.code).toBe('content');
    expect(refusal(new ApiError(400, { details: [{ field: 'fileSize', rule: 'max' }] }), 'create')?.code).toBe('tooLarge');
    expect(refusal(new Error('x'), 'create')).toBeNull();
  });
});
