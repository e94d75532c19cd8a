import { randomUUID } from 'node:crypto';
import type { RunClient } from '@/lib/desk/runs';
import type { Entry } from '@/lib/extraction-api/schemas';

/**
 * A v3 service reduced to what the webhook benchmarks need: batches accepted without work, and
 * the completed entries its events would carry. The desk under test is real; only the service
 * is not, so the figures are the desk's.
 */
export const DEPLOYMENT = '3f1c2b9e-0a7d-4c55-9a51-6f2f4f0f0a01';
export const STRUCTURE = '7d8e9f00-1111-4222-8333-944455556666';

export function fakeClient(): RunClient {
  return {
    async processBatch(_d, request) {
      return {
        batch_id: randomUUID(),
        status: 'pending',
        total_items: request.requests.length,
        resource_type: 'structure',
        resource_id: STRUCTURE,
        resource_version_number: 1,
        created_at: new Date().toISOString(),
      };
    },
    async processAsync() {
      throw new Error('not used');
    },
  };
}

export function entry(batchId: string, index: number): Entry {
  const now = new Date().toISOString();
  return {
    entry_id: randomUUID(),
    resource_type: 'structure',
    resource_id: STRUCTURE,
    resource_version_number: 1,
    data: {
      invoice_number: `INV-${index}`,
      total: 960,
      currency: 'EUR',
      line_items: [{ amount: 500 }, { amount: 300 }],
    },
    errors: null,
    status: 'completed',
    time_ms: 40,
    price: 0.1,
    deployment_id: DEPLOYMENT,
    batch_id: batchId,
    item_index: index,
    metadata: { filename: `invoice-${index}.txt` },
    documents: [
      { type: 'base64', filename: `invoice-${index}.txt`, mime_type: 'text/plain', pages: 1, sha256: null },
    ],
    sources: {},
    confidence: {},
    created_at: now,
    updated_at: now,
    corrected: false,
    corrections: [],
  };
}

export interface Delivery {
  id: string;
  body: string;
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
          data: entry(batchId, i),
        }),
      });
    }
  });
  return [...deliveries, ...deliveries.filter((_, i) => i % 10 === 0)];
}
