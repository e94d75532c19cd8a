import type { StructureDefinition, StructureHints } from '@/lib/service/engine/types';
import { bankStatementHints, bankStatementSchema } from './bank-statement';
import { invoiceHints, invoiceSchema } from './invoice';
import { purchaseOrderHints, purchaseOrderSchema } from './purchase-order';
import { receiptHints, receiptSchema } from './receipt';

export type SeedStructureKey = 'invoice' | 'receipt' | 'purchase_order' | 'bank_statement';

export interface SeedStructure {
  key: SeedStructureKey;
  name: string;
  schema: object;
  hints: StructureHints;
}

/** Structures the local service creates on first start (each as version 1). */
export const seedStructures: SeedStructure[] = [
  { key: 'invoice', name: 'Invoice', schema: invoiceSchema, hints: invoiceHints },
  { key: 'receipt', name: 'Receipt', schema: receiptSchema, hints: receiptHints },
  { key: 'purchase_order', name: 'Purchase order', schema: purchaseOrderSchema, hints: purchaseOrderHints },
  { key: 'bank_statement', name: 'Bank statement', schema: bankStatementSchema, hints: bankStatementHints },
];

/** A seeded structure as the extractor takes it: for tests, benches and scripts that need no service. */
export function seedDefinition(key: SeedStructureKey): StructureDefinition {
  const seed = seedStructures.find((s) => s.key === key);
  if (!seed) throw new Error(`no seeded structure "${key}"`);
  return {
    id: key,
    version: 1,
    name: seed.name,
    schema: seed.schema as Record<string, unknown>,
    hints: seed.hints,
  };
}
