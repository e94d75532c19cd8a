import { compileSchema, type ValidateFunction, validateData } from '@/lib/contract/validation';
import type { StructureDefinition, ValidationErrorItem } from './types';

const MAX_CACHED = 200;
const validators = new Map<string, ValidateFunction>();

/** Compiled validator for one structure version (compiled once, kept in a small LRU). */
function validatorFor(structure: Pick<StructureDefinition, 'id' | 'version' | 'schema'>): ValidateFunction {
  const key = `${structure.id}@${structure.version}`;
  const cached = validators.get(key);
  if (cached) {
    validators.delete(key);
    validators.set(key, cached);
    return cached;
  }
  const validate = compileSchema(structure.schema);
  validators.set(key, validate);
  if (validators.size > MAX_CACHED) validators.delete(validators.keys().next().value!);
  return validate;
}

/**
 * Validates extracted data against the structure: its JSON Schema (Ajv 2020, formats, all errors)
 * and then the cross-field rules of its hints. Returns [] when everything holds.
 */
export function validateExtraction(
  data: Record<string, unknown>,
  structure: Pick<StructureDefinition, 'id' | 'version' | 'schema' | 'hints'>,
): ValidationErrorItem[] {
  // The rules live in lib/contract/validation, shared with the desk's live validation.
  return validateData(data, validatorFor(structure), structure.hints?.rules ?? []);
}

/**
 * Entry status (docs/v3-interface.md): `failed` when nothing could be extracted (or no document read),
 * `completed_with_errors` when an error-severity item remains, `completed` otherwise
 * (warnings alone do not make an entry erroneous).
 */
export function entryStatusFor(
  errors: ValidationErrorItem[] | null,
  extractedSomething: boolean,
): 'completed' | 'completed_with_errors' | 'failed' {
  if (!extractedSomething) return 'failed';
  if (errors?.some((e) => e.severity === 'error')) return 'completed_with_errors';
  return 'completed';
}
