/** A refused or checked policy set: its compile errors (file and line) and its failing tests. */
import { FormattedMessage } from 'react-intl';
import { Icon } from '@its/kit';
import type { CompileError, TestResult } from './api';

export function ReportView({ errors, failed }: { errors: CompileError[]; failed: TestResult[] }) {
  if (errors.length === 0 && failed.length === 0) return null;
  return (
    <div className="pol-report" data-testid="policy-report" role="alert">
      {errors.length > 0 && (
        <>
          <h3 className="pol-report__title">
            <Icon name="error" size={16} />
            <FormattedMessage id="admin.policies.report.errors" defaultMessage="{count, plural, one {# compile error} other {# compile errors}}" values={{ count: errors.length }} />
          </h3>
          <ul className="pol-report__list">
            {errors.map((e, i) => (
              <li key={i} data-testid="policy-compile-error">
                {e.file && (
                  <code className="pol-report__where">
                    {e.file}
                    {e.row ? `:${e.row}` : ''}
                  </code>
                )}{' '}
                {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <>
          <h3 className="pol-report__title">
            <Icon name="warning" size={16} />
            <FormattedMessage id="admin.policies.report.failed" defaultMessage="{count, plural, one {# test fails} other {# tests fail}}" values={{ count: failed.length }} />
          </h3>
          <ul className="pol-report__list">
            {failed.map((t) => (
              <li key={t.name} data-testid="policy-failed-test">
                <code className="pol-report__where">
                  {t.file}:{t.row}
                </code>{' '}
                <strong>{t.name.split('.').pop()}</strong>
                {t.message && <span className="adm-muted"> — {t.message}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The errors and failing tests a 422 of a save carries. */
export function refusal(details: unknown): { errors: CompileError[]; failed: TestResult[] } | null {
  if (!details || typeof details !== 'object') return null;
  const d = details as { errors?: CompileError[]; failed?: string[]; tests?: TestResult[] };
  const failedNames = new Set(d.failed ?? []);
  const failed = (d.tests ?? []).filter((t) => failedNames.has(t.name) || !t.passed);
  for (const n of failedNames) if (!failed.some((t) => t.name === n)) failed.push({ name: n, file: '', row: 0, passed: false });
  return { errors: d.errors ?? [], failed };
}
