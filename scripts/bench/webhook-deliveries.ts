import { randomUUID } from 'node:crypto';
import { entryOf } from '../../tests/desk/run-fixtures';

/**
 * The webhook benchmarks' traffic: the events a v3 service would send for a run's batches. The
 * desk under test is real; its fake service is the tests' (`acceptingClient`, `DEPLOYMENT`,
 * `textItems` in tests/desk/run-fixtures.ts), so the figures are the desk's.
 */

export interface Delivery {
  id: string;
  body: string;
}

/** A completed entry as its event carries it: an invoice with a few fields and its document. */
function completedEntry(batchId: string, index: number) {
  const now = new Date().toISOString();
  return {
    ...entryOf(batchId, index, randomUUID(), 'completed', now),
    data: {
      invoice_number: `INV-${index}`,
      total: 960,
      currency: 'EUR',
      line_items: [{ amount: 500 }, { amount: 300 }],
    },
    time_ms: 40,
    documents: [
      { type: 'base64', filename: `invoice-${index}.txt`, mime_type: 'text/plain', pages: 1, sha256: null },
    ],
    created_at: now,
  };
}

/** One `batch.item.completed` event per item, in batch order, then 10 % replays of earlier ones. */
export function itemDeliveries(batchIds: string[], items: number): Delivery[] {
  const deliveries: Delivery[] = [];
  batchIds.forEach((batchId, b) => {
    for (let i = 0; i < Math.min(100, items - b * 100); i++) {
      const id = randomUUID();
      deliveries.push({
        id,
        body: JSON.stringify({
          event_id: id,
          event: 'batch.item.completed',
          created_at: new Date().toISOString(),
          data: completedEntry(batchId, i),
        }),
      });
    }
  });
  return [...deliveries, ...deliveries.filter((_, i) => i % 10 === 0)];
}
