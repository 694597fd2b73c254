import { describe, expect, it } from 'vitest';
import { notesFor } from './RegoPage';
import { refusal } from './ReportView';
import type { Report } from './api';

const report: Report = {
  ok: false,
  errors: [
    { file: 'a.rego', row: 4, message: 'rego_unsafe_var_error: var x is unsafe' },
    { file: 'b.rego', row: 2, message: 'elsewhere' },
    { message: 'no place' },
  ],
  tests: [
    { name: 'data.its.tests.a.test_a_allow', file: 'a_test.rego', row: 7, passed: false, message: 'failed' },
    { name: 'data.its.tests.a.test_a_deny', file: 'a_test.rego', row: 9, passed: true },
  ],
  failed: ['data.its.tests.a.test_a_allow'],
};

describe('the Rego editor notes', () => {
  it('puts each compile error and failing test on its file and line', () => {
    expect(notesFor(report, 'a.rego')).toEqual([{ row: 4, message: 'rego_unsafe_var_error: var x is unsafe', severity: 'error' }]);
    expect(notesFor(report, 'a_test.rego')).toEqual([{ row: 7, message: 'test_a_allow: failed', severity: 'warning' }]);
    expect(notesFor(null, 'a.rego')).toEqual([]);
  });
});

describe('a refused save', () => {
  it('names the failing tests, with their place when the report has it', () => {
    const r = refusal({ errors: [], failed: ['data.x.test_known', 'data.x.test_unlisted'], tests: [{ name: 'data.x.test_known', file: 'x_test.rego', row: 3, passed: false }] });
    expect(r?.failed.map((t) => [t.name, t.row])).toEqual([
      ['data.x.test_known', 3],
      ['data.x.test_unlisted', 0],
    ]);
    expect(refusal(undefined)).toBeNull();
  });
});
