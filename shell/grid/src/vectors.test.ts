/**
 * The shared cell vectors (testdata/vectors/cells.json and the generated cases): the server's
 * core/grid tests read the same files, so the kit and the server cannot drift apart.
 */
import { describe, expect, it } from 'vitest';
import cells from '../../../testdata/vectors/cells.json';
import generated from '../../../testdata/vectors/generated.json';
import rounding from '../../../testdata/vectors/rounding.json';
import { Dec, quotient, roundHalfUp } from './decimal';
import { applyRules, type CellContext } from './rules';
import type { GridColumn } from './types';

interface CellCase {
  field: string;
  input: unknown;
  ctx?: string;
  want?: unknown;
  rule?: string;
  error?: string;
  note?: string;
}

type ColumnSpec = { header: string; type: string; validators?: string[]; options?: string[]; required?: boolean };

const columns: Record<string, GridColumn> = Object.fromEntries(
  Object.entries(cells.columns as Record<string, ColumnSpec>).map(([field, c]) => [
    field,
    {
      field,
      headerName: c.header,
      type: c.type as GridColumn['type'],
      editable: true,
      editableWhen: 'always',
      validators: c.validators ?? [],
      ...(c.options ? { options: c.options } : {}),
      ...(c.required ? { required: true } : {}),
    },
  ]),
);

function runCells(cases: CellCase[]) {
  for (const c of cases) {
    const col = columns[c.field];
    if (!col) throw new Error(`no column ${c.field}`);
    const ctx: CellContext = c.ctx === 'add' ? { isNew: true } : c.ctx === 'pending' ? { pending: true } : {};
    const got = applyRules(col, c.input, ctx);
    const label = `${c.field} ${JSON.stringify(c.input)}`;
    if (c.error) expect(got, label).toEqual(expect.objectContaining({ ok: false, rule: c.rule, messageKey: c.error }));
    else expect(got, label).toEqual({ ok: true, value: c.want });
  }
}

interface RoundCase {
  n: number;
  places: number;
  want: number;
}
interface QuotientCase {
  a: number;
  b: number;
  places: number;
  want: number;
}

function runRounding(round: RoundCase[], quotients: QuotientCase[]) {
  for (const c of round) expect(roundHalfUp(c.n, c.places), `${c.n} to ${c.places}`).toBe(c.want);
  for (const c of quotients) expect(quotient(new Dec(c.a), new Dec(c.b), c.places), `${c.a} / ${c.b} to ${c.places}`).toBe(c.want);
}

describe('shared vectors', () => {
  it('cells.json: every cell rule as the server runs it', () => runCells(cells.cases as CellCase[]));
  it('rounding.json: half-up on the decimal digits, negatives symmetric', () => runRounding(rounding.round, rounding.quotient));
  it('generated.json: thousands of cases from exact decimal arithmetic', () => {
    expect(generated.round.length + generated.quotient.length + generated.cells.length).toBeGreaterThan(2000);
    runRounding(generated.round, generated.quotient);
    runCells(generated.cells as CellCase[]);
  });
});
