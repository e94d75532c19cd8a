/**
 * The codes `validateData` produces. A client that validates live replaces the service's items
 * of these codes with its own (kept apart from Ajv so that knowing them costs no bundle).
 */
export const VALIDATION_CODES: ReadonlySet<string> = new Set([
  'REQUIRED_FIELD',
  'TYPE',
  'FORMAT',
  'PATTERN',
  'ENUM',
  'RANGE',
  'LENGTH',
  'ITEMS',
  'UNKNOWN_FIELD',
  'INVALID',
  'SUM_MISMATCH',
  'DATE_ORDER',
]);
