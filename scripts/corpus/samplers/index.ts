/** One sampler per seeded structure: random but realistic content with its ground truth. */
import type { GenOptions, Sample, StructureKey } from '../model';
import type { Rng } from '../random';
import { bankStatementSample } from './bank-statement';
import { invoiceSample } from './invoice';
import { purchaseOrderSample } from './purchase-order';
import { receiptSample } from './receipt';

export const SAMPLERS: Record<StructureKey, (r: Rng, o: GenOptions) => Sample> = {
  invoice: invoiceSample,
  receipt: receiptSample,
  purchase_order: purchaseOrderSample,
  bank_statement: bankStatementSample,
};
