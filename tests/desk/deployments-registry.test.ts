import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import {
  currentDeployments,
  DEPLOYMENTS_MAX_AGE_MS,
  DeploymentError,
  deploymentsChanged,
  registerDeployment,
} from '@/lib/desk/deployments';
import type { ExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';
import { databaseKinds, freshDatabase } from '../support/database';

/** A v3 service that lists deployments (Emend's extension), or answers 404 to it like any other. */
function fakeService(listing: boolean) {
  const listed: { id: string; name: string }[] = [];
  let asked = 0;
  const client = {
    async listDeployments() {
      asked++;
      if (!listing) throw new ExtractionApiError('NOT_FOUND', 'Not found', 404);
      return {
        deployments: listed.map((d) => ({
          ...d,
          resource_type: 'structure',
          resource_id: randomUUID(),
          version: 1,
        })),
      };
    },
    async getStructureVersion() {
      return { resource_id: randomUUID(), version: 1, name: 'S', schema: { type: 'object' } };
    },
  } as unknown as ExtractionClient;
  return {
    client: async () => client,
    listed,
    get asked() {
      return asked;
    },
  };
}

describe.each(databaseKinds)('the desk deployments registry on $name', ({ target }) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database?.close());

  it('refreshes from the service when older than 30 s, and at once after a dashboard change', async () => {
    deploymentsChanged();
    const service = fakeService(true);
    const t0 = 1_000_000_000_000;
    const first = { id: randomUUID(), name: 'Receipts' };
    service.listed.push(first);
    expect((await currentDeployments(database.db, service.client, t0)).map((d) => d.name)).toContain(
      'Receipts',
    );
    const second = { id: randomUUID(), name: 'Purchase orders' };
    service.listed.push(second);
    // Within 30 s the registry is not asked again…
    expect(
      (await currentDeployments(database.db, service.client, t0 + 1_000)).map((d) => d.id),
    ).not.toContain(second.id);
    expect(service.asked).toBe(1);
    // …unless the dashboard changed a deployment.
    deploymentsChanged();
    expect((await currentDeployments(database.db, service.client, t0 + 2_000)).map((d) => d.id)).toContain(
      second.id,
    );
    service.listed.push({ id: randomUUID(), name: 'Statements' });
    const later = await currentDeployments(
      database.db,
      service.client,
      t0 + 2_000 + DEPLOYMENTS_MAX_AGE_MS + 1,
    );
    expect(later.map((d) => d.name)).toContain('Statements');
    expect(service.asked).toBe(3);
  });

  it('registers deployments by id for a service without the listing; bad input is refused clearly', async () => {
    deploymentsChanged();
    const service = fakeService(false);
    const id = randomUUID();
    await registerDeployment(database.db, { id, name: ' Remote invoices ', schema: null });
    const list = await currentDeployments(database.db, service.client);
    expect(list.find((d) => d.id === id)).toMatchObject({
      name: 'Remote invoices',
      source: 'manual',
      schema: null,
    });
    await expect(registerDeployment(database.db, { id: 'x', name: 'A' })).rejects.toThrow(/is a UUID/);
    await expect(registerDeployment(database.db, { id, name: '  ' })).rejects.toThrow(
      /Give the deployment a name/,
    );
    await expect(
      registerDeployment(database.db, { id, name: 'A', schema: { type: 'no-such-type' } }),
    ).rejects.toThrow(DeploymentError);
    // One the service lists is not taken over.
    const listed = (await currentDeployments(database.db, fakeService(true).client)).find(
      (d) => d.source === 'service',
    );
    if (listed)
      await expect(registerDeployment(database.db, { id: listed.id, name: 'Mine' })).rejects.toThrow(
        /already lists this deployment/,
      );
  });
});
