import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';
import { learnAnchor, readAtAnchors } from './anchors';
import { combineReadings } from './columns';
import { fingerprintOf } from './fingerprint';

const invoice = seedDefinition('invoice');

// An issuer whose wording the rules do not know: "Our ref.", "Sum to remit", a total under its caption.
const doc = (ref: string, total: string, customer: string) =>
  readDocument({
    text: `Kestrel Analytics Pty Ltd
12 Wharf Road
Sydney NSW 2000

${customer}

Our ref.       ${ref}
Issued         2 March 2026

Consulting                               ${total}

Sum to remit
${total}`,
  });

describe('learning anchors from a corrected document', () => {
  it('finds where a corrected value is printed and reads the next document of the issuer there', async () => {
    const a = await doc('KA-1001', 'A$1,100.00', 'Blue Harbour Pty Ltd');
    const b = await doc('KA-1002', 'A$2,420.50', 'Seaside Cafe Pty Ltd');
    const before = extractWithRules([b], invoice);
    expect(before.data.invoice_number).not.toBe('KA-1002');

    const ref = learnAnchor([a], invoice, '/invoice_number', 'KA-1001');
    expect(ref).toEqual({ kind: 'label', label: 'Our ref.', position: 'right' });
    const total = learnAnchor([a], invoice, '/total', 1100);
    expect(total).toEqual({ kind: 'label', label: 'Sum to remit', position: 'below' });

    const learned = readAtAnchors([b], invoice, [
      { pointer: '/invoice_number', anchor: ref! },
      { pointer: '/total', anchor: total! },
    ]);
    expect(learned.data).toEqual({ invoice_number: 'KA-1002', total: 2420.5 });
    expect(learned.sources['/total'].method).toBe('learned');
    expect(learned.confidence['/total']).toBeGreaterThan(0.9);
  });

  it('learns nothing from a value the document does not show', async () => {
    const a = await doc('KA-1001', 'A$1,100.00', 'Blue Harbour Pty Ltd');
    expect(learnAnchor([a], invoice, '/invoice_number', 'KA-9999')).toBeNull();
    expect(learnAnchor([a], invoice, '/total', 1234.56)).toBeNull();
    expect(learnAnchor([a], invoice, '/no_such_field', 'x')).toBeNull();
  });

  it('gives both documents of an issuer the same fingerprint, and another issuer another', async () => {
    const a = fingerprintOf([await doc('KA-1001', 'A$1.00', 'Blue Harbour Pty Ltd')]);
    const b = fingerprintOf([await doc('KA-1002', 'A$2.00', 'Seaside Cafe Pty Ltd')]);
    expect(a).toEqual(b);
    expect(a?.label).toBe('Kestrel Analytics Pty Ltd');
    const other = fingerprintOf([await readDocument({ text: 'Osprey Consulting Ltd\n\nInvoice no: 1' })]);
    expect(other?.key).not.toBe(a?.key);
  });
});

describe('a table read by the rules and at its learned columns', () => {
  it('keeps the learned cells, with the count and the whole item the rules read better', () => {
    const ruled = [
      { description: 'Cappuccino with oat milk', quantity: 2, unit_price: 3.5, amount: 7 },
      { description: 'Tostada', quantity: 3, unit_price: 1, amount: 3.1 },
    ];
    const learned = [
      { description: 'Cappuccino', amount: 7 },
      { description: 'Toast', quantity: 1, unit_price: 3.1, amount: 3.1 },
    ];
    expect(combineReadings(ruled, learned)).toEqual([
      { description: 'Cappuccino with oat milk', quantity: 2, unit_price: 3.5, amount: 7 },
      { description: 'Toast', quantity: 1, unit_price: 3.1, amount: 3.1 },
    ]);
    // Other rows (another amount, another count): the learned reading stands alone.
    expect(combineReadings([ruled[0]], learned)).toBeNull();
    expect(combineReadings([{ amount: 7 }, { amount: 3 }], learned)).toBeNull();
  });

  it("keeps the rules' cells in the columns they read right on the corrected document", () => {
    const ruled = [
      { description: 'Hosting, May', amount: 40 },
      { description: 'Support', amount: 60 },
    ];
    // The learned columns took a note under the first item into it.
    const learned = [
      { description: 'Hosting, May incl. backups', amount: 40 },
      { description: 'Support', amount: 60 },
    ];
    expect(combineReadings(ruled, learned, ['description'])).toEqual(ruled);
    expect(combineReadings(ruled, learned)).toEqual(learned);
  });
});
