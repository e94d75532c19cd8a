import { batchRoutes } from '@/lib/service/routes/batches';
import { correctionRoutes } from '@/lib/service/routes/corrections';
import { deploymentRoutes } from '@/lib/service/routes/deployments';
import { documentRoutes } from '@/lib/service/routes/documents';
import { entryRoutes } from '@/lib/service/routes/entries';
import type { ServiceRoutes } from '@/lib/service/routes/resource';
import { structureRoutes } from '@/lib/service/routes/structures';

/** Every resource of the v3 service; the app registers them and /v3/openapi.json lists their paths. */
export const serviceRoutes: ServiceRoutes[] = [
  deploymentRoutes,
  batchRoutes,
  entryRoutes,
  correctionRoutes,
  documentRoutes,
  structureRoutes,
];
