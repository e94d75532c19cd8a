import 'server-only';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { structures } from '@/lib/db/schema/service';
import { AdminInputError, isUuid, MAX_STRUCTURE_JSON_CHARS } from '@/lib/service/admin/form-input';
import { addStructureVersion } from '@/lib/service/deployments';
import type { StructureHints } from '@/lib/service/engine/types';

// A structure document ({name?, schema, hints}), checked before anything is stored, and its import as a
// new structure or a new version of one. Writes go through lib/service/deployments.ts, which owns the tables.

// ajv-formats is CommonJS; under ESM interop its function may sit on `default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

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
  captions: z.array(z.string().max(200)).max(200).optional(),
  type: z.enum(['string', 'number', 'money', 'date', 'enum', 'boolean']),
  pattern: regexSource.optional(),
  values: z.record(z.string(), z.array(z.string().max(200))).optional(),
  position: z.enum(['right', 'below', 'block']).optional(),
  maxLines: z.number().int().min(1).max(100).optional(),
  skipLines: z.number().int().min(0).max(100).optional(),
  searchDocument: z.boolean().optional(),
  check: z.enum(['iban', 'tax-id']).optional(),
  weakLabels: z.array(z.string().max(200)).max(200).optional(),
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
