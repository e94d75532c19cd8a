import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { accounts, deploymentHistory, deployments, structures } from '@/lib/db/schema/service';
import {
  AdminInputError,
  decimalString,
  isUuid,
  MAX_PRICE_PER_PAGE_EUR,
  trimmed,
} from '@/lib/service/admin/form-input';
import { structureVersionExists } from '@/lib/service/admin/structures';
import { createDeployment, updateDeployment } from '@/lib/service/deployments';

// Deployments in the service dashboard: lists, details, history, and the create/edit forms' checks.
// Writes go through lib/service/deployments.ts, which owns the tables.

export interface AdminDeployment {
  id: string;
  name: string;
  accountId: string | null;
  /** null when the deployment is offered to every account. */
  accountName: string | null;
  structureId: string;
  structureName: string;
  structureVersion: number;
  pricePerPage: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface StructureRef {
  structureId: string;
  structureName: string | null;
  version: number | null;
}

export type DeploymentChange =
  | { field: 'name'; from: string | null; to: string }
  | { field: 'structure'; from: StructureRef | null; to: StructureRef }
  | { field: 'price_per_page'; from: number | null; to: number };

export interface DeploymentHistoryItem {
  id: string;
  createdAt: Date;
  created: boolean;
  changes: DeploymentChange[];
}

const adminDeploymentColumns = {
  id: deployments.id,
  name: deployments.name,
  accountId: deployments.accountId,
  accountName: accounts.name,
  structureId: deployments.structureId,
  structureName: structures.name,
  structureVersion: deployments.structureVersion,
  pricePerPage: deployments.pricePerPage,
  createdAt: deployments.createdAt,
  updatedAt: deployments.updatedAt,
};

export async function listAdminDeployments(db: Db): Promise<AdminDeployment[]> {
  return db
    .select(adminDeploymentColumns)
    .from(deployments)
    .innerJoin(structures, eq(structures.id, deployments.structureId))
    .leftJoin(accounts, eq(accounts.id, deployments.accountId))
    .orderBy(asc(deployments.name), asc(deployments.id));
}

export async function getAdminDeployment(db: Db, id: string): Promise<AdminDeployment | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(adminDeploymentColumns)
    .from(deployments)
    .innerJoin(structures, eq(structures.id, deployments.structureId))
    .leftJoin(accounts, eq(accounts.id, deployments.accountId))
    .where(eq(deployments.id, id));
  return row ?? null;
}

type StoredChange = {
  created?: boolean;
  name?: string;
  structure_id?: string;
  structure_version?: number;
  price_per_page?: number;
  account_id?: string | null;
};

/**
 * Every change of a deployment, oldest first, each with what it changed from and to. The
 * history rows record the new values; the old ones come from replaying the rows before.
 */
export async function listDeploymentHistory(db: Db, deploymentId: string): Promise<DeploymentHistoryItem[]> {
  if (!isUuid(deploymentId)) return [];
  const rows = await db
    .select({
      id: deploymentHistory.id,
      change: deploymentHistory.change,
      createdAt: deploymentHistory.createdAt,
    })
    .from(deploymentHistory)
    .where(eq(deploymentHistory.deploymentId, deploymentId))
    .orderBy(asc(deploymentHistory.createdAt), asc(deploymentHistory.id));
  const names = new Map(
    (await db.select({ id: structures.id, name: structures.name }).from(structures)).map((s) => [
      s.id,
      s.name,
    ]),
  );
  const ref = (structureId: string, version: number | null): StructureRef => ({
    structureId,
    structureName: names.get(structureId) ?? null,
    version,
  });

  const state: { name: string | null; structure: StructureRef | null; price: number | null } = {
    name: null,
    structure: null,
    price: null,
  };
  return rows.map((row) => {
    const change = (row.change ?? {}) as StoredChange;
    const changes: DeploymentChange[] = [];
    if (typeof change.name === 'string' && change.name !== state.name) {
      changes.push({ field: 'name', from: state.name, to: change.name });
      state.name = change.name;
    }
    if (typeof change.structure_id === 'string' || typeof change.structure_version === 'number') {
      const structureId = change.structure_id ?? state.structure?.structureId;
      if (structureId) {
        const next = ref(structureId, change.structure_version ?? state.structure?.version ?? null);
        if (next.structureId !== state.structure?.structureId || next.version !== state.structure?.version) {
          changes.push({ field: 'structure', from: state.structure, to: next });
          state.structure = next;
        }
      }
    }
    if (typeof change.price_per_page === 'number' && change.price_per_page !== state.price) {
      changes.push({ field: 'price_per_page', from: state.price, to: change.price_per_page });
      state.price = change.price_per_page;
    }
    return { id: row.id, createdAt: row.createdAt, created: change.created === true, changes };
  });
}

/** "structureId@version", the value of the structure version pickers. */
const structureVersionRef = z
  .string({ error: 'Pick a structure version.' })
  .regex(/^[0-9a-f-]{36}@\d{1,9}$/i, 'Pick a structure version from the list.')
  .transform((value) => {
    const [structureId, version] = value.split('@');
    return { structureId, structureVersion: Number(version) };
  });

const pricePerPage = decimalString({
  label: 'the price per page',
  decimals: 4,
  min: 0,
  minInclusive: true,
  max: MAX_PRICE_PER_PAGE_EUR,
});

/** Owner of a deployment: '' = every account. */
const optionalAccountId = z
  .string()
  .trim()
  .refine((value) => value === '' || isUuid(value), 'Pick an account from the list.')
  .transform((value) => value || null);

export const createDeploymentSchema = z
  .object({
    name: trimmed('a name', 120),
    structure: structureVersionRef,
    pricePerPage,
    accountId: optionalAccountId,
  })
  .transform(({ structure, ...rest }) => ({ ...rest, ...structure }));

export const editDeploymentSchema = z
  .object({
    id: z.string().refine(isUuid, 'Unknown deployment.'),
    name: trimmed('a name', 120),
    structure: structureVersionRef,
    pricePerPage,
  })
  .transform(({ structure, ...rest }) => ({ ...rest, ...structure }));

async function checkStructureVersion(db: Db, structureId: string, version: number): Promise<void> {
  if (!(await structureVersionExists(db, structureId, version))) {
    throw new AdminInputError('Unknown structure version.', {
      structure: [`Version ${version} of this structure does not exist. Pick one from the list.`],
    });
  }
}

async function checkAccount(db: Db, accountId: string | null): Promise<void> {
  if (accountId === null) return;
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new AdminInputError('Unknown account.', { accountId: ['Pick an account from the list.'] });
}

export async function createAdminDeployment(
  db: Db,
  input: z.output<typeof createDeploymentSchema>,
): Promise<AdminDeployment> {
  await checkStructureVersion(db, input.structureId, input.structureVersion);
  await checkAccount(db, input.accountId);
  const created = await createDeployment(db, input);
  return (await getAdminDeployment(db, created.id))!;
}

const samePrice = (a: number, b: number) => Math.round(a * 10_000) === Math.round(b * 10_000);

/**
 * Changes what differs from the deployment as it is now, and only that, so its history says
 * exactly what changed. Nothing different is an error the form shows.
 */
export async function editAdminDeployment(
  db: Db,
  input: z.output<typeof editDeploymentSchema>,
): Promise<{ deployment: AdminDeployment; changed: string[] }> {
  const current = await getAdminDeployment(db, input.id);
  if (!current) throw new AdminInputError('This deployment does not exist (any more).');
  const change: Parameters<typeof updateDeployment>[2] = {};
  const changed: string[] = [];
  if (input.name !== current.name) {
    change.name = input.name;
    changed.push('name');
  }
  if (input.structureId !== current.structureId || input.structureVersion !== current.structureVersion) {
    await checkStructureVersion(db, input.structureId, input.structureVersion);
    change.structureId = input.structureId;
    change.structureVersion = input.structureVersion;
    changed.push('structure version');
  }
  if (!samePrice(input.pricePerPage, current.pricePerPage)) {
    change.pricePerPage = input.pricePerPage;
    changed.push('price per page');
  }
  if (changed.length === 0) throw new AdminInputError('Nothing changed: edit a field first.');
  await updateDeployment(db, input.id, change);
  return { deployment: (await getAdminDeployment(db, input.id))!, changed };
}
