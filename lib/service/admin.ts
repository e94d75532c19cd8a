import 'server-only';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isUuid } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import {
  accounts,
  apiKeys,
  deploymentHistory,
  deployments,
  structures,
  structureVersions,
} from '@/lib/db/schema/service';
import { addCredits, createApiKey, revokeApiKey } from '@/lib/service/accounts';
import { addStructureVersion, createDeployment, updateDeployment } from '@/lib/service/deployments';
import type { StructureHints } from '@/lib/service/engine/types';

/*
 * The data-access layer of the service's admin pages (app/(service)/service/…): listing and
 * detail queries that return DTOs with explicit columns (never a key hash), the zod schemas
 * of the admin forms, and the checks that turn a bad input into a clear message. Writes go
 * through lib/service/deployments.ts and lib/service/accounts.ts, which own the tables.
 */

// ajv-formats is CommonJS; under ESM interop its function may sit on `default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** A bad input, with messages per form field; the actions show them next to the fields. */
export class AdminInputError extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AdminInputError';
  }
}

export { isUuid };

export const MAX_TOP_UP_EUR = 1_000_000;
export const MAX_PRICE_PER_PAGE_EUR = 1_000;
/** Server actions accept 1 MB bodies by default; a structure document is far smaller. */
export const MAX_STRUCTURE_JSON_CHARS = 900_000;

// ───────────────────────────── DTOs ─────────────────────────────

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

export interface AccountSummary {
  id: string;
  name: string;
  credits: number;
  createdAt: Date;
  keyCount: number;
  activeKeyCount: number;
}

/** An API key as the pages see it: recognisable by name and prefix, never its hash. */
export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

// ─────────────────────────── Structures ───────────────────────────

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
    structureId,
    version,
    name: row.name,
    createdAt: row.createdAt,
    schema: row.schema as Record<string, unknown>,
    hints: row.hints as StructureHints,
  };
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

// ── The structure document: {name?, schema, hints}, checked before anything is stored ──

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Pointer keys of the hints: JSON Pointers (a missing leading '/' is tolerated, as the engine does). */
const pointerKey = z
  .string()
  .max(1000)
  .refine((key) => !key.split('/').some((token) => FORBIDDEN_KEYS.has(token)), {
    message: 'a pointer may not contain __proto__, constructor or prototype',
  });

const regexSource = z
  .string()
  .max(1000)
  .refine(
    (source) => {
      try {
        new RegExp(source);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'is not a valid regular expression' },
  );

const fieldHintSchema = z.looseObject({
  labels: z.array(z.string().max(200)).max(200),
  type: z.enum(['string', 'number', 'money', 'date', 'enum', 'boolean']),
  pattern: regexSource.optional(),
  values: z.record(z.string(), z.array(z.string().max(200))).optional(),
  position: z.enum(['right', 'below', 'block']).optional(),
  maxLines: z.number().int().min(1).max(100).optional(),
  skipLines: z.number().int().min(0).max(100).optional(),
  searchDocument: z.boolean().optional(),
});

export const structureHintsSchema = z.looseObject({
  fields: z.record(pointerKey, fieldHintSchema, {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object'),
  }),
  tables: z
    .record(
      pointerKey,
      z.looseObject({
        columns: z.record(pointerKey, fieldHintSchema),
        endLabels: z.array(z.string().max(200)).optional(),
      }),
    )
    .optional(),
  // Cross-field rules: the engine knows their kinds; here each must at least say which it is.
  rules: z.array(z.looseObject({ kind: z.string().min(1) })).optional(),
});

export const structureDocumentSchema = z.looseObject({
  name: z.string().trim().min(1, 'must not be empty').max(120, 'is limited to 120 characters').optional(),
  schema: z.record(z.string(), z.unknown(), {
    error: (issue) =>
      issue.input === undefined ? 'is required' : 'must be a JSON object (a JSON Schema, draft 2020-12)',
  }),
  hints: structureHintsSchema,
});

export interface StructureDocument {
  name?: string;
  schema: Record<string, unknown>;
  hints: StructureHints;
}

function describePath(path: PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || 'the document';
}

/** Where a JSON.parse error happened, as "line L, column C" when the engine says where. */
function jsonErrorPlace(text: string, message: string): string {
  const at = /position (\d+)/.exec(message);
  if (!at) return '';
  const position = Number(at[1]);
  const before = text.slice(0, position).split('\n');
  return ` (line ${before.length}, column ${before.at(-1)!.length + 1})`;
}

const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/**
 * Parses and checks a structure document pasted or uploaded by an admin: valid JSON, `schema`
 * an object that compiles with Ajv (draft 2020-12, with formats), `hints` with a `fields`
 * object. Throws AdminInputError on the `field` the text came from.
 */
export function parseStructureDocument(text: string, field = 'json'): StructureDocument {
  const fail = (message: string, detail: string[] = [message]): never => {
    throw new AdminInputError(message, { [field]: detail });
  };
  if (!text.trim()) fail('Paste or upload the structure as JSON: {"name", "schema", "hints"}.');
  if (text.length > MAX_STRUCTURE_JSON_CHARS)
    fail(`The JSON is too long: at most ${MAX_STRUCTURE_JSON_CHARS.toLocaleString('en')} characters.`);

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    fail(`This is not valid JSON${jsonErrorPlace(text, message)}: ${message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail('The JSON must be an object: {"name", "schema", "hints"}.');
  }

  const parsed = structureDocumentSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 8)
      .map((issue) => `${describePath(issue.path)}: ${issue.message}`);
    fail(`The structure is not valid: ${issues[0]}`, issues);
  }
  const { name, schema, hints } = parsed.data!;

  const declared = schema.$schema;
  if (declared !== undefined && (typeof declared !== 'string' || !DRAFT_2020.test(declared))) {
    fail(
      `schema.$schema must be "https://json-schema.org/draft/2020-12/schema" (or left out); got ${JSON.stringify(declared)}.`,
    );
  }
  try {
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv);
    ajv.compile(schema);
  } catch (error) {
    fail(`The JSON Schema does not compile: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { name, schema, hints: hints as StructureHints };
}

/** Imports a structure document as a new structure (version 1). */
export async function importStructure(
  db: Db,
  input: { name?: string; json: string },
): Promise<{ structureId: string; version: number }> {
  const doc = parseStructureDocument(input.json);
  const name = input.name?.trim() || doc.name;
  if (!name) {
    throw new AdminInputError('Give the structure a name.', {
      name: ['Enter a name, or put "name" in the JSON.'],
    });
  }
  return addStructureVersion(db, { name, schema: doc.schema, hints: doc.hints });
}

/**
 * Adds a version to an existing structure. Older versions, and entries extracted with them,
 * are never touched; a `name` in the document renames the structure.
 */
export async function addVersionToStructure(
  db: Db,
  structureId: string,
  input: { json: string },
): Promise<{ structureId: string; version: number }> {
  const structure = isUuid(structureId)
    ? (await db.select({ name: structures.name }).from(structures).where(eq(structures.id, structureId)))[0]
    : undefined;
  if (!structure) throw new AdminInputError('This structure does not exist (any more).');
  const doc = parseStructureDocument(input.json);
  return addStructureVersion(db, {
    structureId,
    name: doc.name ?? structure.name,
    schema: doc.schema,
    hints: doc.hints,
  });
}

// ─────────────────────────── Deployments ───────────────────────────

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

const trimmed = (label: string, maxLength: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(maxLength, `${label[0].toUpperCase()}${label.slice(1)} is limited to ${maxLength} characters.`);

/** "structureId@version", the value of the structure version pickers. */
const structureVersionRef = z
  .string({ error: 'Pick a structure version.' })
  .regex(/^[0-9a-f-]{36}@\d{1,9}$/i, 'Pick a structure version from the list.')
  .transform((value) => {
    const [structureId, version] = value.split('@');
    return { structureId, structureVersion: Number(version) };
  });

/** A decimal amount typed in a form: "12", "12.5", "0.0750". */
const decimalString = (opts: {
  label: string;
  decimals: number;
  min: number;
  minInclusive: boolean;
  max: number;
}) =>
  z
    .string({ error: `Enter ${opts.label}.` })
    .trim()
    .min(1, `Enter ${opts.label}.`)
    .transform((value, ctx) => {
      const normalised = value.replace(',', '.');
      const amount = Number(normalised);
      if (!/^[-+]?\d+(\.\d+)?$/.test(normalised) || !Number.isFinite(amount)) {
        ctx.addIssue({ code: 'custom', message: `Enter ${opts.label} as a number, like 25 or 0.10.` });
        return z.NEVER;
      }
      if (opts.minInclusive ? amount < opts.min : amount <= opts.min) {
        ctx.addIssue({
          code: 'custom',
          message: opts.minInclusive
            ? `${cap(opts.label)} cannot be negative.`
            : `${cap(opts.label)} must be more than ${opts.min}.`,
        });
        return z.NEVER;
      }
      if (amount > opts.max) {
        ctx.addIssue({
          code: 'custom',
          message: `${cap(opts.label)} is limited to ${opts.max.toLocaleString('en')} EUR.`,
        });
        return z.NEVER;
      }
      if ((normalised.split('.')[1] ?? '').length > opts.decimals) {
        ctx.addIssue({ code: 'custom', message: `Use at most ${opts.decimals} decimals.` });
        return z.NEVER;
      }
      return amount;
    });

function cap(text: string): string {
  return `${text[0].toUpperCase()}${text.slice(1)}`;
}

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

// ─────────────────────────── Accounts and keys ───────────────────────────

export async function listAccounts(db: Db): Promise<AccountSummary[]> {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      credits: accounts.credits,
      createdAt: accounts.createdAt,
      keyCount: count(apiKeys.id),
      activeKeyCount: sql<number>`count(${apiKeys.id}) filter (where ${apiKeys.revokedAt} is null)`.mapWith(
        Number,
      ),
    })
    .from(accounts)
    .leftJoin(apiKeys, eq(apiKeys.accountId, accounts.id))
    .groupBy(accounts.id, accounts.name, accounts.credits, accounts.createdAt)
    .orderBy(asc(accounts.name));
}

export async function getAccount(db: Db, id: string): Promise<AccountSummary | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      credits: accounts.credits,
      createdAt: accounts.createdAt,
      keyCount: count(apiKeys.id),
      activeKeyCount: sql<number>`count(${apiKeys.id}) filter (where ${apiKeys.revokedAt} is null)`.mapWith(
        Number,
      ),
    })
    .from(accounts)
    .leftJoin(apiKeys, eq(apiKeys.accountId, accounts.id))
    .where(eq(accounts.id, id))
    .groupBy(accounts.id, accounts.name, accounts.credits, accounts.createdAt);
  return row ?? null;
}

/** The account's keys, newest first: explicit columns, so no hash ever leaves this module. */
export async function listApiKeys(db: Db, accountId: string): Promise<ApiKeySummary[]> {
  if (!isUuid(accountId)) return [];
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), asc(apiKeys.id));
}

export const createAccountSchema = z.object({
  name: trimmed('a name', 100),
  credits: decimalString({
    label: 'the starting credits',
    decimals: 2,
    min: 0,
    minInclusive: true,
    max: MAX_TOP_UP_EUR,
  }),
});

export const topUpSchema = z.object({
  accountId: z.string().refine(isUuid, 'Unknown account.'),
  amount: decimalString({
    label: 'the amount',
    decimals: 2,
    min: 0,
    minInclusive: false,
    max: MAX_TOP_UP_EUR,
  }),
});

export const createKeySchema = z.object({
  accountId: z.string().refine(isUuid, 'Unknown account.'),
  name: trimmed('a name for the key', 100),
});

export const revokeKeySchema = z.object({
  accountId: z.string().refine(isUuid, 'Unknown account.'),
  keyId: z.string().refine(isUuid, 'Unknown key.'),
});

export async function createAccount(
  db: Db,
  input: { name: string; credits: number },
): Promise<AccountSummary> {
  const duplicate = () =>
    new AdminInputError('That name is taken.', {
      name: [`An account named "${input.name}" already exists. Pick another name.`],
    });
  // Names differing only in case would be confusing in lists and on the command line.
  const [clash] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.name}) = lower(${input.name})`);
  if (clash) throw duplicate();
  const [row] = await db
    .insert(accounts)
    .values({ name: input.name, credits: input.credits })
    .onConflictDoNothing({ target: accounts.name })
    .returning({ id: accounts.id });
  if (!row) throw duplicate();
  return (await getAccount(db, row.id))!;
}

/** Adds credits to an account and returns its new balance in EUR. */
export async function topUpCredits(db: Db, accountId: string, amount: number): Promise<number> {
  const parsed = topUpSchema.safeParse({ accountId, amount: String(amount) });
  if (!parsed.success) {
    throw new AdminInputError(parsed.error.issues[0]?.message ?? 'Invalid amount.', {
      amount: parsed.error.issues.map((i) => i.message),
    });
  }
  if (!(await getAccount(db, accountId)))
    throw new AdminInputError('This account does not exist (any more).');
  await addCredits(db, accountId, parsed.data.amount);
  return (await getAccount(db, accountId))!.credits;
}

/** A new key for the account. The key itself is in the result once and is stored only as a hash. */
export async function createKeyForAccount(
  db: Db,
  accountId: string,
  name: string,
): Promise<{ key: string; summary: ApiKeySummary }> {
  if (!(await getAccount(db, accountId)))
    throw new AdminInputError('This account does not exist (any more).');
  const { id, key } = await createApiKey(db, accountId, name);
  const summary = (await listApiKeys(db, accountId)).find((k) => k.id === id)!;
  return { key, summary };
}

/** Revokes one of the account's keys; a key of another account, or one revoked already, is an error. */
export async function revokeKeyOfAccount(db: Db, accountId: string, keyId: string): Promise<ApiKeySummary> {
  const [key] = await db
    .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)));
  if (!key) throw new AdminInputError('This key does not belong to this account.');
  if (key.revokedAt || !(await revokeApiKey(db, keyId))) {
    throw new AdminInputError('This key was revoked already.');
  }
  return (await listApiKeys(db, accountId)).find((k) => k.id === keyId)!;
}
