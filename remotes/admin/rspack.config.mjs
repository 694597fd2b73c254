// The admin module's remote (build conventions in @its/kit/build/rspack.mjs).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@its/kit/build/rspack.mjs';

export default await remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  id: 'admin',
  grid: true, // the reference data pages are grids (@its/grid and ag-grid as shared singletons)
  exposes: { './Users': './src/users/UsersPage.tsx', './Outbox': './src/mail/OutboxPage.tsx', './Audit': './src/audit/AuditPage.tsx',
    './Policies': './src/policies/GrantsPage.tsx',
    './PolicyRego': './src/policies/RegoPage.tsx',
    './PolicySimulator': './src/policies/SimulatorPage.tsx',
    './PolicyHistory': './src/policies/HistoryPage.tsx',
    './Plugins': './src/plugins/PluginsPage.tsx',
    './CrmOutbox': './src/crm/CrmOutboxPage.tsx',
    './ReferenceData': './src/data/ReferenceDataPage.tsx',
  },
});
