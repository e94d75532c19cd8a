import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteMemory, listMemory } from '@/lib/service/learning/memory-store';
import { databaseKinds } from '../support/database';
import { type Harness, INVOICE_DEPLOYMENT, startServiceHarness } from '../support/service-harness';

// An issuer whose wording the rules do not know ("Our ref.", "Sum to remit" above the amount).
const kestrel = (ref: string, total: string, customer: string) => `Kestrel Analytics Pty Ltd
12 Wharf Road
Sydney NSW 2000

${customer}

Our ref.       ${ref}
Issued         2 March 2026

Consulting                               ${total}

Sum to remit
${total}`;

// An issuer whose table captions the rules do not know, its lines ending in a code (so no line
// reads as a till roll's item either): no items are read until a correction.
const osprey = (rows: [string, number, number][]) => `Osprey Survey GmbH
Hafenstraße 3
20457 Hamburg

Invoice No.: OS-${rows.length}

Job                          Lot       Each        Line    Code
${rows.map(([job, lot, each], i) => `${job.padEnd(29)}${String(lot).padStart(3)}${each.toFixed(2).padStart(12)}${(lot * each).toFixed(2).padStart(12)}    J-${i + 1}`).join('\n')}

Total                                           ${rows.reduce((a, [, lot, each]) => a + lot * each, 0).toFixed(2)}`;

// An issuer without a legal form over a customer with one: the rules take the customer for the
// issuer, so the issuer is known by the name the reviewer gives it. Its numbers have spaces in them.
const vandelay = (ref: string, customer: string) => `Vandelay Industries
12 Harbour Road, 10115 Berlin

${customer}
3 rue de la Paix
75002 Paris

Our ref.       ${ref}
Issued         2 March 2026

Latex goods                               1,250.00

Sum to remit   1,250.00`;

describe.each(databaseKinds)('learning from corrections on $name', ({ target }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServiceHarness(target);
  });
  afterAll(() => h?.close());

  const extract = async (text: string, options: { key?: string; tenant?: string } = {}) => {
    const res = await h.call('POST', `/v3/deployments/${INVOICE_DEPLOYMENT}`, {
      body: { documents: [{ text }] },
      key: options.key,
      headers: options.tenant ? { 'x-tenant-id': options.tenant } : {},
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  const correct = async (entryId: string, patches: { path: string; value: unknown }[], tenant?: string) => {
    const res = await h.call('POST', `/v3/entries/${entryId}/correction`, {
      body: { patches },
      headers: tenant ? { 'x-tenant-id': tenant } : {},
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('reads the next document of a corrected issuer where the correction showed, for that account only', async () => {
    const a = await extract(kestrel('KA-1001', 'A$1,100.00', 'Blue Harbour Pty Ltd'));
    expect(a.data.invoice_number).not.toBe('KA-1001');
    const answer = await correct(a.entry_id, [
      { path: '/invoice_number', value: 'KA-1001' },
      { path: '/total', value: 1100 },
    ]);
    expect(answer.learned_fields).toEqual(expect.arrayContaining(['/invoice_number', '/total']));

    const b = await extract(kestrel('KA-1002', 'A$2,420.50', 'Seaside Cafe Pty Ltd'));
    expect(b.data).toMatchObject({ invoice_number: 'KA-1002', total: 2420.5 });
    expect(b.sources['/invoice_number']).toMatchObject({ method: 'learned', text: 'KA-1002' });
    expect(b.confidence['/total']).toBeGreaterThan(0.9);

    // Another account does not benefit.
    const other = await h.newAccount('other-account');
    const c = await extract(kestrel('KA-1003', 'A$10.00', 'Seaside Cafe Pty Ltd'), { key: other.apiKey });
    expect(c.data.invoice_number).not.toBe('KA-1003');
    expect(c.sources['/invoice_number']?.method).toBeUndefined();
  });

  it('knows an issuer by the name a correction gives it, and reads a number whole where it was shown', async () => {
    const a = await extract(vandelay('VI 77 0042', 'Wayne Logistics LLC'));
    expect(a.data.seller?.name).not.toBe('Vandelay Industries');
    expect(a.data.invoice_number).not.toBe('VI 77 0042');
    const answer = await correct(a.entry_id, [
      { path: '/seller/name', value: 'Vandelay Industries' },
      { path: '/invoice_number', value: 'VI 77 0042' },
    ]);
    expect(answer.learned_fields).toEqual(expect.arrayContaining(['/seller/name', '/invoice_number']));

    // Another customer, so the rules' own guess at the issuer changes: the memory is still found.
    const b = await extract(vandelay('VI 77 0057', 'Tyrell Corp'));
    expect(b.data.seller?.name).toBe('Vandelay Industries');
    expect(b.data.invoice_number).toBe('VI 77 0057');
    expect(b.sources['/invoice_number']).toMatchObject({ method: 'learned' });
  });

  it('keeps tenants apart, learns nothing from a value the document lacks, and lets a later correction undo', async () => {
    const doc = kestrel('KB-1', 'A$5.00', 'Blue Harbour Pty Ltd');
    const a = await extract(doc, { tenant: 't-1' });
    expect(
      (await correct(a.entry_id, [{ path: '/invoice_number', value: 'KB-1' }], 't-1')).learned_fields,
    ).toContain('/invoice_number');
    expect(
      (await extract(kestrel('KB-2', 'A$6.00', 'X Pty Ltd'), { tenant: 't-1' })).data.invoice_number,
    ).toBe('KB-2');
    expect(
      (await extract(kestrel('KB-3', 'A$6.00', 'X Pty Ltd'), { tenant: 't-2' })).data.invoice_number,
    ).not.toBe('KB-3');
    // A typo fixed by hand (not printed anywhere) teaches nothing and forgets the field.
    expect(
      (await correct(a.entry_id, [{ path: '/invoice_number', value: 'KB-0001' }], 't-1')).learned_fields,
    ).not.toContain('/invoice_number');
    expect(
      (await extract(kestrel('KB-4', 'A$6.00', 'X Pty Ltd'), { tenant: 't-1' })).sources['/invoice_number']
        ?.method,
    ).toBeUndefined();
  });

  it('learns the captions of a table from its corrected rows and reads the next table with them', async () => {
    const a = await extract(
      osprey([
        ['Survey drone hire', 3, 120],
        ['Data processing', 1, 250],
      ]),
    );
    expect(a.data.line_items).toBeUndefined();
    const rowsA = [
      { description: 'Survey drone hire', quantity: 3, unit_price: 120, amount: 360 },
      { description: 'Data processing', quantity: 1, unit_price: 250, amount: 250 },
    ];
    const answer = await correct(a.entry_id, [{ path: '/line_items', value: rowsA }]);
    expect(answer.learned_fields).toContain('/line_items');

    const b = await extract(
      osprey([
        ['Site visit', 2, 95.5],
        ['Report', 1, 400],
        ['Travel', 3, 0.5],
      ]),
    );
    expect(b.data.line_items).toEqual([
      { description: 'Site visit', quantity: 2, unit_price: 95.5, amount: 191 },
      { description: 'Report', quantity: 1, unit_price: 400, amount: 400 },
      { description: 'Travel', quantity: 3, unit_price: 0.5, amount: 1.5 },
    ]);
    expect(b.sources['/line_items/0/quantity']).toMatchObject({ method: 'learned', text: '2' });

    // Another account does not benefit.
    const other = await h.newAccount('osprey-other');
    const c = await extract(osprey([['Site visit', 2, 95.5]]), { key: other.apiKey });
    expect(c.data.line_items).toBeUndefined();
  });

  it('lists what was learned per structure and issuer, and deletes it', async () => {
    const rows = await listMemory(h.database.db);
    const kestrelRows = rows.filter((r) => r.issuer === 'Kestrel Analytics Pty Ltd' && r.tenantId === '');
    expect(kestrelRows.map((r) => r.field)).toEqual(expect.arrayContaining(['/invoice_number', '/total']));
    const [first] = kestrelRows;
    const gone = await deleteMemory(h.database.db, {
      accountId: first.accountId,
      tenantId: null,
      structureId: first.structureId,
      fingerprint: first.fingerprint,
    });
    expect(gone).toBe(kestrelRows.length);
    const b = await extract(kestrel('KA-1009', 'A$3.00', 'Seaside Cafe Pty Ltd'));
    expect(b.sources['/invoice_number']?.method).toBeUndefined();
  });
});
