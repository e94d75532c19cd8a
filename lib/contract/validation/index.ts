/**
 * Validation of extracted data, the same in the service (after extraction and corrections) and
 * in the reviewer's browser (as they type): the structure's JSON Schema (Ajv, draft 2020-12,
 * with the ajv-formats formats, all errors), then its cross-field rules.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { z } from 'zod';
import type { ValidationErrorItem } from '@/lib/contract/schemas';
import { type CrossFieldRule, checkRule, crossFieldRuleSchema } from './rules';
import { mapAjvError } from './schema-errors';

export type { CrossFieldRule, ValidateFunction };

// ajv-formats is CommonJS; under ESM interop its function may sit on `default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/**
 * The JSON Schema annotation under which the service hands a structure's cross-field rules to
 * clients with its schema (`GET /v3/structures/{id}/versions/{v}`): an Emend extension.
 */
export const RULES_KEYWORD = 'x-emend-rules';

/** Compiles a schema (one Ajv instance each: schemas with the same $id in different versions never collide). */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** The rules carried by a schema under `x-emend-rules`; malformed ones are ignored, never guessed. */
export function rulesOf(schema: Record<string, unknown> | null): CrossFieldRule[] {
  const parsed = z.array(z.unknown()).safeParse(schema?.[RULES_KEYWORD]);
  if (!parsed.success) return [];
  return parsed.data.flatMap((r) => {
    const rule = crossFieldRuleSchema.safeParse(r);
    return rule.success ? [rule.data] : [];
  });
}

/** A schema with its rules attached under `x-emend-rules` (a copy; the stored schema is not changed). */
export function withRules(schema: Record<string, unknown>, rules: readonly CrossFieldRule[] | undefined) {
  return rules && rules.length > 0 ? { ...schema, [RULES_KEYWORD]: rules } : schema;
}

/** The errors of `data`: schema errors (one per path and code), then broken rules. [] when all hold. */
export function validateData(
  data: Record<string, unknown>,
  validate: ValidateFunction,
  rules: readonly CrossFieldRule[],
): ValidationErrorItem[] {
  const items: ValidationErrorItem[] = [];
  const seen = new Set<string>();
  if (!validate(data)) {
    for (const e of validate.errors ?? []) {
      const item = mapAjvError(e);
      if (!item) continue;
      const key = `${item.path}|${item.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  for (const rule of rules) {
    const item = checkRule(data, rule);
    if (item) items.push(item);
  }
  return items;
}

export { VALIDATION_CODES } from './codes';
