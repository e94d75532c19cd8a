import { z } from 'zod';
import type { ValidationErrorItem } from '@/lib/contract/schemas';
import { fieldName, getAt, humanize, normalizePointer } from './names';

/** The cross-field rules of a structure (sums, date order), checked after its JSON Schema. */
export const crossFieldRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sum'),
    items: z.string(),
    field: z.string(),
    equals: z.string(),
    tolerance: z.number().nonnegative().optional(),
  }),
  z.object({
    kind: z.literal('add'),
    fields: z.array(z.string()).min(1),
    equals: z.string(),
    tolerance: z.number().nonnegative().optional(),
  }),
  z.object({ kind: z.literal('date_order'), before: z.string(), after: z.string() }),
]);
export type CrossFieldRule = z.infer<typeof crossFieldRuleSchema>;

/** Whether a sum meets its target within a rule's tolerance (a cent by default). */
export const withinTolerance = (sum: number, target: number, rule: { tolerance?: number }): boolean =>
  Math.abs(sum - target) <= (rule.tolerance ?? 0.01) + 1e-9;

const fmt = (n: number) => n.toFixed(2);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** One rule on the data: the error it finds, or null when it holds (or cannot be checked yet). */
export function checkRule(data: Record<string, unknown>, rule: CrossFieldRule): ValidationErrorItem | null {
  if (rule.kind === 'sum') {
    const items = getAt(data, rule.items);
    const target = getAt(data, rule.equals);
    if (!Array.isArray(items) || items.length === 0 || !isNum(target)) return null;
    const values = items.map((it) => getAt(it, rule.field));
    // Incomplete rows are reported by the schema; a sum over them would only add noise.
    if (!values.every(isNum)) return null;
    const sum = values.reduce((a, b) => a + b, 0);
    if (withinTolerance(sum, target, rule)) return null;
    const path = normalizePointer(rule.equals);
    return {
      path,
      code: 'SUM_MISMATCH',
      message: `${fieldName(path)} is ${fmt(target)} but the ${humanize(rule.field).toLowerCase()} of the ${humanize(normalizePointer(rule.items).slice(1)).toLowerCase()} add up to ${fmt(sum)}.`,
      severity: 'error',
    };
  }
  if (rule.kind === 'add') {
    const target = getAt(data, rule.equals);
    const parts = rule.fields.map((f) => getAt(data, f));
    if (!isNum(target) || !parts.every(isNum)) return null;
    const sum = parts.reduce((a, b) => a + b, 0);
    if (withinTolerance(sum, target, rule)) return null;
    const path = normalizePointer(rule.equals);
    const names = rule.fields.map((f) => fieldName(normalizePointer(f)).toLowerCase()).join(' + ');
    return {
      path,
      code: 'SUM_MISMATCH',
      message: `${fieldName(path)} is ${fmt(target)} but ${names} = ${fmt(sum)}.`,
      severity: 'error',
    };
  }
  const before = getAt(data, rule.before);
  const after = getAt(data, rule.after);
  if (typeof before !== 'string' || typeof after !== 'string') return null;
  if (!/^\d{4}-\d{2}-\d{2}/.test(before) || !/^\d{4}-\d{2}-\d{2}/.test(after)) return null;
  if (after >= before) return null;
  const path = normalizePointer(rule.after);
  return {
    path,
    code: 'DATE_ORDER',
    message: `${fieldName(path)} (${after}) is before ${fieldName(normalizePointer(rule.before)).toLowerCase()} (${before}).`,
    severity: 'error',
  };
}
