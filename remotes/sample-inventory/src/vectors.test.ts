/**
 * The sample inventory cases of spec §5.5 (testdata/vectors/sampleinventory.json), which the
 * server's tests send to the real validate call. Here the grid kit, given the schemas the server
 * serves, must refuse the same cells with the same rule and message and keep the same values, so
 * what a user types is judged alike before and after it is sent.
 */
import { describe, expect, it } from 'vitest';
import { applyRules, fillMessage, type GridColumn } from '@its/grid';
import schemas from '../../../testdata/vectors/sampleinventory.schema.json';
import vectors from '../../../testdata/vectors/sampleinventory.json';

interface Case {
  note: string;
  library: 'Production' | 'Sales';
  rows: Array<Record<string, unknown>>;
  empty?: boolean;
  want?: Array<{ ignored?: boolean; errors?: Array<{ field: string; errorType: string; message: string }>; values?: Record<string, unknown> }>;
}

/** Rules only the server can judge: required across the row, and identity against other rows. */
const ROW_RULES = new Set(['notblank', 'duplicate', 'sampleExists']);

describe('sample inventory vectors: the kit judges cells as the validate call does', () => {
  for (const c of vectors.cases as unknown as Case[]) {
    if (c.empty) continue;
    it(c.note, () => {
      const schema = (schemas as unknown as Record<string, { columns: GridColumn[]; messages: Record<string, string> }>)[c.library]!;
      const column = (f: string) => schema.columns.find((col) => col.field === f);
      c.want!.forEach((want, i) => {
        if (want.ignored) return;
        const row = c.rows[i]!;
        const refused = new Set<string>();
        for (const e of want.errors ?? []) {
          if (ROW_RULES.has(e.errorType)) continue;
          refused.add(e.field);
          const col = column(e.field)!;
          const got = applyRules(col, row[e.field], { isNew: true });
          if (got.ok) throw new Error(`${e.field} ${JSON.stringify(row[e.field])}: the kit keeps ${JSON.stringify(got.value)}`);
          expect(got.rule).toBe(e.errorType);
          expect(fillMessage(schema.messages[got.messageKey]!, { header: col.headerName, value: got.input.trim() })).toBe(e.message);
        }
        for (const [f, v] of Object.entries(row)) {
          const col = column(f);
          if (!col?.editable || refused.has(f) || (want.errors ?? []).some((e) => e.field === f)) continue;
          const got = applyRules(col, v, { isNew: true });
          expect(got, `${f} ${JSON.stringify(v)}`).toEqual(expect.objectContaining({ ok: true }));
          if (got.ok && want.values && f in want.values) expect(got.value).toEqual(want.values[f]);
        }
      });
    });
  }
});
