import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';
import { continuesName, isAttentionLine, isIdOrContactLine } from './parties';

describe('isAttentionLine', () => {
  it('knows who is to read a letter, not where it goes', () => {
    expect(isAttentionLine('z. Hd. Frau Petra Brandt')).toBe(true);
    expect(isAttentionLine('Attn: Accounts Payable')).toBe(true);
    expect(isAttentionLine('Herrn Dr. Klaus Weber')).toBe(true);
    expect(isAttentionLine('Sägewerkstraße 3')).toBe(false);
    expect(isAttentionLine('72070 Tübingen')).toBe(false);
  });

  it('is not hidden by a speck OCR read as a quote or a dot before it', () => {
    expect(isAttentionLine("'z. Hd. Frau Petra Brandt")).toBe(true);
    expect(isAttentionLine('‘Attn: Accounts Payable')).toBe(true);
    expect(isAttentionLine('. Herrn Dr. Klaus Weber')).toBe(true);
  });
});

describe('isIdOrContactLine', () => {
  it("knows a party's phone and customer number, OCR's misreadings of them too, from its address", () => {
    for (const line of [
      'Tél. 01 23 45 67 89',
      'Tel, 01 23 45 67 89',
      'N° client : 40213',
      'N* cliente: 40213',
      'Kunden-Nr. 10442',
      'Customer no 88213',
      'Réf. client : 40213',
      'Code client 40213',
      'Cell (303) 555-0142',
      '+44 20 7946 0958',
      '030 1234 5678',
      'REA MI-1234567',
    ])
      expect(isIdOrContactLine(line), line).toBe(true);
  });

  it('does not take an address line for one', () => {
    for (const line of [
      'Hôtel de Ville 3',
      'Rue du Client 5, 75002 Paris',
      'Clientes Unidos SA',
      '10115 Berlin',
      'Denver, CO 80202',
      '1600 Amphitheatre Parkway',
      'PO Box 4417',
      'Rue du Client 5',
      'Via Area 5',
    ])
      expect(isIdOrContactLine(line), line).toBe(false);
  });
});

describe('continuesName', () => {
  it('goes on after a joining word or an article the line ends with', () => {
    expect(continuesName('Caixa Popular do', 'Norte')).toBe(true);
    expect(continuesName('Supermercado El', 'Sol')).toBe(true);
    expect(continuesName('Café Het', 'Hoekje')).toBe(true);
    // Not with an address, nor after a whole name.
    expect(continuesName('Supermercado El', 'Calle Alcalá 120')).toBe(false);
    expect(continuesName('Supermercado Sol', 'Elena')).toBe(false);
  });

  it('goes on with the legal form the line lacks, its comma glued to the word before on a scan', () => {
    expect(continuesName('Transportes Norte', 'Unipessoal, Lda.')).toBe(true);
    expect(continuesName('Transportes Norte', 'Unipessoal,Lda.')).toBe(true);
    expect(continuesName('Transportes Norte', 'UnipessoalLda.')).toBe(false);
  });
});

describe('the recipient in the window', () => {
  it("is found when they are in the issuer's street, in another town", async () => {
    const letter = (recipientTown: string) => `Alpenblick Druck GmbH & Co. KG
Lindenallee 3a
04109 Leipzig

Hofmann Logistik AG                        Rechnungs-Nr.: 2024/2925
Lindenallee 3a                             Datum: 20.04.2024
${recipientTown}

Rechnung
`;
    const buyerOf = async (text: string) =>
      extractWithRules([await readDocument({ text })], seedDefinition('invoice')).data.buyer;
    expect(await buyerOf(letter('70173 Stuttgart'))).toEqual({
      name: 'Hofmann Logistik AG',
      address: 'Lindenallee 3a, 70173 Stuttgart',
    });
    // The issuer's own street and town under a name are not the recipient's address.
    expect(await buyerOf(letter('04109 Leipzig'))).toBeUndefined();
  });
});

describe("a party's block over its caption", () => {
  /** A text-layer page: each line's spans at the left edges given (page widths), as wide as their text. */
  const page = (rows: [string, number][][]) => ({
    kind: 'pdf' as const,
    mimeType: 'application/pdf',
    filename: 'po.pdf',
    sha256: null,
    pages: [
      {
        number: 1,
        lines: rows.map((spans, i) => {
          const y = 0.1 + i * 0.016;
          const bbox = (x: number, text: string): [number, number, number, number] => [
            x,
            y,
            0.0065 * text.length,
            0.011,
          ];
          return {
            text: spans.map(([t]) => t).join(' '),
            bbox: bbox(spans[0][1], spans.map(([t]) => t).join(' ')),
            spans: spans.map(([text, x]) => ({ text, bbox: bbox(x, text) })),
          };
        }),
      },
    ],
  });
  const three = (a: string, b: string, c: string): [string, number][] => [
    [a, 0.07],
    [b, 0.3],
    [c, 0.53],
  ];

  it("reads the seller over its caption, passing over the seller's VAT line between them", () => {
    const doc = page([
      [['Invoice', 0.07]],
      three('F-92934', 'November 30, 2024', 'USD'),
      three('Invoice #', 'Date', 'Currency'),
      [
        ['Vandelay Industries', 0.07],
        ['Wayne Logistics LLC', 0.3],
      ],
      [
        ['12 Harbour Road', 0.07],
        ['3 rue de la Paix', 0.3],
      ],
      [
        ['10115 Berlin', 0.07],
        ['Springfield, OR 97403', 0.3],
      ],
      [
        ['VAT No.: FR283787670', 0.07],
        ['Sold to', 0.3],
      ],
      [['Vendor', 0.07]],
    ]);
    const data = extractWithRules([doc], seedDefinition('invoice')).data as {
      seller?: { name?: string; address?: string; vat_id?: string };
    };
    expect(data.seller).toMatchObject({
      name: 'Vandelay Industries',
      address: '12 Harbour Road, 10115 Berlin',
      vat_id: 'FR283787670',
    });
  });

  it("takes a party's name from the block over its caption, not from the next block's line beside it", () => {
    const doc = page([
      [['Encomenda', 0.07]],
      three('2025-5349', '22 de outubro de 2023', 'Pagamento antecipado'),
      three('Nota de encomenda n.º', 'Data', 'Condições de pagamento'),
      three('Oakridge Consulting', 'Umbrella Supplies Ltd', 'Vandelay Industries'),
      three('12 Harbour Road', '3 rue de la Paix', '55 Water Street'),
      three('London NW1 6XE', 'New York, NY 10041', 'Dublin D02 XY45'),
      three('Requisitante', 'United Kingdom', 'Morada de entrega'),
      [['Vendedor', 0.3]],
    ]);
    const data = extractWithRules([doc], seedDefinition('purchase_order')).data as {
      buyer?: { name?: string };
    };
    expect(data.buyer?.name).toBe('Oakridge Consulting');
  });
});

describe('an issuer behind a speck', () => {
  it('reads a speck OCR took for a low quote before its capital as no part of the name', async () => {
    const text = `‚Brandt & Söhne KG
Lindenallee 3a, 04109 Leipzig

RECHNUNG
Rechnungs-Nr.: R-3346
Datum: 2024-08-08
Kopierpapier A4      10     375,25     3.752,50
Gesamtbetrag                           3.752,50
`;
    const doc = { ...(await readDocument({ text })), ocr: true };
    const seller = extractWithRules([doc], seedDefinition('invoice')).data.seller as { name?: string };
    expect(seller.name).toBe('Brandt & Söhne KG');
  });
});
