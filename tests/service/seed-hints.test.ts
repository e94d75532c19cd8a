import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { structureVersions } from '@/lib/db/schema/service';
import { SEEDED, seedService } from '@/lib/service/seed';
import { invoiceHints, invoiceSchema } from '@/lib/service/structures/invoice';
import { databaseKinds, freshDatabase } from '../support/database';

describe.each(databaseKinds)('seeded structures on $name', ({ target }) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database?.close());

  it("bring an existing install's seeded version up to the engine's hints, never its schema", async () => {
    await seedService(database.db);
    const where = and(
      eq(structureVersions.structureId, SEEDED.invoice.structureId),
      eq(structureVersions.version, 1),
    );
    await database.db
      .update(structureVersions)
      .set({ hints: { fields: { '/total': { type: 'money', labels: ['Total'] } } } })
      .where(where);
    await seedService(database.db);
    const [row] = await database.db.select().from(structureVersions).where(where);
    expect(row.hints).toEqual(JSON.parse(JSON.stringify(invoiceHints)));
    expect(row.schema).toEqual(JSON.parse(JSON.stringify(invoiceSchema)));
  });
});
