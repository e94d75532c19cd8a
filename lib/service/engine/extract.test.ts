import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SeedStructureKey, seedDefinition } from '@/lib/service/structures';
import { readDocument, ruleExtractor, UnreadableDocumentError, validateExtraction } from './index';
import type { ReadDocument } from './types';

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/documents');
const fixture = async (name: string) => new Uint8Array(await readFile(path.join(FIXTURES, name)));

const invoice = seedDefinition('invoice');

const inUnit = (b: unknown) =>
  Array.isArray(b) &&
  b.length === 4 &&
  b.every((v) => v >= 0 && v <= 1) &&
  b[0] + b[2] <= 1.0001 &&
  b[1] + b[3] <= 1.0001;

describe('invoice-basic.pdf (text layer)', () => {
  let doc: ReadDocument;
  beforeAll(async () => {
    doc = await readDocument({ bytes: await fixture('invoice-basic.pdf'), filename: 'invoice-basic.pdf' });
  });

  it('reads positioned lines with label and value in separate spans', () => {
    expect(doc.kind).toBe('pdf');
    expect(doc.mimeType).toBe('application/pdf');
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.pages).toHaveLength(1);
    const line = doc.pages[0].lines.find((l) => l.text.startsWith('Invoice No.'))!;
    expect(line.spans.map((s) => s.text)).toEqual(['Invoice No.', 'INV-2024-0042']);
    for (const s of line.spans) expect(inUnit(s.bbox)).toBe(true);
    // Lines run top to bottom.
    const ys = doc.pages[0].lines.map((l) => l.bbox![1]);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  });

  it('extracts every header field and the line items exactly', async () => {
    const result = await ruleExtractor.extract([doc], invoice);
    expect(result.data).toEqual({
      invoice_number: 'INV-2024-0042',
      issue_date: '2024-03-05',
      due_date: '2024-04-04',
      currency: 'EUR',
      seller: {
        name: 'Acme Widgets GmbH',
        address: 'Hauptstraße 12, 10115 Berlin, Germany',
        vat_id: 'DE123456789',
      },
      buyer: { name: 'Globex Corporation', address: '742 Evergreen Terrace, Springfield, OR 97403' },
      line_items: [
        { description: 'Widget, large (blue)', quantity: 10, unit_price: 12.5, amount: 125 },
        { description: 'Assembly service', quantity: 3, unit_price: 80, amount: 240 },
        { description: 'Shipping and handling', quantity: 1, unit_price: 1234.56, amount: 1234.56 },
      ],
      subtotal: 1599.56,
      tax: 303.92,
      total: 1903.48,
    });
    expect(validateExtraction(result.data, invoice)).toEqual([]);
  });

  it('records a source and a confidence for every value', async () => {
    const { sources, confidence } = await ruleExtractor.extract([doc], invoice);
    const pointers = [
      '/invoice_number',
      '/issue_date',
      '/due_date',
      '/currency',
      '/seller/name',
      '/seller/address',
      '/seller/vat_id',
      '/buyer/name',
      '/buyer/address',
      '/subtotal',
      '/tax',
      '/total',
      ...[0, 1, 2].flatMap((i) =>
        ['description', 'quantity', 'unit_price', 'amount'].map((k) => `/line_items/${i}/${k}`),
      ),
    ];
    expect(Object.keys(sources).sort()).toEqual([...pointers].sort());
    for (const p of pointers) {
      expect(sources[p].document).toBe(0);
      expect(sources[p].page).toBe(1);
      expect(inUnit(sources[p].bbox), p).toBe(true);
      expect(confidence[p], p).toBeGreaterThan(0.5);
      expect(confidence[p], p).toBeLessThanOrEqual(1);
    }
    expect(sources['/total'].text).toBe('€ 1,903.48');
    expect(sources['/invoice_number'].text).toBe('INV-2024-0042');
    // The total sits in the lower right of the totals block, below the line items.
    expect(sources['/total'].bbox![0]).toBeGreaterThan(0.6);
    expect(sources['/total'].bbox![1]).toBeGreaterThan(sources['/line_items/2/amount'].bbox![1]);
  });

  it('is fast once warm (text layer + extraction)', async () => {
    const bytes = await fixture('invoice-basic.pdf');
    const t0 = performance.now();
    const runs = 5;
    for (let i = 0; i < runs; i++) await ruleExtractor.extract([await readDocument({ bytes })], invoice);
    const ms = (performance.now() - t0) / runs;
    console.info(`invoice-basic.pdf: readDocument + extract ${ms.toFixed(1)} ms (mean of ${runs}, warm)`);
    expect(ms).toBeLessThan(1500);
  });
});

describe('invoice-multipage.pdf (EU numbers, table over two pages)', () => {
  it('continues the table on page 2, skipping the repeated header', async () => {
    const doc = await readDocument({
      bytes: await fixture('invoice-multipage.pdf'),
      mimeType: 'application/pdf',
    });
    expect(doc.pages).toHaveLength(2);
    const { data, sources } = await ruleExtractor.extract([doc], invoice);
    const items = data.line_items as {
      description: string;
      quantity: number;
      unit_price: number;
      amount: number;
    }[];
    expect(items).toHaveLength(34);
    expect(items[0]).toEqual({
      description: 'Consulting block 1',
      quantity: 2,
      unit_price: 1007.25,
      amount: 2014.5,
    });
    expect(items[33]).toEqual({
      description: 'Consulting block 34',
      quantity: 3,
      unit_price: 1246.5,
      amount: 3739.5,
    });
    expect(items.map((i) => i.description)).not.toContain('Description');
    expect(sources['/line_items/33/amount'].page).toBe(2);
    expect(data).toMatchObject({
      invoice_number: 'R-7731',
      issue_date: '2024-03-05',
      due_date: '2024-04-04',
      currency: 'EUR',
      seller: { name: 'Beispiel Beratung AG', address: 'Bahnhofstrasse 1, 8001 Zürich' },
      buyer: { name: 'Initech SARL', address: '3 rue de la Paix, 75002 Paris' },
      subtotal: 95730,
      tax: 19146,
      total: 114876,
    });
    expect(validateExtraction(data, invoice)).toEqual([]);
  });
});

describe('plain text', () => {
  const text = [
    'ACME SUPPLIES LTD',
    'Invoice #: 2024/118        Date: 03/15/2024',
    'Due date: April 14, 2024',
    '',
    'Bill to:',
    'Jane Doe',
    '1 Main Street',
    '',
    'Item                    Qty     Price      Total',
    'Paper A4                  5     $4.50     $22.50',
    'Toner                     1    $89.00     $89.00',
    '',
    'Subtotal                                 $111.50',
    'Sales tax                                  $9.20',
    'Amount due                               $120.70',
  ].join('\n');

  it('reads text into lines and extracts from it, with null boxes in sources', async () => {
    const doc = await readDocument({ text });
    expect(doc.kind).toBe('text');
    expect(doc.pages[0].lines[1].spans.map((s) => s.text)).toEqual([
      'Invoice #: 2024/118',
      'Date: 03/15/2024',
    ]);
    const { data, sources } = await ruleExtractor.extract([doc], invoice);
    expect(data).toMatchObject({
      invoice_number: '2024/118',
      issue_date: '2024-03-15',
      due_date: '2024-04-14',
      currency: 'USD',
      buyer: { name: 'Jane Doe', address: '1 Main Street' },
      line_items: [
        { description: 'Paper A4', quantity: 5, unit_price: 4.5, amount: 22.5 },
        { description: 'Toner', quantity: 1, unit_price: 89, amount: 89 },
      ],
      subtotal: 111.5,
      tax: 9.2,
      total: 120.7,
    });
    expect(sources['/total']).toEqual({ document: 0, page: 1, bbox: null, text: '$120.70' });
  });

  it('splits long text into pages and honours form feeds', async () => {
    const many = Array.from({ length: 130 }, (_, i) => `line ${i}`).join('\n');
    expect((await readDocument({ text: many })).pages).toHaveLength(3);
    expect((await readDocument({ text: 'a\fb' })).pages.map((p) => p.lines[0].text)).toEqual(['a', 'b']);
  });
});

describe('the other seeded structures (corpus documents with ground truth)', () => {
  it.each<[SeedStructureKey, string]>([
    ['receipt', 'receipt'],
    ['purchase_order', 'purchase-order'],
    ['bank_statement', 'bank-statement'],
  ])('%s: every field exactly, and valid', async (key, file) => {
    const structure = seedDefinition(key);
    const truth = JSON.parse(await readFile(path.join(FIXTURES, `${file}.truth.json`), 'utf8'));
    const doc = await readDocument({ bytes: await fixture(`${file}.pdf`) });
    const { data, sources } = await ruleExtractor.extract([doc], structure);
    expect(data).toEqual(truth);
    expect(validateExtraction(data, structure)).toEqual([]);
    for (const source of Object.values(sources)) expect(inUnit(source.bbox)).toBe(true);
  });
});

describe('a till roll', () => {
  it("reads an amount that ends its label's line however far the roll's width puts it", async () => {
    const receipt = seedDefinition('receipt');
    const gap = ' '.repeat(66);
    const text = `The Crown & Anchor\nDate: 21/03/2026\nCappuccino${gap}£3.20\nTotal${gap}     £26.30\nReceipt${gap}    55812\n`;
    const { data } = await ruleExtractor.extract([await readDocument({ text })], receipt);
    expect(data.total).toBe(26.3);
    // A code so far from its label is no surer to be its value: only amounts are read that far.
    expect(data.receipt_number).toBeUndefined();
  });

  it('reads a date its narrow column wrapped onto the line under it', async () => {
    const receipt = seedDefinition('receipt');
    const text = `Panadería Sol\nFecha:       22 de febrero\n             de 2024\nPan de barra        9,20 €\nTotal               9,20 €\n`;
    const { data } = await ruleExtractor.extract([await readDocument({ text })], receipt);
    expect(data.date).toBe('2024-02-22');
  });

  it('reads a date its narrow column wrapped over two more lines, and no further', async () => {
    const receipt = seedDefinition('receipt');
    const roll = (...wrapped: string[]) =>
      `Café Central\nData:       26 de\n${wrapped.map((l) => `            ${l}\n`).join('')}Pão        9,20 €\nTotal      9,20 €\n`;
    const date = async (text: string) =>
      (await ruleExtractor.extract([await readDocument({ text })], receipt)).data.date;
    expect(await date(roll('novembro', 'de 2024'))).toBe('2024-11-26');
    expect(await date(roll('de', 'novembro', 'de 2024'))).toBeUndefined();
  });

  it("reads a date wrapped from inside its label's span, its rest starting under it but not at its start", async () => {
    // OCR gives "Fecha: 17 de" as one span: where "17" starts in it is guessed from the letters.
    const roll = (indent: number) =>
      `Supermercado Sol\nFecha: 17 de\n${' '.repeat(indent)}noviembre de\n${' '.repeat(indent)}2024 10:36\nPan de barra        9,20 €\nTotal               9,20 €\n`;
    const date = async (text: string) =>
      (await ruleExtractor.extract([await readDocument({ text })], seedDefinition('receipt'))).data.date;
    expect(await date(roll(9))).toBe('2024-11-17');
    // Starting left of the value, under its label, the lines are not the date's.
    expect(await date(roll(2))).toBeUndefined();
  });

  it('reads a means of payment its narrow column wrapped onto the line under it', async () => {
    const method = async (text: string) =>
      (await ruleExtractor.extract([await readDocument({ text })], seedDefinition('receipt'))).data
        .payment_method;
    const roll = (second: string) =>
      `Café Het Hoekje\nKoffie        3,20 €\nTotaal        3,20 €\nBetaling      Apple\n${second}\n`;
    expect(await method(roll('              Pay'))).toBe('mobile');
    // Under another column, the line is not the value's.
    expect(await method(roll('Pay'))).toBeUndefined();
  });

  describe("whose items' names stand over their count, price and amount", () => {
    const items = async (header: string, names: [string, string]) => {
      const text = `Supermercado Sol\nCalle Mayor 1, Madrid\n${header}\n${names[0]}\n2 x 1,50                        3,00\n${names[1]}\n1 x 0,90                        0,90\nTOTAL                           3,90\n`;
      const { data } = await ruleExtractor.extract([await readDocument({ text })], seedDefinition('receipt'));
      return data.line_items;
    };
    const expected = (names: [string, string]) => [
      { description: names[0], quantity: 2, unit_price: 1.5, amount: 3 },
      { description: names[1], quantity: 1, unit_price: 0.9, amount: 0.9 },
    ];

    it('reads each name for the figures under it, under a header with no caption for the names', async () => {
      for (const header of ['UDS x PRECIO                 IMPORTE', 'CANT x PRECIO                IMPORTE']) {
        const names: [string, string] = ['AGUA MINERAL 50CL', 'PAN DE BARRA'];
        expect(await items(header, names)).toEqual(expected(names));
      }
    });

    it('reads the count in the description column as the count, the name over it as the description', async () => {
      const names: [string, string] = ['Café con leche', 'Agua mineral'];
      expect(await items('Descripción                  Importe', names)).toEqual(expected(names));
    });
  });
});

describe("a purchase order's number", () => {
  const poNumber = async (text: string) =>
    (await ruleExtractor.extract([await readDocument({ text })], seedDefinition('purchase_order'))).data
      .po_number;

  it('follows its title or a reference label, in several languages', async () => {
    expect(await poNumber('PURCHASE ORDER   4500012345\nOrder date: 2026-03-02\n')).toBe('4500012345');
    expect(await poNumber('Bestellung B-2291\nDatum: 02.03.2026\n')).toBe('B-2291');
    expect(await poNumber('Réf. commande : CMD-7781\nDate : 02/03/2026\n')).toBe('CMD-7781');
    expect(await poNumber('Auftragsnummer: 88120\n')).toBe('88120');
  });

  it('is not a title with no number after it', async () => {
    expect(await poNumber('PURCHASE ORDER\nThank you for your business\n')).toBeUndefined();
  });
});

describe('an invoice whose table header OCR garbled past reading', () => {
  it('reads its items line by line, as a till roll is read', async () => {
    const text = `ACME Tools Ltd
Invoice INV-2024-0042
Date: 03/05/2024
Dscrpt1on        Oty      Pr1ce       Arnount
Hammer            2       12.50        25.00
Screwdriver set   1       18.00        18.00
Subtotal                               43.00
VAT 20%                                 8.60
Total                                  51.60
`;
    const { data } = await ruleExtractor.extract([await readDocument({ text })], invoice);
    expect(data.line_items).toEqual([
      { description: 'Hammer', quantity: 2, unit_price: 12.5, amount: 25 },
      { description: 'Screwdriver set', quantity: 1, unit_price: 18, amount: 18 },
    ]);
  });
});

describe("an Iberian invoice's number", () => {
  const invoiceNumber = async (text: string) =>
    (await ruleExtractor.extract([await readDocument({ text })], invoice)).data.invoice_number;

  it('follows "Fra." and the series and document labels', async () => {
    expect(await invoiceNumber('Nº Fra.: 2026/042\nFecha: 12/03/2026\n')).toBe('2026/042');
    expect(await invoiceNumber('Serie y número: A/2026/042\n')).toBe('A/2026/042');
    expect(await invoiceNumber('Número de documento: FT 2026/314\n')).toBe('FT 2026/314');
    expect(await invoiceNumber('Número de fatura\nFT 2026/314\n')).toBe('FT 2026/314');
  });

  it('follows a bare "Número:" in its own span, below any label of the invoice itself', async () => {
    expect(await invoiceNumber('Serie: A   Número: 2026-001\n')).toBe('2026-001');
    expect(await invoiceNumber('Cliente\nNúmero: 4711\nFactura A-2026-001\n')).toBe('A-2026-001');
    expect(await invoiceNumber('Número de cliente: 4711\n')).toBeUndefined();
  });
});

describe('DOCX and CSV', () => {
  it('reads a Word document through mammoth', async () => {
    const doc = await readDocument({ bytes: await fixture('invoice-basic.docx'), filename: 'invoice.docx' });
    expect(doc.kind).toBe('docx');
    const { data, sources } = await ruleExtractor.extract([doc], invoice);
    expect(data).toEqual({
      invoice_number: 'INV-2024-0042',
      issue_date: '2024-03-05',
      due_date: '2024-04-04',
      currency: 'EUR',
      seller: { name: 'Acme Widgets GmbH', address: 'Hauptstraße 12, 10115 Berlin, Germany' },
      subtotal: 1599.56,
      tax: 303.92,
      total: 1903.48,
    });
    expect(sources['/total'].bbox).toBeNull();
  });

  it('reads CSV rows as lines of cells, so tables map by column', async () => {
    const csv =
      'Description;Qty;Unit price;Amount\n"Paper; A4";5;4,50;22,50\nToner;1;89,00;89,00\nTotal;;;111,50\n';
    const doc = await readDocument({ bytes: new TextEncoder().encode(csv), filename: 'items.csv' });
    expect(doc.kind).toBe('csv');
    expect(doc.pages[0].lines[1].spans.map((s) => s.text)).toEqual(['Paper; A4', '5', '4,50', '22,50']);
    const { data } = await ruleExtractor.extract([doc], invoice);
    expect(data.line_items).toEqual([
      { description: 'Paper; A4', quantity: 5, unit_price: 4.5, amount: 22.5 },
      { description: 'Toner', quantity: 1, unit_price: 89, amount: 89 },
    ]);
    expect(data.total).toBe(111.5);
  });
});

describe('unreadable input', () => {
  it('refuses a corrupt PDF with a clear message', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage');
    await expect(readDocument({ bytes, mimeType: 'application/pdf' })).rejects.toThrow(
      UnreadableDocumentError,
    );
    await expect(readDocument({ bytes, mimeType: 'application/pdf' })).rejects.toThrow(/PDF could not be/);
  });

  it('refuses a truncated PDF', async () => {
    const full = await fixture('invoice-basic.pdf');
    await expect(readDocument({ bytes: full.subarray(0, 400) })).rejects.toThrow(UnreadableDocumentError);
  });

  it('refuses unsupported and empty documents', async () => {
    const gif = new Uint8Array([
      0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff,
    ]);
    await expect(readDocument({ bytes: gif, filename: 'a.gif' })).rejects.toThrow(
      'Unsupported document type image/gif',
    );
    await expect(readDocument({ bytes: new Uint8Array() })).rejects.toThrow(UnreadableDocumentError);
    const binary = new Uint8Array([0, 1, 2, 3, 0xff, 0xfe, 0, 0]);
    await expect(readDocument({ bytes: binary, mimeType: 'text/plain' })).rejects.toThrow(
      UnreadableDocumentError,
    );
  });

  it('uses the MIME type, then the extension, when magic bytes say nothing', async () => {
    const bytes = new TextEncoder().encode('Invoice No.: 7\nTotal: 10.00 EUR');
    expect((await readDocument({ bytes, mimeType: 'text/plain' })).kind).toBe('text');
    expect((await readDocument({ bytes, filename: 'inv.txt' })).kind).toBe('text');
    expect((await readDocument({ bytes, filename: 'inv.csv' })).kind).toBe('csv');
  });
});
