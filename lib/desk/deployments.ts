import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { deployments } from '@/lib/db/schema/desk';
import type { ExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

export type DeskDeployment = typeof deployments.$inferSelect;

export async function listDeskDeployments(db: Db): Promise<DeskDeployment[]> {
  return db.select().from(deployments).orderBy(asc(deployments.name));
}

export async function findDeskDeployment(db: Db, id: string): Promise<DeskDeployment | null> {
  const [row] = await db.select().from(deployments).where(eq(deployments.id, id));
  return row ?? null;
}

/**
 * Fills the registry from the service's `GET /v3/deployments` extension. A service without
 * it answers 404: then the registry holds what an admin entered, and `false` says so.
 */
export async function syncDeploymentsFromService(db: Db, client: ExtractionClient): Promise<boolean> {
  let listed: Awaited<ReturnType<ExtractionClient['listDeployments']>>;
  try {
    listed = await client.listDeployments();
  } catch (error) {
    if (error instanceof ExtractionApiError && error.status === 404) return false;
    throw error;
  }
  for (const d of listed.deployments) {
    const schema = await client
      .getStructureVersion(d.resource_id, d.version)
      .then((s) => s.schema)
      .catch(() => null);
    const values = {
      name: d.name,
      structureId: d.resource_id,
      structureVersion: d.version,
      schema,
      source: 'service' as const,
      updatedAt: new Date(),
    };
    await db
      .insert(deployments)
      .values({ id: d.id, ...values })
      .onConflictDoUpdate({ target: deployments.id, set: values });
  }
  return true;
}
