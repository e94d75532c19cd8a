import type { StructureHints } from '@/lib/service/engine/types';
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
