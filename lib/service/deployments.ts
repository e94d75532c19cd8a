import { and, asc, eq, isNull, max, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { deploymentHistory, deployments, structures, structureVersions } from '@/lib/db/schema/service';
import type { StructureDefinition, StructureHints } from '@/lib/service/engine/types';

export interface DeploymentRecord {
  id: string;
  name: string;
  accountId: string | null;
  structureId: string;
  structureVersion: number;
  pricePerPage: number;
}

const deploymentColumns = {
  id: deployments.id,
  name: deployments.name,
  accountId: deployments.accountId,
  structureId: deployments.structureId,
  structureVersion: deployments.structureVersion,
  pricePerPage: deployments.pricePerPage,
};

/** An account sees its own deployments and those the service offers to everyone. */
const visibleTo = (accountId: string) =>
  or(isNull(deployments.accountId), eq(deployments.accountId, accountId));

export async function findDeployment(
  db: Db,
  accountId: string,
  id: string,
): Promise<DeploymentRecord | null> {
  const [row] = await db
    .select(deploymentColumns)
    .from(deployments)
    .where(and(eq(deployments.id, id), visibleTo(accountId)));
  return row ?? null;
}

export async function listDeployments(db: Db, accountId?: string): Promise<DeploymentRecord[]> {
  return db
    .select(deploymentColumns)
    .from(deployments)
    .where(accountId ? visibleTo(accountId) : undefined)
    .orderBy(asc(deployments.name));
}

/** A structure version as stored: what the engine reads with, and when the version was added. */
export interface StoredStructure extends StructureDefinition {
  createdAt: Date;
}

export async function loadStructure(
  db: Db,
  structureId: string,
  version: number,
): Promise<StoredStructure | null> {
  const [row] = await db
    .select({
      name: structures.name,
      createdAt: structureVersions.createdAt,
      schema: structureVersions.schema,
      hints: structureVersions.hints,
    })
    .from(structureVersions)
    .innerJoin(structures, eq(structures.id, structureVersions.structureId))
    .where(and(eq(structureVersions.structureId, structureId), eq(structureVersions.version, version)));
  if (!row) return null;
  return {
    id: structureId,
    version,
    name: row.name,
    createdAt: row.createdAt,
    schema: row.schema as Record<string, unknown>,
    hints: row.hints as StructureHints,
  };
}

/** Adds a version to a structure (creating the structure when `structureId` is new). Old versions never change. */
export async function addStructureVersion(
  db: Db,
  input: { structureId?: string; name: string; schema: object; hints: StructureHints },
): Promise<{ structureId: string; version: number }> {
  return db.transaction(async (tx) => {
    let structureId = input.structureId;
    if (structureId) {
      await tx
        .insert(structures)
        .values({ id: structureId, name: input.name })
        .onConflictDoUpdate({ target: structures.id, set: { name: input.name } });
    } else {
      [{ structureId }] = await tx
        .insert(structures)
        .values({ name: input.name })
        .returning({ structureId: structures.id });
    }
    const [{ latest }] = await tx
      .select({ latest: max(structureVersions.version) })
      .from(structureVersions)
      .where(eq(structureVersions.structureId, structureId!));
    const version = (latest ?? 0) + 1;
    await tx
      .insert(structureVersions)
      .values({ structureId: structureId!, version, schema: input.schema, hints: input.hints });
    return { structureId: structureId!, version };
  });
}

export async function createDeployment(
  db: Db,
  input: {
    id?: string;
    name: string;
    structureId: string;
    structureVersion: number;
    accountId?: string | null;
    pricePerPage?: number;
  },
): Promise<DeploymentRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deployments)
      .values({
        id: input.id,
        name: input.name,
        structureId: input.structureId,
        structureVersion: input.structureVersion,
        accountId: input.accountId ?? null,
        pricePerPage: input.pricePerPage ?? 0.1,
      })
      .returning(deploymentColumns);
    await tx.insert(deploymentHistory).values({
      deploymentId: row.id,
      change: {
        created: true,
        name: row.name,
        structure_id: row.structureId,
        structure_version: row.structureVersion,
      },
    });
    return row;
  });
}

export async function updateDeployment(
  db: Db,
  id: string,
  change: { name?: string; structureId?: string; structureVersion?: number; pricePerPage?: number },
): Promise<DeploymentRecord | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(deployments)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(deployments.id, id))
      .returning(deploymentColumns);
    if (!row) return null;
    await tx.insert(deploymentHistory).values({
      deploymentId: id,
      change: {
        name: change.name,
        structure_id: change.structureId,
        structure_version: change.structureVersion,
        price_per_page: change.pricePerPage,
      },
    });
    return row;
  });
}
