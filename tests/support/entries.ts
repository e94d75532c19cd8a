import { randomUUID } from 'node:crypto';
import type { Entry } from '@/lib/contract/schemas';

/** A well-formed v3 entry body as the service returns it, for the desk's index. */
export function fakeEntry(createdAt: Date, overrides: Partial<Entry> = {}): Entry {
  const iso = createdAt.toISOString();
  const status = overrides.status ?? 'completed';
  return {
    entry_id: randomUUID(),
    resource_type: 'structure',
    resource_id: randomUUID(),
    resource_version_number: 1,
    data: { total: 10 },
    errors:
      status === 'completed_with_errors'
        ? [{ path: '/total', code: 'TYPE', message: 'x', severity: 'error' }]
        : null,
    status,
    time_ms: 1,
    price: 0.1,
    deployment_id: randomUUID(),
    batch_id: null,
    metadata: null,
    documents: [],
    sources: {},
    confidence: {},
    created_at: iso,
    updated_at: iso,
    corrected: false,
    corrections: [],
    ...overrides,
  };
}
