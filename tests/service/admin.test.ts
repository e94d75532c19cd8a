import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAccountAction,
  createKeyAction,
  revokeKeyAction,
  topUpAction,
} from '@/app/(service)/service/accounts/actions';
import { createDeploymentAction, editDeploymentAction } from '@/app/(service)/service/deployments/actions';
import { GET as exportStructureVersion } from '@/app/(service)/service/structures/[id]/versions/[version]/export/route';
import { addStructureVersionAction, importStructureAction } from '@/app/(service)/service/structures/actions';
import type { Database } from '@/lib/db/client';
import { structureVersions } from '@/lib/db/schema/service';
import { accountForKey, creditsOf } from '@/lib/service/accounts';
import {
  createAccount,
  createAccountSchema,
  createKeyForAccount,
  getAccount,
  listAccounts,
  listApiKeys,
  revokeKeyOfAccount,
  topUpCredits,
  topUpSchema,
} from '@/lib/service/admin/accounts';
import {
  createAdminDeployment,
  createDeploymentSchema,
  editAdminDeployment,
  editDeploymentSchema,
  getAdminDeployment,
  listAdminDeployments,
  listDeploymentHistory,
} from '@/lib/service/admin/deployments';
import { AdminInputError } from '@/lib/service/admin/form-input';
import {
  addVersionToStructure,
  importStructure,
  parseStructureDocument,
} from '@/lib/service/admin/structure-document';
import {
  getStructure,
  getStructureVersion,
  listStructureChoices,
  listStructures,
  structureExport,
} from '@/lib/service/admin/structures';
import { SEEDED, seedService } from '@/lib/service/seed';
import { seedStructures } from '@/lib/service/structures';
import { databaseKinds, freshDatabase } from '../support/database';

vi.mock('server-only', () => ({}));

// The actions and the export route run here without Next: the session and the database are
// the test's, and cache revalidation is a no-op.
const session = vi.hoisted(() => ({
  user: null as null | { id: string; email: string; name: string; role: 'admin' | 'reviewer' },
  db: null as unknown,
}));
vi.mock('@/lib/auth', () => ({
  currentUser: async () => session.user,
  requireUser: async () => session.user,
}));
vi.mock('@/lib/db/client', async (original) => ({
  ...(await original<typeof import('@/lib/db/client')>()),
  getDb: async () => session.db,
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));

const admin = { id: 'a', email: 'admin@emend.local', name: 'Admin', role: 'admin' as const };
const reviewer = { id: 'r', email: 'reviewer@emend.local', name: 'Reviewer', role: 'reviewer' as const };

function formOf(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return form;
}

const sampleDocument = {
  name: 'Delivery note',
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { note_number: { type: 'string' }, delivered_on: { type: 'string', format: 'date' } },
    required: ['note_number'],
  },
  hints: {
    fields: {
      '/note_number': { labels: ['Delivery note', 'Note no.'], type: 'string' },
      '/delivered_on': { labels: ['Delivered'], type: 'date' },
    },
  },
};

/** The AdminInputError `run` throws, to look at its message and field errors. */
async function inputError(run: () => unknown): Promise<AdminInputError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AdminInputError) return error;
    throw error;
  }
  throw new Error('expected an AdminInputError');
}

describe('structure documents (no database)', () => {
  it('accepts {name, schema, hints} and every seeded structure as exported', () => {
    expect(parseStructureDocument(JSON.stringify(sampleDocument)).name).toBe('Delivery note');
    for (const seed of seedStructures) {
      const doc = parseStructureDocument(
        JSON.stringify({ name: seed.name, schema: seed.schema, hints: seed.hints }),
      );
      expect(doc.schema).toEqual(seed.schema);
      expect(doc.hints).toEqual(seed.hints);
    }
  });

  it('says where bad JSON is broken', async () => {
    const error = await inputError(() => parseStructureDocument('{\n  "schema": {,\n}'));
    expect(error.message).toMatch(/not valid JSON/);
    expect(error.message).toMatch(/line 2/);
    expect(error.fieldErrors?.json?.[0]).toBe(error.message);
  });

  it('refuses a schema that is not an object, or does not compile with Ajv 2020', async () => {
    const notObject = await inputError(() =>
      parseStructureDocument(JSON.stringify({ ...sampleDocument, schema: [1, 2] })),
    );
    expect(notObject.message).toMatch(/schema: must be a JSON object/);
    const missing = await inputError(() =>
      parseStructureDocument(JSON.stringify({ hints: sampleDocument.hints })),
    );
    expect(missing.message).toMatch(/schema: is required/);
    const broken = await inputError(() =>
      parseStructureDocument(JSON.stringify({ ...sampleDocument, schema: { type: 'objekt' } })),
    );
    expect(broken.message).toMatch(/does not compile/);
    const draft7 = await inputError(() =>
      parseStructureDocument(
        JSON.stringify({ ...sampleDocument, schema: { $schema: 'http://json-schema.org/draft-07/schema#' } }),
      ),
    );
    expect(draft7.message).toMatch(/2020-12/);
  });

  it('refuses hints without a fields object, or with bad field hints', async () => {
    const noFields = await inputError(() =>
      parseStructureDocument(JSON.stringify({ ...sampleDocument, hints: { tables: {} } })),
    );
    expect(noFields.message).toMatch(/hints\.fields: is required/);
    const fieldsArray = await inputError(() =>
      parseStructureDocument(JSON.stringify({ ...sampleDocument, hints: { fields: [] } })),
    );
    expect(fieldsArray.message).toMatch(/hints\.fields: must be an object/);
    const badType = await inputError(() =>
      parseStructureDocument(
        JSON.stringify({ ...sampleDocument, hints: { fields: { '/x': { labels: ['X'], type: 'colour' } } } }),
      ),
    );
    expect(badType.message).toMatch(/hints\.fields\["\/x"\]\.type/);
    const badPattern = await inputError(() =>
      parseStructureDocument(
        JSON.stringify({
          ...sampleDocument,
          hints: { fields: { '/x': { labels: ['X'], type: 'string', pattern: '([' } } },
        }),
      ),
    );
    expect(badPattern.message).toMatch(/regular expression/);
    const proto = await inputError(() =>
      parseStructureDocument(
        '{"schema": {}, "hints": {"fields": {"/__proto__/x": {"labels": [], "type": "string"}}}}',
      ),
    );
    expect(proto.message).toMatch(/__proto__/);
  });
});

describe('admin form schemas (no database)', () => {
  const issue = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('top-up: more than 0, at most 1,000,000, a number', () => {
    const accountId = '686efa4b-90ad-4c40-a985-b9805fba6652';
    expect(topUpSchema.parse({ accountId, amount: '25.50' }).amount).toBe(25.5);
    expect(topUpSchema.parse({ accountId, amount: '1000000' }).amount).toBe(1_000_000);
    expect(issue(topUpSchema.safeParse({ accountId, amount: '-5' }))).toEqual([
      'amount: The amount must be more than 0.',
    ]);
    expect(issue(topUpSchema.safeParse({ accountId, amount: '0' }))).toEqual([
      'amount: The amount must be more than 0.',
    ]);
    expect(issue(topUpSchema.safeParse({ accountId, amount: '1000000.01' }))?.[0]).toMatch(
      /limited to 1,000,000/,
    );
    expect(issue(topUpSchema.safeParse({ accountId, amount: 'ten' }))?.[0]).toMatch(/as a number/);
    expect(issue(topUpSchema.safeParse({ accountId, amount: '' }))?.[0]).toMatch(/Enter the amount/);
    expect(issue(topUpSchema.safeParse({ accountId, amount: '1.234' }))?.[0]).toMatch(/at most 2 decimals/);
  });

  it('accounts: a name is needed, starting credits cannot be negative', () => {
    expect(issue(createAccountSchema.safeParse({ name: '  ', credits: '0' }))).toEqual([
      'name: Enter a name.',
    ]);
    expect(issue(createAccountSchema.safeParse({ name: 'Acme', credits: '-1' }))).toEqual([
      'credits: The starting credits cannot be negative.',
    ]);
  });

  it('deployments: a structure version from the list, a price that is not negative', () => {
    const parsed = createDeploymentSchema.parse({
      name: ' Staging ',
      structure: '686efa4b-90ad-4c40-a985-b9805fba6652@2',
      pricePerPage: '0.05',
      accountId: '',
    });
    expect(parsed).toEqual({
      name: 'Staging',
      structureId: '686efa4b-90ad-4c40-a985-b9805fba6652',
      structureVersion: 2,
      pricePerPage: 0.05,
      accountId: null,
    });
    const bad = editDeploymentSchema.safeParse({
      id: 'nope',
      name: '',
      structure: 'invoice',
      pricePerPage: '-0.1',
    });
    expect(issue(bad)).toEqual([
      'id: Unknown deployment.',
      'name: Enter a name.',
      'structure: Pick a structure version from the list.',
      'pricePerPage: The price per page cannot be negative.',
    ]);
  });
});

describe.each(databaseKinds)('service admin queries on $name', ({ target }) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(target);
    await seedService(database.db);
  });
  afterAll(() => database?.close());

  it('imports a structure, adds a version, and never changes the old one', async () => {
    const db = database.db;
    const imported = await importStructure(db, { json: JSON.stringify(sampleDocument) });
    expect(imported.version).toBe(1);
    const v2Document = {
      schema: { ...sampleDocument.schema, required: ['note_number', 'delivered_on'] },
      hints: sampleDocument.hints,
    };
    const v2 = await addVersionToStructure(db, imported.structureId, { json: JSON.stringify(v2Document) });
    expect(v2).toEqual({ structureId: imported.structureId, version: 2 });

    const v1 = await getStructureVersion(db, imported.structureId, 1);
    expect(v1?.schema).toEqual(sampleDocument.schema);
    expect((await getStructureVersion(db, imported.structureId, 2))?.schema).toEqual(v2Document.schema);

    const detail = await getStructure(db, imported.structureId);
    expect(detail?.name).toBe('Delivery note'); // no name in v2: the name stays
    expect(detail?.versions.map((v) => v.version)).toEqual([2, 1]);

    const listed = (await listStructures(db)).find((s) => s.id === imported.structureId);
    expect(listed).toMatchObject({ name: 'Delivery note', latestVersion: 2, versionCount: 2 });
    const choices = await listStructureChoices(db);
    expect(choices.find((c) => c.structureId === imported.structureId)?.versions).toEqual([2, 1]);

    // The export imports again as the same schema and hints.
    const exported = structureExport(v1!);
    const again = await importStructure(db, { name: 'Copy', json: JSON.stringify(exported) });
    const copy = await getStructureVersion(db, again.structureId, 1);
    expect(copy).toMatchObject({ name: 'Copy', schema: v1!.schema, hints: v1!.hints });
  });

  it('stores nothing from a bad document and needs a name for an import', async () => {
    const db = database.db;
    const before = (await db.select().from(structureVersions)).length;
    await inputError(() => importStructure(db, { json: '{"schema": {"type": 7}, "hints": {"fields": {}}}' }));
    const unnamed = await inputError(() =>
      importStructure(db, { json: JSON.stringify({ ...sampleDocument, name: undefined }) }),
    );
    expect(unnamed.fieldErrors?.name).toBeDefined();
    const unknown = await inputError(() =>
      addVersionToStructure(db, '00000000-0000-4000-8000-000000000000', {
        json: JSON.stringify(sampleDocument),
      }),
    );
    expect(unknown.message).toMatch(/does not exist/);
    expect((await db.select().from(structureVersions)).length).toBe(before);
  });

  it('creates a deployment, keeps every change in its history in order', async () => {
    const db = database.db;
    const structure = await importStructure(db, {
      json: JSON.stringify({ ...sampleDocument, name: 'Notes' }),
    });
    await addVersionToStructure(db, structure.structureId, { json: JSON.stringify(sampleDocument) });
    const deployment = await createAdminDeployment(db, {
      name: 'Notes (staging)',
      structureId: structure.structureId,
      structureVersion: 1,
      pricePerPage: 0.05,
      accountId: null,
    });
    expect(deployment).toMatchObject({
      structureName: 'Delivery note',
      structureVersion: 1,
      accountName: null,
    });
    expect(deployment.pricePerPage).toBeCloseTo(0.05);

    const base = { id: deployment.id, structureId: structure.structureId, pricePerPage: 0.05 };
    await editAdminDeployment(db, { ...base, name: 'Notes (production)', structureVersion: 1 });
    const { changed } = await editAdminDeployment(db, {
      ...base,
      name: 'Notes (production)',
      structureVersion: 2,
    });
    expect(changed).toEqual(['structure version']);
    await editAdminDeployment(db, {
      ...base,
      name: 'Notes (production)',
      structureVersion: 2,
      pricePerPage: 0.2,
    });

    const nothing = await inputError(() =>
      editAdminDeployment(db, {
        ...base,
        name: 'Notes (production)',
        structureVersion: 2,
        pricePerPage: 0.2,
      }),
    );
    expect(nothing.message).toMatch(/Nothing changed/);
    const unknownVersion = await inputError(() =>
      editAdminDeployment(db, { ...base, name: 'Notes (production)', structureVersion: 9 }),
    );
    expect(unknownVersion.fieldErrors?.structure?.[0]).toMatch(/Version 9 .* does not exist/);

    const history = await listDeploymentHistory(db, deployment.id);
    expect(history.map((h) => h.created)).toEqual([true, false, false, false]);
    expect(history[1].changes).toEqual([
      { field: 'name', from: 'Notes (staging)', to: 'Notes (production)' },
    ]);
    expect(history[2].changes).toEqual([
      {
        field: 'structure',
        from: { structureId: structure.structureId, structureName: 'Delivery note', version: 1 },
        to: { structureId: structure.structureId, structureName: 'Delivery note', version: 2 },
      },
    ]);
    expect(history[3].changes).toEqual([{ field: 'price_per_page', from: null, to: 0.2 }]);
    for (let i = 1; i < history.length; i++) {
      expect(history[i].createdAt.getTime()).toBeGreaterThanOrEqual(history[i - 1].createdAt.getTime());
    }

    const now = await getAdminDeployment(db, deployment.id);
    expect(now).toMatchObject({ name: 'Notes (production)', structureVersion: 2 });
    expect((await listAdminDeployments(db)).map((d) => d.name)).toContain('Notes (production)');
  });

  it('refuses a deployment on an unknown structure version, storing nothing', async () => {
    const db = database.db;
    const [first] = await listStructures(db);
    const before = (await listAdminDeployments(db)).length;
    const error = await inputError(() =>
      createAdminDeployment(db, {
        name: 'Broken',
        structureId: first.id,
        structureVersion: 99,
        pricePerPage: 0.1,
        accountId: null,
      }),
    );
    expect(error.fieldErrors?.structure).toBeDefined();
    expect((await listAdminDeployments(db)).length).toBe(before);
  });

  it('creates accounts, refuses a duplicate name, tops up credits', async () => {
    const db = database.db;
    const account = await createAccount(db, { name: 'Acme', credits: 10 });
    expect(account).toMatchObject({ name: 'Acme', credits: 10, keyCount: 0 });
    const duplicate = await inputError(() => createAccount(db, { name: 'acme', credits: 0 }));
    expect(duplicate.fieldErrors?.name?.[0]).toMatch(/already exists/);

    expect(await topUpCredits(db, account.id, 25.5)).toBeCloseTo(35.5);
    expect(await creditsOf(db, account.id)).toBeCloseTo(35.5);
    const negative = await inputError(() => topUpCredits(db, account.id, -5));
    expect(negative.fieldErrors?.amount?.[0]).toMatch(/more than 0/);
    await inputError(() => topUpCredits(db, account.id, 2_000_000));
    await inputError(() => topUpCredits(db, '00000000-0000-4000-8000-000000000000', 5));
    expect(await creditsOf(db, account.id)).toBeCloseTo(35.5);
    expect((await listAccounts(db)).find((a) => a.id === account.id)?.credits).toBeCloseTo(35.5);
  });

  it('lists keys without their hashes; a created key works once revoked it does not', async () => {
    const db = database.db;
    const account = await createAccount(db, { name: 'Keys Inc', credits: 0 });
    const { key, summary } = await createKeyForAccount(db, account.id, 'CI');
    expect(key).toMatch(/^emk_/);
    expect(summary).toMatchObject({ name: 'CI', prefix: key.slice(0, 10), revokedAt: null });
    expect((await accountForKey(db, key))?.id).toBe(account.id);

    const keys = await listApiKeys(db, account.id);
    const hash = createHash('sha256').update(key).digest('hex');
    expect(Object.keys(keys[0]).sort()).toEqual([
      'createdAt',
      'id',
      'lastUsedAt',
      'name',
      'prefix',
      'revokedAt',
    ]);
    for (const text of [JSON.stringify(keys), JSON.stringify(await listAccounts(db))]) {
      expect(text).not.toContain(hash);
      expect(text).not.toContain(key);
    }
    expect((await getAccount(db, account.id))?.activeKeyCount).toBe(1);

    const other = await createAccount(db, { name: 'Other', credits: 0 });
    const foreign = await inputError(() => revokeKeyOfAccount(db, other.id, summary.id));
    expect(foreign.message).toMatch(/does not belong/);

    const revoked = await revokeKeyOfAccount(db, account.id, summary.id);
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(await accountForKey(db, key)).toBeNull();
    const twice = await inputError(() => revokeKeyOfAccount(db, account.id, summary.id));
    expect(twice.message).toMatch(/revoked already/);
    expect(await getAccount(db, account.id)).toMatchObject({ keyCount: 1, activeKeyCount: 0 });
  });

  it('answers null for ids that are not UUIDs instead of a database error', async () => {
    const db = database.db;
    expect(await getStructure(db, 'not-a-uuid')).toBeNull();
    expect(await getStructureVersion(db, 'not-a-uuid', 1)).toBeNull();
    expect(await getAdminDeployment(db, '1; drop table x')).toBeNull();
    expect(await getAccount(db, '')).toBeNull();
    expect(await listDeploymentHistory(db, 'x')).toEqual([]);
    expect(await listApiKeys(db, 'x')).toEqual([]);
  });
});

describe('admin actions and the export route (PGlite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase({ memory: true });
    await seedService(database.db);
    session.db = database.db;
  });
  afterAll(() => database?.close());

  it('refuses everyone but admins, changing nothing', async () => {
    const before = await listAccounts(database.db);
    session.user = null;
    expect(await createAccountAction(formOf({ name: 'Nobody', credits: '5' }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Sign in/),
    });
    session.user = reviewer;
    for (const result of [
      await createAccountAction(formOf({ name: 'Nobody', credits: '5' })),
      await importStructureAction(formOf({ name: '', json: JSON.stringify(sampleDocument) })),
      await topUpAction(formOf({ accountId: before[0]?.id ?? '', amount: '5' })),
    ]) {
      expect(result).toEqual({ ok: false, message: 'Only admins may do this.' });
    }
    expect(await listAccounts(database.db)).toEqual(before);

    const params = Promise.resolve({ id: SEEDED.invoice.structureId, version: '1' });
    expect((await exportStructureVersion(new Request('http://x'), { params })).status).toBe(403);
    session.user = null;
    expect((await exportStructureVersion(new Request('http://x'), { params })).status).toBe(401);
  });

  it('exports a version as a JSON download that imports back', async () => {
    session.user = admin;
    const params = Promise.resolve({ id: SEEDED.invoice.structureId, version: '1' });
    const response = await exportStructureVersion(new Request('http://x'), { params });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="invoice-v1.json"');
    const text = await response.text();
    const imported = await importStructureAction(formOf({ name: 'Invoice copy', json: text }));
    expect(imported).toMatchObject({ ok: true, data: { version: 1 } });
    for (const version of ['0', '2', 'x', '1e3']) {
      const missing = await exportStructureVersion(new Request('http://x'), {
        params: Promise.resolve({ id: SEEDED.invoice.structureId, version }),
      });
      expect(missing.status).toBe(404);
    }
  });

  it('answers bad input with field errors, and good input with the result', async () => {
    session.user = admin;
    const badJson = await addStructureVersionAction(
      formOf({ structureId: SEEDED.invoice.structureId, json: '{"schema": ' }),
    );
    expect(badJson.ok).toBe(false);
    expect(!badJson.ok && badJson.fieldErrors?.json?.[0]).toMatch(/not valid JSON/);

    const badDeployment = await createDeploymentAction(
      formOf({ name: '', structure: `${SEEDED.invoice.structureId}@7`, pricePerPage: 'free', accountId: '' }),
    );
    expect(badDeployment).toMatchObject({
      ok: false,
      fieldErrors: {
        name: ['Enter a name.'],
        pricePerPage: ['Enter the price per page as a number, like 25 or 0.10.'],
      },
    });
    const unknownVersion = await createDeploymentAction(
      formOf({
        name: 'Seven',
        structure: `${SEEDED.invoice.structureId}@7`,
        pricePerPage: '0.1',
        accountId: '',
      }),
    );
    expect(!unknownVersion.ok && unknownVersion.fieldErrors?.structure?.[0]).toMatch(/Version 7/);

    const created = await createDeploymentAction(
      formOf({
        name: 'Staging',
        structure: `${SEEDED.invoice.structureId}@1`,
        pricePerPage: '0.1',
        accountId: '',
      }),
    );
    expect(created.ok).toBe(true);
    const id = created.ok ? created.data.id : '';
    const renamed = await editDeploymentAction(
      formOf({ id, name: 'Production', structure: `${SEEDED.invoice.structureId}@1`, pricePerPage: '0.1' }),
    );
    expect(renamed).toEqual({ ok: true, data: { changed: ['name'] } });

    const account = await createAccountAction(formOf({ name: 'Action Co', credits: '1' }));
    expect(account.ok).toBe(true);
    const accountId = account.ok ? account.data.id : '';
    expect(await createAccountAction(formOf({ name: 'Action Co', credits: '1' }))).toMatchObject({
      ok: false,
      fieldErrors: { name: [expect.stringMatching(/already exists/)] },
    });
    expect(await topUpAction(formOf({ accountId, amount: '-3' }))).toMatchObject({
      ok: false,
      fieldErrors: { amount: ['The amount must be more than 0.'] },
    });
    expect(await topUpAction(formOf({ accountId, amount: '9' }))).toEqual({
      ok: true,
      data: { added: 9, balance: 10 },
    });

    const key = await createKeyAction(formOf({ accountId, name: 'CI' }));
    expect(key.ok && key.data.key).toMatch(/^emk_/);
    const [summary] = await listApiKeys(database.db, accountId);
    expect(await revokeKeyAction(formOf({ accountId, keyId: summary.id }))).toEqual({
      ok: true,
      data: { id: summary.id },
    });
    expect(await revokeKeyAction(formOf({ accountId, keyId: summary.id }))).toMatchObject({
      ok: false,
      message: 'This key was revoked already.',
    });
  });
});
