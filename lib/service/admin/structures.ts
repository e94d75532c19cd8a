import 'server-only';
import { and, asc, count, desc, eq, max } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { deployments, structures, structureVersions } from '@/lib/db/schema/service';
import { isUuid } from '@/lib/service/admin/form-input';
import { loadStructure } from '@/lib/service/deployments';
import type { StructureHints } from '@/lib/service/engine/types';

// Structures as the service dashboard lists and shows them (DTOs with explicit columns).

export interface StructureSummary {
  id: string;
  name: string;
  createdAt: Date;
  latestVersion: number | null;
  versionCount: number;
}

export interface StructureVersionSummary {
  version: number;
  createdAt: Date;
  /** Deployments pointing to this version now. */
  deploymentCount: number;
}

export interface StructureDetail {
  id: string;
  name: string;
  createdAt: Date;
  /** Newest first. */
  versions: StructureVersionSummary[];
}

export interface StructureVersionDocument {
  structureId: string;
  name: string;
  version: number;
  createdAt: Date;
  schema: Record<string, unknown>;
  hints: StructureHints;
}

/** What a deployment can point to: every structure with its versions, newest first. */
export interface StructureChoice {
  structureId: string;
  name: string;
  versions: number[];
}

export async function listStructures(db: Db): Promise<StructureSummary[]> {
  return db
    .select({
      id: structures.id,
      name: structures.name,
      createdAt: structures.createdAt,
      latestVersion: max(structureVersions.version),
      versionCount: count(structureVersions.version),
    })
    .from(structures)
    .leftJoin(structureVersions, eq(structureVersions.structureId, structures.id))
    .groupBy(structures.id, structures.name, structures.createdAt)
    .orderBy(asc(structures.name), asc(structures.id));
}

export async function getStructure(db: Db, id: string): Promise<StructureDetail | null> {
  if (!isUuid(id)) return null;
  const [structure] = await db
    .select({ id: structures.id, name: structures.name, createdAt: structures.createdAt })
    .from(structures)
    .where(eq(structures.id, id));
  if (!structure) return null;
  const versions = await db
    .select({ version: structureVersions.version, createdAt: structureVersions.createdAt })
    .from(structureVersions)
    .where(eq(structureVersions.structureId, id))
    .orderBy(desc(structureVersions.version));
  const used = await db
    .select({ version: deployments.structureVersion, n: count() })
    .from(deployments)
    .where(eq(deployments.structureId, id))
    .groupBy(deployments.structureVersion);
  const usedBy = new Map(used.map((u) => [u.version, u.n]));
  return {
    ...structure,
    versions: versions.map((v) => ({ ...v, deploymentCount: usedBy.get(v.version) ?? 0 })),
  };
}

export async function getStructureVersion(
  db: Db,
  structureId: string,
  version: number,
): Promise<StructureVersionDocument | null> {
  if (!isUuid(structureId) || !Number.isSafeInteger(version) || version < 1) return null;
  const stored = await loadStructure(db, structureId, version);
  if (!stored) return null;
  const { id, ...document } = stored;
  return { structureId: id, ...document };
}

/** The JSON a version is exported as; importing it again gives the same schema and hints. */
export function structureExport(doc: StructureVersionDocument) {
  return {
    name: doc.name,
    structure_id: doc.structureId,
    version: doc.version,
    created_at: doc.createdAt.toISOString(),
    schema: doc.schema,
    hints: doc.hints,
  };
}

export async function listStructureChoices(db: Db): Promise<StructureChoice[]> {
  const rows = await db
    .select({ structureId: structures.id, name: structures.name, version: structureVersions.version })
    .from(structureVersions)
    .innerJoin(structures, eq(structures.id, structureVersions.structureId))
    .orderBy(asc(structures.name), asc(structures.id), desc(structureVersions.version));
  const choices = new Map<string, StructureChoice>();
  for (const row of rows) {
    const choice = choices.get(row.structureId) ?? {
      structureId: row.structureId,
      name: row.name,
      versions: [],
    };
    choice.versions.push(row.version);
    choices.set(row.structureId, choice);
  }
  return [...choices.values()];
}

export async function structureVersionExists(db: Db, structureId: string, version: number): Promise<boolean> {
  if (!isUuid(structureId)) return false;
  const [row] = await db
    .select({ version: structureVersions.version })
    .from(structureVersions)
    .where(and(eq(structureVersions.structureId, structureId), eq(structureVersions.version, version)));
  return Boolean(row);
}
