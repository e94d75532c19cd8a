/**
 * Generic rules on plain-text documents in several languages: issuer by legal form, recipient by
 * address block, labels in de/fr/es/it/nl/pt, labels under values, receipt lines, date evidence.
 * These documents were written for the engine (a training set), not taken from the held-out corpus.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type SeedStructureKey, seedDefinition } from '@/lib/service/structures';
import { parseDate } from '../dates';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';

const extract = async (key: SeedStructureKey, text: string) =>
  extractWithRules([await readDocument({ text })], seedDefinition(key));

describe('invoices in other languages, without "Seller:" labels', () => {
  it('reads a German invoice: letterhead issuer, window recipient, German labels', async () => {
    const { data, confidence } = await extract(
      'invoice',
      `Müller & Söhne Werkzeugbau GmbH
Industriestraße 4
70565 Stuttgart

Bauhaus Nord KG
Am Hafen 12
20457 Hamburg
                                          Rechnungsnummer:  RE-2026-0815
                                          Rechnungsdatum:   3. März 2026
                                          Fällig am:        02.04.2026

Pos  Bezeichnung              Menge   Einzelpreis       Betrag
1    Fräser HSS 12 mm            10       12,50 €      125,00 €
2    Spannzange ER32              2       45,00 €       90,00 €

                               Nettobetrag             215,00 €
                               MwSt. 19 %               40,85 €
                               Rechnungsbetrag         255,85 €

Müller & Söhne Werkzeugbau GmbH · USt-IdNr. DE123456789 · HRB 4711 Stuttgart`,
    );
    expect(data).toMatchObject({
      invoice_number: 'RE-2026-0815',
      issue_date: '2026-03-03',
      due_date: '2026-04-02',
      currency: 'EUR',
      seller: { name: 'Müller & Söhne Werkzeugbau GmbH', address: 'Industriestraße 4, 70565 Stuttgart' },
      buyer: { name: 'Bauhaus Nord KG', address: 'Am Hafen 12, 20457 Hamburg' },
      subtotal: 215,
      tax: 40.85,
      total: 255.85,
    });
    expect(data.line_items).toEqual([
      { description: 'Fräser HSS 12 mm', quantity: 10, unit_price: 12.5, amount: 125 },
      { description: 'Spannzange ER32', quantity: 2, unit_price: 45, amount: 90 },
    ]);
    // Found without a label: low confidence, so a reviewer looks.
    expect(confidence['/seller/name']).toBeLessThan(0.7);
  });

  it('reads Spanish, Italian, Dutch and Portuguese labels and month names', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      [
        'es',
        'Factura N°: F-2026/114\nFecha de emisión: 5 de marzo de 2026\nImporte total: 1.210,00 €',
        { invoice_number: 'F-2026/114', issue_date: '2026-03-05', total: 1210 },
      ],
      [
        'it',
        'Fattura N. 2026/77\nData fattura: 12 giugno 2026\nTotale documento: € 2.440,00',
        { invoice_number: '2026/77', issue_date: '2026-06-12', total: 2440 },
      ],
      [
        'nl',
        'Factuurnummer: 2026-0031\nFactuurdatum: 7 mrt. 2026\nTe betalen: € 605,00',
        { invoice_number: '2026-0031', issue_date: '2026-03-07', total: 605 },
      ],
      [
        'pt',
        'Fatura N.º FT 2026/9\nData de emissão: 1 de outubro de 2026\nTotal a pagar: 369,00 €',
        { issue_date: '2026-10-01', total: 369 },
      ],
      [
        'fr',
        'Facture N° FA-9\nDate de facturation : 1er avril 2026\nNet à payer : 1 234,56 €',
        { invoice_number: 'FA-9', issue_date: '2026-04-01', total: 1234.56 },
      ],
      [
        'fr',
        'Numéro de facture : FT 2024 9089\nDate de facturation : 12 avril 2024\nNet à payer : 99,00 €',
        { invoice_number: 'FT 2024 9089', issue_date: '2024-04-12', total: 99 },
      ],
    ];
    for (const [lang, text, expected] of cases) {
      const { data } = await extract('invoice', `Empresa Ejemplo S.L.\n\n${text}`);
      expect(data, lang).toMatchObject({ ...expected, currency: 'EUR' });
    }
  });

  it('reads a value whose label is printed under it', async () => {
    const { data } = await extract(
      'invoice',
      `Nordic Parts AS

INV-4410            14 May 2026          USD 1,250.00
Invoice no.         Invoice date         Amount due`,
    );
    expect(data).toMatchObject({
      invoice_number: 'INV-4410',
      issue_date: '2026-05-14',
      total: 1250,
      currency: 'USD',
    });
  });

  it('takes the issuer from a footer line when the top holds only a logo word', async () => {
    const { data } = await extract(
      'invoice',
      `ACME

Invoice number: 77-1
Total: £120.00



Acme Widgets Ltd, 1 High Street, Leeds LS1 4AP · Registered in England 01234567 · VAT GB123456789`,
    );
    expect(data).toMatchObject({
      seller: { name: 'Acme Widgets Ltd', address: '1 High Street, Leeds LS1 4AP' },
      currency: 'GBP',
    });
  });
});

describe('bank statements', () => {
  it('reads a bank name wrapped after a joining word in a narrow letterhead', async () => {
    const { data } = await extract(
      'bank_statement',
      `Caixa Popular do      EXTRATO
Norte
                      Titular da conta   Ana Silva
                      IBAN               PT50 0002 0123 1234 5678 9015 4`,
    );
    expect(data.bank_name).toBe('Caixa Popular do Norte');
    expect(data.account_holder).toBe('Ana Silva');
  });

  it("completes a period's last date wrapped in a narrow cell from the line under it", async () => {
    const { data } = await extract(
      'bank_statement',
      `Banco Atlântico
EXTRATO
Titular            IBAN                               Período do extrato                  Moeda
Maria Ferreira     PT50 0002 0123 1234 5678 9015 4     1 de maio de 2023 – 31 de maio de   EUR
                                                      2023`,
    );
    expect(data).toMatchObject({ period_start: '2023-05-01', period_end: '2023-05-31' });
  });

  it("leaves the IBAN beside the holder's name out of the name when its caption was not read", async () => {
    const { data } = await extract(
      'bank_statement',
      `Northbridge Bank
Bank statement
ACCOUNT HOLDER                                       PERIOD
Marie Dupont   IE70 9885 5028 3226 7865 13            1 February 2023 to 28 February 2023`,
    );
    expect(data.account_holder).toBe('Marie Dupont');
    expect(data.iban).toBe('IE70988550283226786513');
  });

  it('completes an IBAN wrapped in a narrow cell from the line under it, when the whole checks out', async () => {
    const statement = `Banco Lusitano
EXTRATO
TITULAR DA CONTA      IBAN                        PERÍODO DO EXTRATO
Ana Silva             PT50 0002 0123 1234 5678    2023-07-01 – 2023-07-31
                      9015 4
MOEDA
EUR

Data         Descritivo              Montante        Saldo
2023-07-03   Compra Continente        -378,11     1 736,90

Saldo inicial    2 115,01
Saldo final      1 736,90`;
    const { data } = await extract('bank_statement', statement);
    expect(data.iban).toBe('PT50000201231234567890154');
    // Cut short and no line under it that completes it: kept as printed, for the reviewer.
    const cut = await extract('bank_statement', statement.replace('                      9015 4\n', ''));
    expect(cut.data.iban).toBe('PT500002012312345678');
  });

  it('reads a German statement whose column captions wrap onto a second line', async () => {
    const { data } = await extract(
      'bank_statement',
      `Sparkasse Nordsee
Kontoauszug Nr. 4/2026

Kontoinhaber: Jana Berg                IBAN: DE12 2105 0170 0012 3456 78
Zeitraum: 01.04.2026 - 30.04.2026

Buchungs-   Wert-       Buchungstext                      Soll         Haben        Saldo
tag         stellung
02.04.2026  02.04.2026  Kartenzahlung REWE Markt          45,10                     1.954,90
05.04.2026  05.04.2026  Gehalt April                                   2.800,00     4.754,90
Neuer Kontostand                                                                    4.754,90`,
    );
    expect(data).toMatchObject({
      account_holder: 'Jana Berg',
      iban: 'DE12210501700012345678',
      period_start: '2026-04-01',
      period_end: '2026-04-30',
      closing_balance: 4754.9,
    });
    expect(data.transactions).toEqual([
      { date: '2026-04-02', description: 'Kartenzahlung REWE Markt', debit: 45.1, balance: 1954.9 },
      { date: '2026-04-05', description: 'Gehalt April', credit: 2800, balance: 4754.9 },
    ]);
  });

  it('reads captions wrapped over three lines, a one-line caption set between them', async () => {
    const { data } = await extract(
      'bank_statement',
      `Northbridge Bank
Booking                                  Money       Money
date        Transaction details                                 Balance
                                         out         in
03/04/2026  Coffee shop                  4.50                   995.50
04/04/2026  Salary                                   2,000.00   2,995.50
Closing balance                                                 2,995.50`,
    );
    expect(data.transactions).toEqual([
      { date: '2026-04-03', description: 'Coffee shop', debit: 4.5, balance: 995.5 },
      { date: '2026-04-04', description: 'Salary', credit: 2000, balance: 2995.5 },
    ]);
  });
});

describe('a PDF table whose one-line cells sit in the middle of wrapped rows', () => {
  it('gives each row the text lines wrapped above and below its line', async () => {
    const bytes = new Uint8Array(
      await readFile(
        path.join(import.meta.dirname, '../../../../tests/fixtures/documents/statement-wrapped-rows.pdf'),
      ),
    );
    const doc = await readDocument({ bytes });
    const { data } = extractWithRules([doc], seedDefinition('bank_statement'));
    expect(data.transactions).toEqual([
      {
        date: '2026-04-02',
        description: 'Kartenzahlung REWE Markt GmbH Filiale 1234 Berlin Mitte Karte 5678',
        debit: 45.1,
        balance: 1954.9,
      },
      { date: '2026-04-05', description: 'Gehalt April', credit: 2800, balance: 4754.9 },
      {
        date: '2026-04-07',
        description: 'Dauerauftrag Miete Wohnung Hauptstraße 5 Vermieter Schmidt Referenz 2026-04',
        debit: 950,
        balance: 3804.9,
      },
    ]);
  });
});

describe('receipts', () => {
  it('reads "Excl. btw" as the amount without tax, and mobile and card payments by their brand names', async () => {
    const receipt = (pay: string) =>
      extract(
        'receipt',
        `Supermarkt Van Dijk
Stationsplein 4, 5611 EM Eindhoven
Bon 7/3925   8 januari 2024 07:55
Stroopwafels                EUR 7,99
Excl. btw                   EUR 6,60
incl. btw 21 %              EUR 1,39
TOTAAL                      EUR 7,99
Betaalwijze                 ${pay}`,
      );
    const { data } = await receipt('Pinpas');
    expect(data).toMatchObject({ subtotal: 6.6, tax: 1.39, total: 7.99, payment_method: 'card' });
    expect((await receipt('Tikkie')).data.payment_method).toBe('mobile');
    expect((await receipt('Satispay')).data.payment_method).toBe('mobile');
  });

  it('reads a US till receipt: article numbers, tax codes after the amounts, the currency by the state and ZIP', async () => {
    const { data } = await extract(
      'receipt',
      `WALGREENS #1234
1200 MARKET ST
SAN FRANCISCO, CA 94102

03/14/2024 02:15 PM  REG 2  TRN 4471

0012345 BANANAS            1.29 F
0098765 MILK 2% GAL        4.49 F
0077889 ADVIL 50CT        11.99 T

SUBTOTAL                  17.77
TAX 8.625%                 1.03
TOTAL                     18.80`,
    );
    expect(data.line_items).toEqual([
      { description: 'BANANAS', amount: 1.29 },
      { description: 'MILK 2% GAL', amount: 4.49 },
      { description: 'ADVIL 50CT', amount: 11.99 },
    ]);
    expect(data).toMatchObject({ currency: 'USD', subtotal: 17.77, tax: 1.03, total: 18.8 });
  });

  it('reads a supermarket roll whose amounts carry a tax class, a letter or a figure, however OCR joined it to them', async () => {
    const { data } = await extract(
      'receipt',
      `Frischmarkt Nord
Hafenstraße 3
20457 Hamburg
                                   EUR
Bio Vollmilch                   1,19 A
Bananen                         1,45A.
Mineralwasser                   2,94 À
   6 Stk x 0,49
Pfand                        1,50 EURA
Brezel                          0,65 1
SUMME                             7,73`,
    );
    expect(data.line_items).toEqual([
      { description: 'Bio Vollmilch', amount: 1.19 },
      { description: 'Bananen', amount: 1.45 },
      { description: 'Mineralwasser', quantity: 6, unit_price: 0.49, amount: 2.94 },
      { description: 'Pfand', amount: 1.5 },
      { description: 'Brezel', amount: 0.65 },
    ]);
    expect(data.total).toBe(7.73);
  });

  it('reads the count before an item whose price and amount follow it', async () => {
    const { data } = await extract(
      'receipt',
      `SUPERMERCADO EL SOL
FACTURA SIMPLIFICADA
Fecha: 14/03/2024  Hora: 18:42
2 x LECHE ENTERA 1L       0,95   1,90
PAN BARRA                        0,60
TOTAL                        2,50 €`,
    );
    expect(data.line_items).toEqual([
      { description: 'LECHE ENTERA 1L', quantity: 2, unit_price: 0.95, amount: 1.9 },
      { description: 'PAN BARRA', amount: 0.6 },
    ]);
  });

  it('reads the date with its time, the currency and the items of a till receipt', async () => {
    const { data, confidence } = await extract(
      'receipt',
      `Café Sole SRL
Via Roma 8
00184 Roma

14/03/2026 14:05

2 x Cornetto                 2,40
Cappuccino                   1,80
Spremuta
   2 x 3,00                  6,00
TOTALE EUR                  10,20
Contanti                    20,00`,
    );
    expect(data).toMatchObject({
      merchant: { name: 'Café Sole SRL', address: 'Via Roma 8, 00184 Roma' },
      date: '2026-03-14',
      currency: 'EUR',
      total: 10.2,
      payment_method: 'cash',
    });
    expect(data.line_items).toEqual([
      { description: 'Cornetto', quantity: 2, amount: 2.4 },
      { description: 'Cappuccino', amount: 1.8 },
      { description: 'Spremuta', quantity: 2, unit_price: 3, amount: 6 },
    ]);
    expect(confidence['/date']).toBeLessThan(0.7);
  });
});

describe('day and month order', () => {
  it('is decided by a day above 12 elsewhere in the document, and then sure', async () => {
    const { data, confidence } = await extract(
      'invoice',
      'Invoice date: 05/04/2026\nDue date: 20/04/2026\nTotal: $10.00',
    );
    expect(data.issue_date).toBe('2026-04-05');
    expect(confidence['/issue_date']).toBe(1);
  });
  it('follows US hints (dollars, a US address) but stays flagged when only hints decide', async () => {
    const { data, confidence } = await extract(
      'invoice',
      'Rocky Mountain Supply LLC\n1200 Blake St\nDenver, CO 80202\n\nInvoice date: 05/04/2026\nTotal: $10.00',
    );
    expect(data.issue_date).toBe('2026-05-04');
    expect(confidence['/issue_date']).toBeGreaterThanOrEqual(0.7);
    const weak = await extract('invoice', 'Invoice date: 05/04/2026\nTotal: 10.00');
    expect(weak.confidence['/issue_date']).toBeLessThan(0.7);
  });
  it('refuses impossible dates', () => {
    expect(parseDate('31/02/2026', undefined)).toBeNull();
    expect(parseDate('30 février 2026', undefined)).toBeNull();
  });
});

describe('till receipts with the count after the item', () => {
  it('reads "x2" and a count column between the item and its amount', async () => {
    const { data } = await extract(
      'receipt',
      `CAFE LUNA
Via Roma 3
00184 Roma

Cappuccino x2        3,00
Cornetto  3  4,50
Acqua 0,5l           1,00

TOTALE EUR           8,50
Contanti            10,00
14/03/2026 09:12`,
    );
    expect(data.line_items).toEqual([
      { description: 'Cappuccino', quantity: 2, amount: 3 },
      { description: 'Cornetto', quantity: 3, amount: 4.5 },
      { description: 'Acqua 0,5l', amount: 1 },
    ]);
    expect(data).toMatchObject({ total: 8.5, date: '2026-03-14', currency: 'EUR', payment_method: 'cash' });
  });

  it('reads count, item, price and amount in columns, and a count with its unit', async () => {
    const { data } = await extract(
      'receipt',
      `Trattoria Da Gino
Via Po 12
10123 Torino

2   Cappuccino        1,50   3,00
1   Cornetto          1,20   1,20
Acqua  2 pz  0,80  1,60

TOTALE EUR           5,80
14/03/2026 09:12`,
    );
    expect(data.line_items).toEqual([
      { description: 'Cappuccino', quantity: 2, unit_price: 1.5, amount: 3 },
      { description: 'Cornetto', quantity: 1, unit_price: 1.2, amount: 1.2 },
      { description: 'Acqua', quantity: 2, unit_price: 0.8, amount: 1.6 },
    ]);
  });

  it('reads a supermarket till roll: count line under its item, total after a currency, EC-Cash', async () => {
    const { data } = await extract(
      'receipt',
      `REWE Markt GmbH
Hauptstr. 5
10115 Berlin
                          EUR
BANANE CHIQUITA           1,49 B
JOGHURT NATUR             1,98 B
  2 Stk x     0,99
PFAND 0,25                0,25 A
--------------------------------
SUMME                EUR  3,72
Geg. EC-Cash         EUR  3,72
14.03.2026 18:22`,
    );
    expect(data.line_items).toEqual([
      { description: 'BANANE CHIQUITA', amount: 1.49 },
      { description: 'JOGHURT NATUR', quantity: 2, unit_price: 0.99, amount: 1.98 },
      { description: 'PFAND 0,25', amount: 0.25 },
    ]);
    expect(data).toMatchObject({ total: 3.72, payment_method: 'card', date: '2026-03-14' });
  });

  it('reads the line price under "Prezzo" beside a "Pr. unit." column, and a centred item caption', async () => {
    const { data } = await extract(
      'receipt',
      `Caffè del Corso
Via Roma 1, 00184 Roma

                Articolo        Q.tà      Pr. unit.                  Prezzo
Mozzarella                         2        EUR 2,45               EUR 4,90
Pane casereccio                    1       EUR 10,00              EUR 10,00

Totale complessivo                                                EUR 14,90
Forma de pago: Contado`,
    );
    expect(data.line_items).toEqual([
      { description: 'Mozzarella', quantity: 2, unit_price: 2.45, amount: 4.9 },
      { description: 'Pane casereccio', quantity: 1, unit_price: 10, amount: 10 },
    ]);
    expect(data).toMatchObject({ total: 14.9, payment_method: 'cash' });
  });
});

describe('till receipts: counts over their items, lone price columns, counted totals', () => {
  it('reads a unit price under its item whose slash OCR lost ("1,20 EUR  Stk")', async () => {
    const { data } = await extract(
      'receipt',
      `BÄCKEREI KORNFELD
Hauptstraße 12
80331 München
2 x Laugenbrezel          2,40 A
1,20 EUR   Stk
Roggenbrot 750g           4,10 A
SUMME EUR                 6,50`,
    );
    expect(data.line_items).toEqual([
      { description: 'Laugenbrezel', quantity: 2, unit_price: 1.2, amount: 2.4 },
      { description: 'Roggenbrot 750g', amount: 4.1 },
    ]);
  });

  it('gives a count line to the item whose amount it makes, above or below', async () => {
    const { data } = await extract(
      'receipt',
      `TRADER JOE'S #552
1234 Market St
San Francisco, CA 94103

BANANAS                         0.95
ORGANIC MILK 1 GAL              5.49
2 @ 2.99
GREEK YOGURT                    5.98

TOTAL                         $12.42
03/14/2026 06:22 PM`,
    );
    expect(data.line_items).toEqual([
      { description: 'BANANAS', amount: 0.95 },
      { description: 'ORGANIC MILK 1 GAL', amount: 5.49 },
      { description: 'GREEK YOGURT', quantity: 2, unit_price: 2.99, amount: 5.98 },
    ]);
  });

  it('takes a lone price column for the amount and counts a row from the line above it', async () => {
    const { data } = await extract(
      'receipt',
      `Bar Centrale di Rossi Mario
Piazza Garibaldi 3, 40121 Bologna

DESCRIZIONE                IVA    PREZZO(€)
CAPPUCCINO                 10%        1,50
2 x 1,20
SPREMUTA ARANCIA           10%        2,40
TOTALE COMPLESSIVO                    3,90
15-03-2026 08:41`,
    );
    expect(data.line_items).toEqual([
      { description: 'CAPPUCCINO', amount: 1.5 },
      { description: 'SPREMUTA ARANCIA', quantity: 2, unit_price: 1.2, amount: 2.4 },
    ]);
    expect(data.total).toBe(3.9);
  });

  it('reads a count line with a speck OCR set beside its sign ("3 x:1,20")', async () => {
    const { data } = await extract(
      'receipt',
      `Bar Centrale di Rossi Mario
Piazza Garibaldi 3, 40121 Bologna

CAPPUCCINO                            1,50
3 x:1,20
CORNETTO                              3,60
2 .x 2,40
SPREMUTA ARANCIA                      4,80
TOTALE COMPLESSIVO                    9,90
15-03-2026 08:41`,
    );
    expect(data.line_items).toEqual([
      { description: 'CAPPUCCINO', amount: 1.5 },
      { description: 'CORNETTO', quantity: 3, unit_price: 1.2, amount: 3.6 },
      { description: 'SPREMUTA ARANCIA', quantity: 2, unit_price: 2.4, amount: 4.8 },
    ]);
  });

  it('reads a total whose currency code stands in a column of its own over the tender', async () => {
    const { data } = await extract(
      'receipt',
      `Gasthaus Zur Linde
Lindenstraße 2, 79098 Freiburg

2x Pils 0,4l                 8,40
1x Apfelschorle              3,20

Summe                EUR    11,60
Bar                  EUR    20,00
Rückgeld             EUR     8,40
14.03.2026 20:14`,
    );
    expect(data).toMatchObject({ total: 11.6, currency: 'EUR' });
  });

  it('reads the count in the ways tills print it', async () => {
    const shapes = [
      '2 Cappuccino               7,00',
      '2 Stk Cappuccino           7,00',
      'Cappuccino 2 Stk           7,00',
      'Cappuccino (2)             7,00',
      '2,000 x 3,50 Cappuccino    7,00',
    ];
    for (const line of shapes) {
      const { data } = await extract(
        'receipt',
        `Café Sol\nPlaza Mayor 1, 28012 Madrid\n03/03/2026 10:22\n\n${line}\nTostada                    3,10 *\n\nTOTAL                     10,10`,
      );
      expect((data.line_items as Record<string, unknown>[])[0], line).toMatchObject({
        description: 'Cappuccino',
        quantity: 2,
        amount: 7,
      });
      expect((data.line_items as Record<string, unknown>[])[1], line).toEqual({
        description: 'Tostada',
        amount: 3.1,
      });
    }
  });

  it('reads the receipt number after the title or a bare number word, and never takes a date for it', async () => {
    for (const [line, number] of [
      ['Bon 4711', '4711'],
      ['Kassenbon 4711', '4711'],
      ['#4711', '4711'],
      ['Ticket n.º 4711', '4711'],
      ['14.03.2026 18:22  Bon 4711  Kasse 3', '4711'],
      ['Receipt', undefined],
    ] as const) {
      const { data } = await extract(
        'receipt',
        `Café Sol\nPlaza Mayor 1, 28012 Madrid\n${line}\n03/03/2026 10:22\n\nTostada        5,50\n\nTOTAL        5,50`,
      );
      expect(data.receipt_number, line).toBe(number);
    }
  });

  it('does not take the count of articles for the total', async () => {
    const { data } = await extract(
      'receipt',
      `SUPERMERCADOS LA PLAZA S.A.
C/ Mayor 14 - 28013 Madrid

 2   LECHE ENTERA 1L         0,95      1,90
 1   PAN DE MOLDE            1,45      1,45

TOTAL (2 art.)                       3,35 €
Fecha 14/03/2026`,
    );
    expect(data.total).toBe(3.35);
  });
});

describe('codes under their captions', () => {
  it("passes over a word between a caption and its code (a copy's mark under the title)", async () => {
    const { data } = await extract(
      'invoice',
      `Lisboa Design Lda
Rua Augusta 10, 1100-053 Lisboa
                                         FATURA
                                         Original
                                         FT A/2026/142
Data: 15/03/2026

Total                          1.430,00 €`,
    );
    expect(data.invoice_number).toBe('FT A/2026/142');
  });
});

describe('totals', () => {
  it('adds up a tax printed once per rate, and takes no base amount for a tax', async () => {
    const { data } = await extract(
      'invoice',
      `Nordlicht Software GmbH
Hafenstr. 1, 20457 Hamburg

Rechnung Nr. 2026-114
Datum: 01.04.2026

Nettobetrag                          300,00 €
MwSt. 7 % auf 100,00 €                  7,00 €
MwSt. 19 % auf 200,00 €                38,00 €
Gesamtbetrag                         345,00 €`,
    );
    expect(data).toMatchObject({ subtotal: 300, tax: 45, total: 345 });
  });

  it('takes the tax line that makes the figures add up where each rate has its line, then their total', async () => {
    const { data } = await extract(
      'invoice',
      `Nordlicht Software GmbH
Hafenstr. 1, 20457 Hamburg

Rechnung Nr. 2026-115
Datum: 01.04.2026

Nettobetrag                          300,00 €
USt. 7 % (Bücher)                       7,00 €
USt. 19 % (Software)                   38,00 €
USt. gesamt                            45,00 €
Rechnungsbetrag                      345,00 €`,
    );
    expect(data).toMatchObject({ subtotal: 300, tax: 45, total: 345 });
  });

  it('reads a total label qualified by the words after it: without the tax a subtotal, with it the total', async () => {
    const { data } = await extract(
      'invoice',
      `Alpenblick Software AG
Bahnhofstrasse 12, 8001 Zürich

Rechnung Nr. 2026-0412
Datum: 02.04.2026

Total exkl. MWST                     CHF 1'200.00
MWST 8.1 %                             CHF 97.20
Total inkl. MWST                     CHF 1'297.20`,
    );
    expect(data).toMatchObject({ subtotal: 1200, tax: 97.2, total: 1297.2 });
  });

  it('adds up a breakdown whose captions are phrases: its tax and the base it is charged on', async () => {
    const { data } = await extract(
      'invoice',
      `Construcciones Ebro S.L.
CIF B50123456

Factura Nº F-2026-0142
Fecha: 02/04/2026

Base imponible      % IVA      Cuota IVA
1.000,00            21%        210,00
200,00              10%        20,00
1.200,00                       230,00

Total factura                  1.430,00`,
    );
    expect(data).toMatchObject({ subtotal: 1200, tax: 230, total: 1430 });
  });

  it('reads "Total GST" as the tax, not the total', async () => {
    const { data } = await extract(
      'invoice',
      `Southern Cross Supplies Pty Ltd
ABN 51 824 753 556

Tax Invoice INV-88213
Date: 02/04/2026

Subtotal                               AUD 500.00
Total GST                               AUD 50.00
Invoice total                          AUD 550.00`,
    );
    expect(data).toMatchObject({ subtotal: 500, tax: 50, total: 550 });
  });
});

describe('bank statements with yearless dates and labelled titles', () => {
  it('reads a Sparkasse statement: yearless booking and value dates, H/S sides, period after the title, IBAN after "Konto"', async () => {
    const { data } = await extract(
      'bank_statement',
      `Sparkasse Rhein Neckar Nord
Kontoauszug Nr. 3/2026                         Blatt 1

Konto DE44 6705 0505 0012 3456 78 · Girokonto
Auszug vom 01.03.2026 bis 31.03.2026

Alter Kontostand vom 28.02.2026                     1.234,56 H

Buchung  Wert   Vorgang                             Betrag
02.03.   02.03. Lastschrift Stadtwerke               84,20 S
05.03.   05.03. Gutschrift Gehalt                 2.450,00 H

Neuer Kontostand vom 31.03.2026                     3.600,36 H`,
    );
    expect(data.transactions).toEqual([
      { date: '2026-03-02', description: 'Lastschrift Stadtwerke', amount: -84.2 },
      { date: '2026-03-05', description: 'Gutschrift Gehalt', amount: 2450 },
    ]);
    expect(data).toMatchObject({
      iban: 'DE44670505050012345678',
      period_start: '2026-03-01',
      period_end: '2026-03-31',
      opening_balance: 1234.56,
      closing_balance: 3600.36,
    });
  });
});

describe('purchase orders', () => {
  it('reads codes under an "Item" caption beside "Description" as SKUs, and the date after the number', async () => {
    const { data } = await extract(
      'purchase_order',
      `Stark Components Inc.
100 Industrial Way, Austin, TX 78701

PURCHASE ORDER
Order No. 4500012345 of 03/03/2026

Item      Description               Qty    Unit price      Amount
A-1001    Toner cartridge black       4        89.00       356.00
A-1002    Paper A4 box               10        24.50       245.00

Subtotal                                                   601.00
Total                                                      601.00`,
    );
    expect(data.line_items).toEqual([
      { sku: 'A-1001', description: 'Toner cartridge black', quantity: 4, unit_price: 89, amount: 356 },
      { sku: 'A-1002', description: 'Paper A4 box', quantity: 10, unit_price: 24.5, amount: 245 },
    ]);
    expect(data).toMatchObject({ po_number: '4500012345', order_date: '2026-03-03' });
  });

  it('takes the whole line under a caption that starts with a shorter label of the same field', async () => {
    // "Pagamento" alone labels payment terms too: here it is the first word of the terms.
    const { data } = await extract(
      'purchase_order',
      `Papelaria Central, Lda.
Rua do Ouro 12, 1100-060 Lisboa

NOTA DE ENCOMENDA
Nº encomenda: 2024-1371

CONDIÇÕES DE PAGAMENTO
Pagamento antecipado

Descrição                 Qtd.   Preço unit.    Total
Cabo de rede 5 m             5        4,50      22,50

Total                                            22,50`,
    );
    expect(data.payment_terms).toBe('Pagamento antecipado');
  });
});

describe('wordings', () => {
  it('knows more ways to say the total and the number, and tender words standing alone', async () => {
    for (const [number, total] of [
      ['Our invoice', 'Endsumme'],
      ['Bill No.', 'Net payable'],
      ['Belegnummer', 'Zu zahlender Betrag'],
    ]) {
      const { data } = await extract(
        'invoice',
        `Acme Widgets Ltd\n1 High St, London EC1A 1BB\n\n${number}: X-2026-77\nDate: 03/03/2026\n\n${total}: 1,200.00`,
      );
      expect(data, number).toMatchObject({ invoice_number: 'X-2026-77', total: 1200 });
    }
    const { data: es } = await extract(
      'invoice',
      'Empresa Ejemplo S.L.\nCalle Mayor 1, 28013 Madrid\n\nFactura: X-77\nFecha: 03/03/2026\nVto.: 02/04/2026\n\nBase: 1.000,00\nI.V.A. 21%: 210,00\nTotal: 1.210,00',
    );
    expect(es).toMatchObject({ due_date: '2026-04-02', subtotal: 1000, tax: 210, total: 1210 });
    const { data: po } = await extract(
      'purchase_order',
      'Acme Einkauf GmbH\nHauptstr. 1, 10115 Berlin\n\nN.º encomenda: 4500012345\nData da encomenda: 03/03/2026\nRequired date: 20/03/2026\n\nTotal: 1.210,00 EUR',
    );
    expect(po).toMatchObject({ po_number: '4500012345', delivery_date: '2026-03-20' });
    for (const label of ['enthaltene MwSt. 19 %', 'waarvan BTW 21%']) {
      const { data } = await extract(
        'receipt',
        `Café Sol\nPlaza Mayor 1, 28012 Madrid\n03/03/2026 10:22\n\nTostada        5,50\n\nTOTAL          5,50\n${label}          0,95`,
      );
      expect(data.tax, label).toBe(0.95);
    }
    for (const [tender, method] of [
      ['Bar', 'cash'],
      ['PIN', 'card'],
    ]) {
      const { data } = await extract(
        'receipt',
        `Café Sol\nPlaza Mayor 1, 28012 Madrid\n\nRechnungsnr.: 4711\n03/03/2026 10:22\n\nTostada        5,50\n\nSumme EUR      5,50\n${tender}            5,50`,
      );
      expect(data, tender).toMatchObject({ receipt_number: '4711', total: 5.5, payment_method: method });
    }
  });
});

describe('labels inside sentences', () => {
  it('reads a due date whose label is in the middle of a sentence', async () => {
    const cases: [string, string][] = [
      ['Der Rechnungsbetrag ist zahlbar bis 15.04.2026 ohne Abzug.', '2026-04-15'],
      ['Thank you for your business. Payment due 30 April 2026, by bank transfer.', '2026-04-30'],
      ['Merci de votre confiance, à régler avant le 3 mai 2026.', '2026-05-03'],
    ];
    for (const [sentence, due] of cases) {
      const { data } = await extract(
        'invoice',
        `Nordlicht Software GmbH\n\nRechnung Nr. 2026-114\nDatum: 01.04.2026\n\n${sentence}\n\nGesamtbetrag 119,00 €`,
      );
      expect(data, sentence).toMatchObject({ due_date: due, issue_date: '2026-04-01' });
    }
  });

  it('reads a code whose label follows other words, the code ending the line', async () => {
    const receipt = (line: string) =>
      extract(
        'receipt',
        `The Crown & Anchor\n21 High Street\nBath BA1 5AW\n${line}\nDate: 21/03/2026\nTotal   £26.30`,
      );
    expect((await receipt('Till 2 Receipt 55812')).data).toMatchObject({ receipt_number: '55812' });
    // Words after the code, or a bare "No." numbering something else, label nothing.
    expect((await receipt('Till 2 Receipt 55812 thank you')).data.receipt_number).toBeUndefined();
    expect((await receipt('Registered in England No. 04581234')).data.receipt_number).toBeUndefined();
  });

  it('ends a document number before the dot after it', async () => {
    const { data } = await extract(
      'invoice',
      'Kessler Metallbau GmbH\nWir berechnen Ihnen mit Rechnung Nr. 2026-0412.\nRechnungsbetrag 4.132,87 €',
    );
    expect(data.invoice_number).toBe('2026-0412');
    // Dots inside the number stay.
    const dotted = await extract('invoice', 'Acme Ltd\nInvoice no. 2026.04.12\nTotal 10.00 GBP');
    expect(dotted.data.invoice_number).toBe('2026.04.12');
  });
});

describe('tables', () => {
  it('keeps the row number under a far-off "Nr." caption out of the description', async () => {
    const { data } = await extract(
      'invoice',
      `Rechnung Nr. RE-77
Datum: 23.01.2024

   Nr.                 Bezeichnung                  Anzahl    Einzelpreis       Betrag
    1 Versandkosten 1                                   12         223,34     2.680,08
    2 Montage vor Ort 2                                  2       1.877,97     3.755,94

                                                       Nettobetrag            6.436,02`,
    );
    expect(data.line_items).toEqual([
      { description: 'Versandkosten 1', quantity: 12, unit_price: 223.34, amount: 2680.08 },
      { description: 'Montage vor Ort 2', quantity: 2, unit_price: 1877.97, amount: 3755.94 },
    ]);
    // No company on it: the line under the title is a labelled date, not the issuer's name.
    expect((data.seller as { name?: string } | undefined)?.name).toBeUndefined();
  });
});

describe('a column whose caption was not read', () => {
  it('takes the number beside the unit price for the count when it makes the amount', async () => {
    const text = (row1: string, row2: string) => `Schreinerei Vogt GmbH
Am Mühlbach 3
88212 Ravensburg

Rechnung Nr. R-26-0193

Pos.  Beschreibung                      Einzelpreis        Gesamt
${row1}
${row2}

Rechnungsbetrag                                       993,00 €`;
    const { data } = await extract(
      'invoice',
      text(
        '1     Wandregal nach Maß          3       215,00 €      645,00 €',
        '2     Montage                     6        58,00 €      348,00 €',
      ),
    );
    expect(data.line_items).toEqual([
      { description: 'Wandregal nach Maß', quantity: 3, unit_price: 215, amount: 645 },
      { description: 'Montage', quantity: 6, unit_price: 58, amount: 348 },
    ]);
    // A number that does not make the amount is no count, and is not read into the price either.
    const other = await extract(
      'invoice',
      text(
        '1     Wandregal nach Maß          7       215,00 €      645,00 €',
        '2     Montage                     6        58,00 €      348,00 €',
      ),
    );
    expect(other.data.line_items).toContainEqual({
      description: 'Wandregal nach Maß',
      unit_price: 215,
      amount: 645,
    });
  });
});

describe('party blocks', () => {
  it('ends a labelled party block at a line led by a caption the structure has no field for', async () => {
    const { data } = await extract(
      'invoice',
      `Invoice
Invoice #: 2024/2649
Vendor: Vandelay Industries
Via Roma 8
8001 Zürich
Sold to: Tyrell Manufacturing
Königsallee 27
40212 Düsseldorf
Deliver to: Stark Components Inc.
742 Evergreen Terrace

Pos.  Service               Quantity   Price      Line total
1     Laptop stand              8      £59.41        £475.28

Amount due: £475.28`,
    );
    expect(data.buyer).toEqual({ name: 'Tyrell Manufacturing', address: 'Königsallee 27, 40212 Düsseldorf' });
  });

  it('reads a recipient in the same town as the issuer, under the sender line of a window letter', async () => {
    const { data } = await extract(
      'invoice',
      `Schreinerei Vogt GmbH
Schreinerei Vogt GmbH · Am Mühlbach 3 · 88212 Ravensburg

Praxis Dr. Anna Lenz
Marienplatz 14
88212 Ravensburg

Rechnung Nr. R-26-0193
Rechnungsbetrag 4.132,87 €`,
    );
    expect(data.buyer).toEqual({ name: 'Praxis Dr. Anna Lenz', address: 'Marienplatz 14, 88212 Ravensburg' });
  });

  it("parts a sender line's street and town at a colon read for its dot", async () => {
    // A scan's small sender line: the dot before the postcode read as a colon.
    const { data } = await extract(
      'invoice',
      `Kessler Metallbau GmbH
Kessler Metallbau GmbH · Gewerbering 7: 73730 Esslingen

Holzwerk Brandt OHG
Sägewerkstraße 3
72070 Tübingen

Rechnung Nr. 2026-0412
Rechnungsbetrag 4.132,87 €`,
    );
    expect(data.seller).toMatchObject({
      name: 'Kessler Metallbau GmbH',
      address: 'Gewerbering 7, 73730 Esslingen',
    });
  });

  it('ends a tax id before a dash that starts the next item', async () => {
    const { data } = await extract(
      'receipt',
      `Carrefour Market
12 rue de la République 69002 Lyon
SIRET 123 456 789 00012 - TVA FR12123456789
Ticket n° 0421-0087   Le 21/03/2024 à 12:15
PAIN COMPLET            1,95
TOTAL                   1,95 EUR`,
    );
    expect(data.merchant).toMatchObject({ vat_id: '12345678900012' });
  });

  it("splits a party written on its label's line into name and address, its ids left out", async () => {
    const { data } = await extract(
      'invoice',
      `Fattura n. 45/2024 del 15/04/2024
Mittente: Tipografia Rossi S.r.l. - Via Garibaldi 8 - 10122 Torino - P.IVA IT01234567890
Destinatario: Bar Sport di Bianchi Luca - Corso Italia 3 - 20122 Milano
From: Brightline Media Ltd, 4 Canal Street, Manchester M1 3HE

Totale documento  183,00 EUR`,
    );
    expect(data.seller).toMatchObject({
      name: 'Tipografia Rossi S.r.l.',
      address: 'Via Garibaldi 8, 10122 Torino',
    });
    expect(data.buyer).toEqual({
      name: 'Bar Sport di Bianchi Luca',
      address: 'Corso Italia 3, 20122 Milano',
    });
    const english = await extract(
      'invoice',
      `INVOICE 5521
Bill to: Acme Widgets, Inc., 1 High Street, London EC1A 1BB
Sold by: Smith, Jones & Partners

Total GBP 144.00`,
    );
    expect(english.data.buyer).toEqual({
      name: 'Acme Widgets, Inc.',
      address: '1 High Street, London EC1A 1BB',
    });
    // Nothing with a number after the commas: a name with a comma in it stays whole.
    expect(english.data.seller).toMatchObject({ name: 'Smith, Jones & Partners' });
  });

  it('passes over the tax id printed between a name and its address', async () => {
    const { data } = await extract(
      'invoice',
      `Consultoría Ibérica S.L.
NIF B12345678
Calle Mayor 10, 28013 Madrid

FACTURA
Nº de factura: 2026/045
Fecha de expedición: 3 de marzo de 2026

Datos del cliente
Tecnologías del Sur S.A.
CIF A87654321
Avenida de la Constitución 5
41001 Sevilla

Total factura                                              1.272,00`,
    );
    expect(data.seller).toEqual({
      name: 'Consultoría Ibérica S.L.',
      address: 'Calle Mayor 10, 28013 Madrid',
      vat_id: 'B12345678',
    });
    expect(data.buyer).toEqual({
      name: 'Tecnologías del Sur S.A.',
      address: 'Avenida de la Constitución 5, 41001 Sevilla',
    });
  });

  it('ends a VAT id before the next word on its line (a dot between them lost)', async () => {
    const { data } = await extract(
      'invoice',
      `Suministros Bahía S.A.
CIF A11223344 Tel. 956 000 111

FACTURA 2024/417
Fecha: 02/04/2024
Total 1.210,00 €`,
    );
    expect(data.seller).toMatchObject({ vat_id: 'A11223344' });
  });

  it("reads a VAT id after the tax's bare name, never a rate or an amount, and a TVA number over a SIRET", async () => {
    const uk = await extract(
      'invoice',
      `Brightwater Plumbing Co.\n88 Canal Road\nManchester M4 6HE\nVAT: GB 356 7812 44\n\nINVOICE BW-20931\nDate: 12/02/2026\n\nSubtotal   £394.00\nVAT (20%)   £78.80\nTotal   £472.80`,
    );
    expect(uk.data).toMatchObject({ seller: { vat_id: 'GB356781244' }, tax: 78.8 });
    const nl = await extract(
      'invoice',
      `De Groene Fiets B.V.\nOudegracht 112, 3511 AX Utrecht · KvK 71234567 · BTW NL858812345B01\n\nFactuur 2026-0417\nBTW 21%   € 494,72\nTotaal   € 2.850,52`,
    );
    expect(nl.data).toMatchObject({ seller: { vat_id: 'NL858812345B01' }, tax: 494.72 });
    const fr = await extract(
      'invoice',
      `Atelier Lumière SARL\n12 rue des Tanneurs\n69002 Lyon\nSIRET 812 345 678 00021\nTVA FR 45 812345678\n\nFACTURE F2026-0088\nTotal TTC   1 056,00 €`,
    );
    expect(fr.data).toMatchObject({ seller: { vat_id: 'FR45812345678' } });
  });

  it('passes over the register in a footer line to reach the address', async () => {
    const { data } = await extract(
      'invoice',
      `ACME

INVOICE 1001
Date: 03/03/2026

Bill To:
Beta Builders Ltd
Attn: Accounts Payable
2 Low Road
York YO1 7HH

Total: 100.00
${'\n'.repeat(40)}
Acme Widgets Ltd · Registered in England No. 01234567 · 1 High Street, London EC1A 1BB`,
    );
    expect(data.seller).toMatchObject({
      name: 'Acme Widgets Ltd',
      address: '1 High Street, London EC1A 1BB',
    });
    expect(data.buyer).toEqual({ name: 'Beta Builders Ltd', address: '2 Low Road, York YO1 7HH' });
  });

  it('leaves the person to read it out of an address, a customer number out of the names, and keeps "& Co. KG" whole', async () => {
    const { data } = await extract(
      'invoice',
      `Kunden-Nr. 10442
An
Kanzlei Weber & Partner
Herrn Dr. Klaus Weber
Leopoldstr. 20
80802 München

Rechnung 4711 vom 03.03.2026
Gesamtbetrag 500,00 €

Heller & Co. KG · Königstr. 5 · 70173 Stuttgart · USt-IdNr. DE123456789`,
    );
    expect(data.buyer).toEqual({ name: 'Kanzlei Weber & Partner', address: 'Leopoldstr. 20, 80802 München' });
    expect(data.seller).toMatchObject({ name: 'Heller & Co. KG', address: 'Königstr. 5, 70173 Stuttgart' });
  });

  it('joins a company name wrapped onto a line of its own legal form', async () => {
    const { data } = await extract(
      'invoice',
      `Fatura n.º R 8190          Data 19/06/2023

Destinatário
Tecnologias Atlânticas,
S.A.
Rua de Santa Catarina 300
1100-048 Lisboa

Total a pagar    601,14 €`,
    );
    expect(data.buyer).toEqual({
      name: 'Tecnologias Atlânticas, S.A.',
      address: 'Rua de Santa Catarina 300, 1100-048 Lisboa',
    });
  });
});
