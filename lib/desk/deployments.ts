import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { deployments } from '@/lib/db/schema/desk';
import type { ExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';
import { UserFacingError } from '@/lib/user-facing-error';

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

/** How old the registry may be before a page that lists deployments asks the service again. */
export const DEPLOYMENTS_MAX_AGE_MS = 30_000;
let syncedAt = 0;

/** The service's deployments changed (its dashboard, in this process): the next read asks it at once. */
export function deploymentsChanged(): void {
  syncedAt = 0;
}

/**
 * The registry for a page that lists deployments (New extraction, the filters): refreshed from
 * the service when older than 30 s, so a deployment made in the dashboard is usable without a
 * restart. A service that cannot be reached, or has no listing, leaves the registry as it is.
 */
export async function currentDeployments(
  db: Db,
  client: () => Promise<ExtractionClient>,
  now = Date.now(),
): Promise<DeskDeployment[]> {
  if (now - syncedAt > DEPLOYMENTS_MAX_AGE_MS) {
    // Marked first: page loads at the same moment do not all ask.
    syncedAt = now;
    await client()
      .then((c) => syncDeploymentsFromService(db, c))
      .catch(() => false);
  }
  return listDeskDeployments(db);
}

export class DeploymentError extends UserFacingError {}

export const registerDeploymentSchema = z.object({
  id: z.string().trim().uuid('The deployment id is a UUID, as the service gives it.'),
  name: z
    .string()
    .trim()
    .min(1, 'Give the deployment a name.')
    .max(200, 'Keep the name under 200 characters.'),
  /** The structure's JSON Schema, optional: without it the review form is built from each entry's data. */
  schema: z.record(z.string(), z.unknown()).nullish(),
});
export type RegisterDeploymentInput = z.input<typeof registerDeploymentSchema>;

/**
 * Registers a deployment by id, for a v3 service without Emend's listing: uploads and filters
 * can use it at once. One the service lists is not taken over.
 */
export async function registerDeployment(db: Db, input: RegisterDeploymentInput): Promise<DeskDeployment> {
  const parsed = registerDeploymentSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DeploymentError(issue.message, { [String(issue.path[0] ?? 'id')]: [issue.message] });
  }
  const { id, name, schema } = parsed.data;
  if (schema) {
    const { compileSchema } = await import('@/lib/contract/validation');
    try {
      compileSchema(schema);
    } catch (error) {
      const message = `The schema is not a JSON Schema that compiles: ${(error as Error).message}`;
      throw new DeploymentError(message, { schema: [message] });
    }
  }
  const existing = await findDeskDeployment(db, id);
  if (existing?.source === 'service')
    throw new DeploymentError(`The service already lists this deployment as "${existing.name}".`, {
      id: ['Already known from the service.'],
    });
  const values = { name, schema: schema ?? null, source: 'manual' as const, updatedAt: new Date() };
  const [row] = await db
    .insert(deployments)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: deployments.id, set: values })
    .returning();
  return row;
}

/** A schema as typed or read from a file: empty is none; anything but a JSON object is an error. */
export function parseSchemaText(text: string | null | undefined): Record<string, unknown> | null {
  if (!text?.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = `The schema is not valid JSON: ${(error as Error).message}`;
    throw new DeploymentError(message, { schema: [message] });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DeploymentError('The schema must be a JSON object (a JSON Schema).', {
      schema: ['A JSON object is expected.'],
    });
  return value as Record<string, unknown>;
}
