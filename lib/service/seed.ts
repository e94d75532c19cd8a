import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { deployments, structures, structureVersions } from '@/lib/db/schema/service';
import { addStructureVersion, createDeployment } from '@/lib/service/deployments';
import { seedStructures } from '@/lib/service/structures';

/** Stable ids, so the README, the CLI and tests can name the seeded deployments. */
export const SEEDED = {
  invoice: {
    structureId: '686efa4b-90ad-4c40-a985-b9805fba6652',
    deploymentId: 'e1a96427-7d36-457a-bdbf-85f8f35aa6e8',
    deploymentName: 'Invoices',
  },
  receipt: {
    structureId: '53ac380c-9ae7-4c6a-b741-c692d530d4aa',
    deploymentId: '56a57c24-1b9e-4ece-a306-5abf7808ed62',
    deploymentName: 'Receipts',
  },
  purchase_order: {
    structureId: '2fbc2eb8-8035-4fd7-b199-ed173bcf7f01',
    deploymentId: '8f81738a-031f-4c66-88a0-4acbd102d1d8',
    deploymentName: 'Purchase orders',
  },
  bank_statement: {
    structureId: '65ab5701-b415-4617-b658-ff4c2f50aee1',
    deploymentId: '4cfcc7b7-72a1-4396-80fc-6c3ff70ee6d7',
    deploymentName: 'Bank statements',
  },
} as const;

/**
 * Seeds each structure as version 1 with a deployment offered to every account; idempotent. On
 * every start the seeded version 1 gets the current hints.
 */
export async function seedService(db: Db): Promise<void> {
  for (const seed of seedStructures) {
    const ids = SEEDED[seed.key];
    const [existing] = await db
      .select({ id: structures.id })
      .from(structures)
      .where(eq(structures.id, ids.structureId));
    if (!existing) {
      await addStructureVersion(db, {
        structureId: ids.structureId,
        name: seed.name,
        schema: seed.schema,
        hints: seed.hints,
      });
    } else {
      // The seeded version's hints are the engine's (labels in more languages, new fallbacks):
      // they follow the code, so an existing install reads as well as a new one. The schema —
      // the entries' shape — never changes here.
      await db
        .update(structureVersions)
        .set({ hints: seed.hints })
        .where(and(eq(structureVersions.structureId, ids.structureId), eq(structureVersions.version, 1)));
    }
    const [deployment] = await db
      .select({ id: deployments.id })
      .from(deployments)
      .where(eq(deployments.id, ids.deploymentId));
    if (!deployment) {
      await createDeployment(db, {
        id: ids.deploymentId,
        name: ids.deploymentName,
        structureId: ids.structureId,
        structureVersion: 1,
      });
    }
  }
}
