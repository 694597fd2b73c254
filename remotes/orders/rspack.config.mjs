// The orders module's remote: order lists, order details, coordinator assignments (build
// conventions in @its/kit/build/rspack.mjs). Lines are edited in the grid kit (@its/grid).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@its/kit/build/rspack.mjs';

export default await remoteConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  id: 'orders',
  exposes: {
    './OrderList': './src/exposes/OrderList.tsx',
    './OrderDetail': './src/exposes/OrderDetail.tsx',
    './CoordinatorAssignments': './src/exposes/CoordinatorAssignments.tsx',
    './CreateFromAssortment': './src/exposes/CreateFromAssortment.tsx',
  },
  grid: true,
});
