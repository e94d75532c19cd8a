/** Shapes of identifiers, shared by the seeded structures. */

/**
 * A document number: letters, digits and separators, with at least one digit ("INV-2024-0042"),
 * after a short series code and a space where there is one ("FT 2024/8212", "R 4432"), the code
 * perhaps with its year ("FT 2024 8212"). It never ends with a dot: one after it ends a sentence
 * ("Rechnung Nr. 2026-0412.") or is a speck on a scan. (A hyphen or slash at its end is kept: the
 * code may go on under it, wrapped in a narrow cell.)
 */
export const IDENTIFIER =
  '(?:[A-Z]{1,4} (?:(?:19|20)[0-9]{2} )?(?=[A-Za-z0-9/_.\\-]*[0-9]))?[A-Za-z0-9/_.\\-]*[0-9][A-Za-z0-9/_.\\-]*(?<!\\.)';

/**
 * A VAT / tax id as printed: an optional country prefix, then digits with groups ("DE 123 456 789"),
 * one separator at a time ("SIRET 123 456 789 00012 - TVA FR…" ends before " - "), never into the
 * next word ("A11223344 Tel." is no "A11223344T").
 */
export const VAT_PATTERN = '[A-Z]{0,3} ?[0-9](?:[ ./\\-]?[0-9A-Z]){4,}(?![a-z])';
