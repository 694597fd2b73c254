import { describe, expect, it } from 'vitest';
import { defaultFigure, figureValue, figuresFor, firstFigure, summaryBody } from './footer';

describe('footer figures', () => {
  it('offers the number figures only on number columns', () => {
    expect(figuresFor('text')).toEqual(['count', 'empty', 'filled', 'unique']);
    expect(figuresFor('integer')).toEqual(['count', 'empty', 'filled', 'unique', 'sum', 'avg', 'min', 'max']);
    expect(figuresFor('number')).toContain('avg');
    expect(figuresFor('date')).not.toContain('sum');
  });

  it('shows the sum of numbers and the filled cells of others until the user picks', () => {
    expect(defaultFigure('number')).toBe('sum');
    expect(defaultFigure('integer')).toBe('sum');
    expect(defaultFigure('list')).toBe('filled');
    expect(defaultFigure(undefined)).toBe('filled');
    expect(firstFigure({ type: 'integer' })).toBe('sum');
    expect(firstFigure({ type: 'integer', footerFigure: 'unique' })).toBe('unique');
  });

  it('builds the summary call from the export body: same filters and query, its columns as fields', () => {
    const body = summaryBody(
      {
        columns: [{ field: 'style', headerName: 'Style' }, { field: 'wholesalePrice' }, { field: 'thumbnail' }],
        filters: { division: ['Work'] },
        query: { text: 'boot' },
        where: { field: 'season', op: 'eq', value: 'SP' },
        sort: [{ field: 'style', dir: 'asc' }],
        groupBy: ['gender'],
        fileName: 'x',
      },
      { style: 'unique', wholesalePrice: 'sum' },
    );
    expect(body).toEqual({
      filters: { division: ['Work'] },
      query: { text: 'boot' },
      where: { field: 'season', op: 'eq', value: 'SP' },
      fields: ['style', 'wholesalePrice'],
      aggregates: { style: ['unique'], wholesalePrice: ['sum'] },
    });
  });

  it('asks nothing when no column has a figure', () => {
    expect(summaryBody({ columns: [{ field: 'thumbnail' }], filters: {} }, {})).toBeNull();
    expect(summaryBody({ filters: {} }, { style: 'count' })).toBeNull();
  });

  it('reads a figure, null when the answer has none', () => {
    expect(figureValue({ count: 3, empty: 1, filled: 2, sum: 10.5 }, 'sum')).toBe(10.5);
    expect(figureValue({ count: 0, empty: 0, filled: 0, sum: null }, 'sum')).toBeNull();
    expect(figureValue({ count: 3, empty: 1, filled: 2 }, 'unique')).toBeNull();
    expect(figureValue(undefined, 'count')).toBeNull();
  });
});
