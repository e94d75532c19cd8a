/**
 * The parts the seeded trade documents (invoice, receipt, purchase order) have in common: a
 * currency, parties with a name and an address block, line items and the amounts that add up.
 * Each structure states its own titles, labels and required fields; the shapes are written once
 * so that the three read, validate and check their sums the same way.
 */
import type { CrossFieldRule, FieldHint, TableHint } from '@/lib/service/engine/types';
import { currencyValues, ISO_4217 } from './currencies';
import { AMOUNT, CURRENCY, DESCRIPTION, QUANTITY, UNIT_PRICE, VAT_ID } from './labels/amounts';
import { VAT_PATTERN } from './labels/patterns';

export const currencySchema = { type: 'string', enum: [...ISO_4217], title: 'Currency' } as const;

/** Found by its label, or else by the currency symbols and codes next to the amounts. */
export const currencyHint: FieldHint = {
  type: 'enum',
  labels: CURRENCY,
  values: currencyValues,
  searchDocument: true,
  fallback: 'country_currency',
};

/** An issuer's VAT id: digits enough for one (never a rate), a SIRET only where no TVA number is printed. */
export const vatIdHint: FieldHint = {
  type: 'string',
  labels: VAT_ID,
  pattern: VAT_PATTERN,
  compact: true,
  check: 'tax-id',
  weakLabels: ['SIRET'],
};

export function moneySchema<Title extends string>(title: Title) {
  return { type: 'number', title } as const;
}

/** A company or person on the document: its name and address, and its VAT id where it prints one. */
export function partySchema(title: string, { vatId = false }: { vatId?: boolean } = {}) {
  return {
    type: 'object',
    title,
    properties: {
      name: { type: 'string', title: 'Name' },
      address: { type: 'string', title: 'Address' },
      ...(vatId ? { vat_id: { type: 'string', title: 'VAT ID' } } : {}),
    },
  } as const;
}

/**
 * The hints of a party's `name` and `address` at `path`: both under the same label, the address as
 * the block below the name. Without a label, the issuer is the letterhead and the recipient the
 * address window.
 */
export function partyHints(
  path: string,
  labels: string[],
  { role, addressLines }: { role: 'issuer' | 'recipient'; addressLines: number },
): Record<string, FieldHint> {
  return {
    [`${path}/name`]: { type: 'string', labels, fallback: `${role}_name` },
    [`${path}/address`]: {
      type: 'string',
      labels,
      position: 'block',
      skipLines: 1,
      maxLines: addressLines,
      fallback: `${role}_address`,
    },
  };
}

/** An array of line items: `leading` columns (a SKU), then description, quantity, unit price, amount. */
export function lineItemsSchema(
  title: string,
  required: string[],
  leading: Record<string, { type: 'string'; title: string }> = {},
) {
  return {
    type: 'array',
    title,
    items: {
      type: 'object',
      properties: {
        ...leading,
        description: { type: 'string', title: 'Description' },
        quantity: { type: 'number', title: 'Quantity' },
        unit_price: moneySchema('Unit price'),
        amount: moneySchema('Amount'),
      },
      required,
    },
  } as const;
}

/** The line item columns with the shared labels, plus the words one kind of document adds. */
export function lineItemColumns(
  extraLabels: { quantity?: string[]; amount?: string[] } = {},
): TableHint['columns'] {
  return {
    description: { type: 'string', labels: DESCRIPTION, measure: true },
    quantity: { type: 'number', labels: [...QUANTITY, ...(extraLabels.quantity ?? [])] },
    unit_price: { type: 'money', labels: UNIT_PRICE },
    amount: { type: 'money', labels: [...AMOUNT, ...(extraLabels.amount ?? [])] },
  };
}

/** The line items add up to the subtotal, and subtotal and tax to the total (to the cent). */
export const amountsAddUp: CrossFieldRule[] = [
  { kind: 'sum', items: '/line_items', field: 'amount', equals: '/subtotal', tolerance: 0.01 },
  { kind: 'add', fields: ['/subtotal', '/tax'], equals: '/total', tolerance: 0.01 },
];
