/**
 * /product/libraries/samples: production when the user may see it, else sales, else the
 * logged-in default (spec §2.1).
 */
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { Spinner, actions, authzCheck, useDecisions, useShell, type AuthzCheck } from '@its/kit';
import { PATHS } from './api';

export function landingPath(production: boolean, sales: boolean, fallback: string): string {
  if (production) return PATHS.Production;
  if (sales) return PATHS.Sales;
  return fallback;
}

export default function Landing() {
  const { defaultPath } = useShell();
  const checks = useMemo<AuthzCheck[]>(
    () => [
      authzCheck(actions.sampleInventoryView, { library: 'Production' }),
      authzCheck(actions.sampleInventoryView, { library: 'Sales' }),
    ],
    [],
  );
  const d = useDecisions(checks);
  if (d.loading) {
    return (
      <div className="shell-route-loading" data-testid="samples-landing">
        <Spinner size={28} />
      </div>
    );
  }
  return <Navigate to={landingPath(d.allowed[0] === true, d.allowed[1] === true, defaultPath)} replace />;
}
