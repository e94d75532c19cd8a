import 'server-only';
import { z } from 'zod';
import { isUuid } from '@/lib/contract/schemas';
import { UserFacingError } from '@/lib/user-facing-error';

// The service dashboard's form inputs: one error type that carries messages per field, and the zod
// pieces its forms share (trimmed names, decimal amounts, limits).

/** A bad input, with messages per form field; the actions show them next to the fields. */
export class AdminInputError extends UserFacingError {}

export { isUuid };

export const MAX_TOP_UP_EUR = 1_000_000;
export const MAX_PRICE_PER_PAGE_EUR = 1_000;
/** Server actions accept 1 MB bodies by default; a structure document is far smaller. */
export const MAX_STRUCTURE_JSON_CHARS = 900_000;

export const trimmed = (label: string, maxLength: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(maxLength, `${label[0].toUpperCase()}${label.slice(1)} is limited to ${maxLength} characters.`);

/** A decimal amount typed in a form: "12", "12.5", "0.0750". */
export const decimalString = (opts: {
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
