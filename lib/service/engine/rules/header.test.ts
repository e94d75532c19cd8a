import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { bankStatementHints } from '@/lib/service/structures/bank-statement';
import { extractWithRules } from '../rule-extractor';
import { fold, labelRegExp } from '../text-match';
import type { FieldHint, ReadDocument } from '../types';
import { headerMatch, withoutDatesUnderMoney } from './header';
import type { LineRef } from './page-view';

/** A page as OCR reads a scan: each line's spans with their left and right edges (page widths). */
function scannedPage(rows: [string, number, number][][]): ReadDocument {
  const lines = rows.map((spans, i) => {
    const y = 0.1 + i * 0.02;
    return {
      text: spans.map(([text]) => text).join(' '),
      bbox: [spans[0][1], y, spans[spans.length - 1][2] - spans[0][1], 0.012] as [
        number,
        number,
        number,
        number,
      ],
      spans: spans.map(([text, x0, x1]) => ({
        text,
        bbox: [x0, y, x1 - x0, 0.012] as [number, number, number, number],
      })),
    };
  });
  return {
    kind: 'image',
    mimeType: 'image/png',
    filename: 'scan.png',
    sha256: null,
    ocr: true,
    pages: [{ number: 1, lines }],
  };
}

/** A row's cells at the left and right edges given, in order. */
const rowAt =
  (...edges: [number, number][]) =>
  (...cells: string[]) =>
    cells.map((text, i) => [text, ...edges[i]] as [string, number, number]);

/** The captions `headerMatch` finds for a statement's header line of these spans, side by side. */
function statementHeader(texts: string[]) {
  const columns = Object.entries(bankStatementHints.tables!['/transactions'].columns).map(
    ([key, h]) => [key, h, h.labels.map(labelRegExp)] as [string, FieldHint, RegExp[]],
  );
  const spans = texts.map((text, index) => ({
    span: { text, bbox: [0.07 + index * 0.15, 0.3, 0.1, 0.01] as [number, number, number, number] },
    folded: fold(text),
    index,
  }));
  const line = { doc: 0, page: 1, index: 0, key: '0:1:0', spans, line: { text: '', bbox: null, spans: [] } };
  return headerMatch(line as LineRef, columns);
}

const statement = seedDefinition('bank_statement');
const datesOf = (doc: ReadDocument) =>
  ((extractWithRules([doc], statement).data.transactions ?? []) as { date?: string }[]).map((t) => t.date);

describe('table headers as OCR reads them', () => {
  it('joins a caption cut in two spans by a wide word gap ("Booking" · "date")', () => {
    const row = (date: string, text: string, debit: string, balance: string) =>
      [
        [date, 0.08, 0.16],
        [text, 0.33, 0.52],
        [debit, 0.58, 0.66],
        [balance, 0.85, 0.95],
      ] as [string, number, number][];
    const doc = scannedPage([
      [['STATEMENT OF ACCOUNT', 0.08, 0.4]],
      [
        ['Booking', 0.082, 0.148],
        ['date', 0.152, 0.186],
        ['Details', 0.33, 0.39],
        ['Debit', 0.594, 0.636],
        ['Deposits', 0.717, 0.785],
        ['Balance', 0.864, 0.934],
      ],
      row('04/03/2024', 'Card payment AMAZON EU', '481.53 EUR', '1,729.53 EUR'),
      row('05/03/2024', 'Insurance premium Allianz', '287.21 EUR', '1,442.32 EUR'),
      row('05/03/2024', 'Mobile phone contract', '101.95 EUR', '1,340.37 EUR'),
    ]);
    expect(datesOf(doc)).toEqual(['2024-03-04', '2024-03-05', '2024-03-05']);
  });

  it('keeps a second date caption out of the amounts, and finds the gutter a merged row crosses', () => {
    const row = (day: number, text: string, debit: string, balance: string) =>
      rowAt([0.07, 0.23], [0.26, 0.4], [0.44, 0.6], [0.66, 0.74], [0.88, 0.96])(
        `${day} de abril de 2024`,
        `${day + 1} de abril de 2024`,
        text,
        debit,
        balance,
      );
    const doc = scannedPage([
      [['EXTRATO', 0.07, 0.2]],
      [
        ['Data mov.', 0.073, 0.171],
        ['Data valor', 0.258, 0.361],
        ['Descrição', 0.442, 0.539],
        ['Débitos', 0.66, 0.734],
        ['Crédito', 0.766, 0.837],
        ['Saldo', 0.904, 0.957],
      ],
      row(2, 'Compra Continente', 'R$ 118,57', 'R$ 2.192,62'),
      row(4, 'Comissão de manutenção', 'R$ 302,24', 'R$ 1.890,38'),
      row(11, 'Compra Continente', 'R$ 515,84', 'R$ 1.374,54'),
      // OCR ran this row's first cells into one span, across every gutter left of the debits.
      [
        ['12 de abril de 2024 13 de abril de 2024 Levantamento ATM R$ 502,52', 0.07, 0.74],
        ['R$ 872,02', 0.88, 0.96],
      ],
      row(13, 'Compra Continente', 'R$ 247,45', 'R$ 624,57'),
      row(15, 'Comissão de manutenção', 'R$ 235,17', 'R$ 389,40'),
      row(17, 'Compra Continente', 'R$ 103,64', 'R$ 285,76'),
      row(18, 'Compra Continente', 'R$ 31,95', 'R$ 253,81'),
    ]);
    const { data } = extractWithRules([doc], statement);
    const transactions = data.transactions as Record<string, unknown>[];
    expect(transactions.map((t) => t.date)).toEqual([
      '2024-04-02',
      '2024-04-04',
      '2024-04-11',
      '2024-04-12',
      '2024-04-13',
      '2024-04-15',
      '2024-04-17',
      '2024-04-18',
    ]);
    // The value dates ("Data valor") are no amounts.
    expect(transactions.every((t) => t.amount === undefined)).toBe(true);
    expect(transactions[0]).toMatchObject({
      description: 'Compra Continente',
      debit: 118.57,
      balance: 2192.62,
    });
  });

  it('reads a caption behind a speck read as a low quote ("‚Datum"), so the booking dates are not taken from the value dates', () => {
    const row = (day: number, text: string, credit: string, balance: string) =>
      rowAt([0.07, 0.2], [0.23, 0.36], [0.4, 0.6], [0.75, 0.83], [0.88, 0.96])(
        `${day}. April 2024`,
        `${day + 1}. April 2024`,
        text,
        credit,
        balance,
      );
    const doc = scannedPage([
      [['Kontoauszug', 0.07, 0.2]],
      rowAt([0.068, 0.13], [0.23, 0.3], [0.4, 0.48], [0.66, 0.7], [0.75, 0.83], [0.88, 0.96])(
        '‚Datum',
        'Valuta',
        'Vorgang',
        'Soll',
        'Gutschrift',
        'Kontostand',
      ),
      row(6, 'Gehalt Muster GmbH', '532,98 €', '2.301,98 €'),
      row(20, 'Gehalt Muster GmbH', '327,91 €', '2.629,89 €'),
    ]);
    expect(datesOf(doc)).toEqual(['2024-04-06', '2024-04-20']);
  });

  it('reads a caption OCR misread by a letter ("Data contabili"), over a shorter one read right ("Data")', () => {
    const row = rowAt([0.07, 0.2], [0.27, 0.45], [0.68, 0.78], [0.82, 0.93]);
    const page = (dateCaption: string) =>
      scannedPage([
        [['ESTRATTO CONTO', 0.07, 0.25]],
        row(dateCaption, 'Causale', 'Avere', 'Saldo'),
        row('1 settembre 2023', 'Stipendio', 'EUR 320,15', 'EUR 1.394,20'),
        row('4 settembre 2023', 'Addebito SDD Enel', 'EUR 132,34', 'EUR 1.261,86'),
      ]);
    expect(datesOf(page('Data contabili'))).toEqual(['2023-09-01', '2023-09-04']);
    const captionOf = (text: string) => statementHeader([text, 'Causale', 'Avere', 'Saldo'])?.[0]?.key;
    expect(captionOf('Data contabili')).toBe('date');
    // Two letters off is no caption.
    expect(captionOf('Dato contabilo')).not.toBe('date');
  });

  it('reads a second caption of a taken column as one unknown caption, not a word of it as another column', () => {
    const header = statementHeader(['Data mov.', 'Data valor', 'Descrição', 'Débitos', 'Crédito', 'Saldo'])!;
    // "valor" is an amount's caption too ("Valor"), but here it is part of the value date's.
    expect(header.map((a) => [a.key, a.text])).toEqual([
      ['date', 'Data mov.'],
      ['', 'Data valor'],
      ['description', 'Descrição'],
      ['debit', 'Débitos'],
      ['credit', 'Crédito'],
      ['balance', 'Saldo'],
    ]);
  });
});

describe('two price captions', () => {
  it('reads the rightmost of two price columns as the line total when the table has no amount column', () => {
    const receipt = seedDefinition('receipt');
    const doc = scannedPage([
      [['SCONTRINO', 0.07, 0.25]],
      [
        ['Descrizione', 0.08, 0.2],
        ['Quantità', 0.51, 0.6],
        ['Prezzo', 0.7, 0.77],
        ['Prezzo', 0.87, 0.94],
      ],
      [
        ['Mozzarella', 0.08, 0.2],
        ['11,99 €', 0.87, 0.94],
      ],
      [
        ['Pane casereccio', 0.08, 0.25],
        ['3', 0.57, 0.58],
        ['1,00 €', 0.71, 0.77],
        ['3,00 €', 0.88, 0.94],
      ],
      [
        ['Cornetto', 0.08, 0.18],
        ['2,20 €', 0.88, 0.94],
      ],
      [
        ['Prosciutto crudo', 0.08, 0.26],
        ['8,50 €', 0.88, 0.94],
      ],
      [
        ['Totale', 0.57, 0.65],
        ['25,69 €', 0.87, 0.94],
      ],
    ]);
    const items = extractWithRules([doc], receipt).data.line_items;
    expect(items).toEqual([
      { description: 'Mozzarella', amount: 11.99 },
      { description: 'Pane casereccio', quantity: 3, unit_price: 1, amount: 3 },
      { description: 'Cornetto', amount: 2.2 },
      { description: 'Prosciutto crudo', amount: 8.5 },
    ]);
  });
});

describe('a caption behind a colon speck', () => {
  it('reads ":EP" as the unit price\'s caption "EP", so every row keeps its price', () => {
    const row = (name: string, count: string, price: string, amount: string) => [
      [name, 0.16, 0.4] as [string, number, number],
      [count, 0.45, 0.47] as [string, number, number],
      [price, 0.55, 0.65] as [string, number, number],
      [amount, 0.74, 0.84] as [string, number, number],
    ];
    const doc = scannedPage([
      [['Kassenbon', 0.15, 0.35]],
      [
        ['Bezeichnung. Anz,', 0.16, 0.46],
        [':EP', 0.56, 0.6],
        ['Summe', 0.77, 0.84],
      ],
      row('Tomaten lose', '1', '4,20EUR', '4,20 EUR'),
      row('Bananen', '4', '8,99EUR', '35,96 EUR'),
      [
        ['Zu zahlen', 0.17, 0.3],
        ['40,16 EUR', 0.5, 0.68],
      ],
    ]);
    expect(extractWithRules([doc], seedDefinition('receipt')).data.line_items).toEqual([
      { description: 'Tomaten lose', quantity: 1, unit_price: 4.2, amount: 4.2 },
      { description: 'Bananen', quantity: 4, unit_price: 8.99, amount: 35.96 },
    ]);
  });
});

describe('a text column under a caption no list has', () => {
  const row = (n: number, date: string, ref: string, text: string, debit: string, balance: string) =>
    [
      [String(n), 0.07, 0.08],
      [date, 0.11, 0.21],
      [ref, 0.24, 0.31],
      [text, 0.35, 0.55],
      [debit, 0.6, 0.68],
      [balance, 0.85, 0.95],
    ] as [string, number, number][];
  const statementWith = (caption: string) =>
    scannedPage([
      [['RELEVÉ DE COMPTE', 0.07, 0.35]],
      [
        ['N°', 0.07, 0.09],
        ['Date', 0.11, 0.15],
        ['Réf.', 0.24, 0.28],
        [caption, 0.35, 0.45],
        ['Débit', 0.6, 0.65],
        ['Solde', 0.88, 0.93],
      ],
      row(1, '2024-08-01', 'TX4411', 'Retrait DAB', '98,85 EUR', '2 578,91 EUR'),
      row(2, '2024-08-02', 'TX4412', 'Frais de tenue de compte', '173,66 EUR', '2 405,25 EUR'),
      row(3, '2024-08-04', 'TX4413', 'Prélèvement assurance', '35,03 EUR', '2 370,22 EUR'),
    ]);
  const descriptions = (doc: ReadDocument) =>
    ((extractWithRules([doc], statement).data.transactions ?? []) as { description?: string }[]).map(
      (t) => t.description,
    );

  it('takes the unknown column whose cells are words for the descriptions, not the codes beside it', () => {
    expect(descriptions(statementWith('Intitulé'))).toEqual([
      'Retrait DAB',
      'Frais de tenue de compte',
      'Prélèvement assurance',
    ]);
  });

  it('leaves a known caption its column', () => {
    expect(descriptions(statementWith('Libellé'))).toEqual([
      'Retrait DAB',
      'Frais de tenue de compte',
      'Prélèvement assurance',
    ]);
  });
});

describe("a text column's caption whose first word no list has", () => {
  const statementUnder = (caption: string, rows: [string, string, string][]) =>
    scannedPage([
      [['KONTOAUSZUG', 0.07, 0.3]],
      [
        ['Date', 0.09, 0.13],
        [caption, 0.35, 0.6],
        ['Amount', 0.82, 0.91],
      ],
      ...rows.map(
        ([date, text, amount]) =>
          [
            [date, 0.09, 0.17],
            [text, 0.35, 0.35 + 0.011 * text.length],
            [amount, 0.84, 0.91],
          ] as [string, number, number][],
      ),
    ]);
  const descriptions = (doc: ReadDocument) =>
    ((extractWithRules([doc], statement).data.transactions ?? []) as { description?: string }[]).map(
      (t) => t.description,
    );

  it('reads the text set under that word, short or long, as the descriptions', () => {
    const doc = statementUnder('Payee reference', [
      ['04.03.2024', 'Rent', '-850.00'],
      ['05.03.2024', 'Salary March Northwind Traders', '3,100.00'],
      ['06.03.2024', 'Groceries', '-64.20'],
    ]);
    expect(descriptions(doc)).toEqual(['Rent', 'Salary March Northwind Traders', 'Groceries']);
  });

  it("keeps a row number's caption run into the text's out of it", () => {
    const doc = statementUnder('Pos Reference', [
      ['04.03.2024', '1 Rent', '-850.00'],
      ['05.03.2024', '2 Salary March Northwind Traders', '3,100.00'],
      ['06.03.2024', '3 Groceries', '-64.20'],
    ]);
    expect(descriptions(doc).some((d) => d?.startsWith('1 '))).toBe(false);
  });
});

/** A statement row on a scan: date, text, a debit or a credit (the other left blank), balance. */
const debitCreditRow = (date: string, text: string, debit: string, credit: string, balance: string) =>
  [
    [date, 0.08, 0.17],
    [text, 0.2, 0.45],
    ...(debit ? [[debit, 0.52, 0.6]] : []),
    ...(credit ? [[credit, 0.66, 0.75]] : []),
    [balance, 0.79, 0.88],
  ] as [string, number, number][];

/** An English statement on a scan: its debit/credit header (`balance` the last caption as read), then `rows`. */
const debitCreditStatement = (balance: string, rows: [string, number, number][][]) =>
  scannedPage([
    [['STATEMENT OF ACCOUNT', 0.08, 0.4]],
    [
      ['Date', 0.08, 0.12],
      ['Details', 0.2, 0.26],
      ['Debit', 0.54, 0.59],
      ['Credit', 0.68, 0.74],
      [balance, 0.8, 0.87],
    ],
    ...rows,
  ]);

describe('a statement with debits and credits whose balance caption OCR garbled', () => {
  it('reads the column of figures under it as the balance, not as a signed amount', () => {
    const doc = debitCreditStatement('Bxlanoe', [
      debitCreditRow('04/03/2024', 'Card payment AMAZON EU', '481.53', '', '1,729.53'),
      debitCreditRow('05/03/2024', 'Salary March', '', '2,000.00', '3,729.53'),
      debitCreditRow('06/03/2024', 'Mobile phone contract', '101.95', '', '3,627.58'),
    ]);
    const rows = extractWithRules([doc], statement).data.transactions as Record<string, unknown>[];
    expect(rows.map((r) => r.balance)).toEqual([1729.53, 3729.53, 3627.58]);
    expect(rows.some((r) => 'amount' in r)).toBe(false);
  });
});

describe('debits and credits under captions not recognized, beside a running balance', () => {
  const page = (balances: string[]) =>
    scannedPage([
      [['WYCIĄG Z RACHUNKU', 0.08, 0.4]],
      [
        ['Data', 0.08, 0.12],
        ['Opis', 0.2, 0.26],
        ['Wypłaty', 0.53, 0.6],
        ['Wpłaty', 0.68, 0.75],
        ['Saldo', 0.82, 0.88],
      ],
      debitCreditRow('04.03.2024', 'Przelew czynsz', '1 200,00', '', balances[0]),
      debitCreditRow('11.03.2024', 'Wynagrodzenie luty', '', '5 300,00', balances[1]),
      debitCreditRow('15.03.2024', 'Biedronka Kraków', '84,20', '', balances[2]),
    ]);
  const movements = (doc: ReadDocument) =>
    (extractWithRules([doc], statement).data.transactions as Record<string, unknown>[]).map((r) => [
      r.debit,
      r.credit,
    ]);

  it('are the columns the balance falls and rises by', () => {
    expect(movements(page(['3 800,00', '9 100,00', '9 015,80']))).toEqual([
      [1200, undefined],
      [undefined, 5300],
      [84.2, undefined],
    ]);
  });
  it('are not taken where the balance does not move by them', () => {
    // The debits are a column of figures on most rows: taken as such, balance or not.
    expect(movements(page(['3 800,00', '3 800,00', '3 800,00'])).map(([, credit]) => credit)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('a count column under a caption not recognized', () => {
  const receipt = seedDefinition('receipt');
  /** Rows numbered 1, 2, 3 under `caption`, their amounts `made[i]` times their prices. */
  const ticket = (caption: string, made: number[]) =>
    scannedPage([
      [['TICKET DE CAISSE', 0.17, 0.45]],
      [
        ['Article', 0.17, 0.27],
        [caption, 0.45, 0.5],
        ['Prix', 0.58, 0.63],
        ['Total', 0.75, 0.81],
      ],
      ...[
        ['Eau minérale 50cl', '9,99 EUR'],
        ['Pommes Gala', '7,20 EUR'],
        ['Café crème', '3,45 EUR'],
      ].map(([name, price], i) => {
        const amount = (made[i] * Number.parseFloat(price.replace(',', '.'))).toFixed(2).replace('.', ',');
        return [
          [name, 0.18, 0.4],
          [String(i + 1), 0.47, 0.48],
          [price, 0.56, 0.66],
          [`${amount} EUR`, 0.72, 0.81],
        ] as [string, number, number][];
      }),
      [['Total HT', 0.27, 0.4]],
    ]);
  const counts = (doc: ReadDocument) =>
    ((extractWithRules([doc], receipt).data.line_items ?? []) as { quantity?: number }[]).map(
      (r) => r.quantity,
    );

  it('holds the counts when they times the prices make the amounts ("Qué" misread for "Qté")', () => {
    expect(counts(ticket('Qué', [1, 2, 3]))).toEqual([1, 2, 3]);
  });
  it('is no count column when its numbers do not make the amounts (a row number)', () => {
    expect(counts(ticket('Réf', [1, 1, 1]))).toEqual([undefined, undefined, undefined]);
  });
});

describe("a receipt's last item right over the totals' label", () => {
  it('is a row, not the totals printed over their captions', () => {
    const item = (name: string, figures: string) =>
      [
        [name, 0.17, 0.3],
        [figures, 0.42, 0.78],
      ] as [string, number, number][];
    const doc = scannedPage([
      [['Corner Market', 0.16, 0.3]],
      [
        ['Description', 0.17, 0.3],
        ['Quantity', 0.4, 0.5],
        ['Price', 0.56, 0.62],
        ['Total', 0.72, 0.78],
      ],
      item('Sandwich', '3 USD 1.45 USD 4.35'),
      item('Bananas 1kg', '1 USD 5.45 USD 5.45'),
      item('Bananas 1kg', '1 USD 6.99 USD 6.99'),
      [
        ['Subtotal', 0.25, 0.35],
        ['USD', 0.66, 0.7],
      ],
      [['16.79', 0.66, 0.72]],
    ]);
    const rows = extractWithRules([doc], seedDefinition('receipt')).data.line_items as { amount: number }[];
    expect(rows.map((r) => r.amount)).toEqual([4.35, 5.45, 6.99]);
  });
});

describe('a statement row OCR gave a box a sliver high', () => {
  it("does not end the table: the gap after it is measured by the rows' usual height", () => {
    const doc = debitCreditStatement('Balance', [
      debitCreditRow('16/08/2024', 'Card payment AMAZON EU', '586.67', '', '1,413.33'),
      debitCreditRow('20/08/2024', 'Interest credit', '', '12.50', '1,425.83'),
      debitCreditRow('21/08/2024', 'Account fee', '8.00', '', '1,417.83'),
      debitCreditRow('22/08/2024', 'Transfer to J. Doe', '17.83', '', '1,400.00'),
    ]);
    // Tesseract's box for the second row's line: 0.0006 of the page high, where rows are 0.012.
    doc.pages[0].lines[3].bbox![3] = 0.0006;
    const rows = extractWithRules([doc], statement).data.transactions as { date: string }[];
    expect(rows.map((r) => r.date)).toEqual(['2024-08-16', '2024-08-20', '2024-08-21', '2024-08-22']);
  });
});

describe('an item whose figures OCR could not read', () => {
  const receipt = seedDefinition('receipt');
  const item = (name: string, price: string, amount: string) =>
    [
      [name, 0.16, 0.35],
      [price, 0.55, 0.62],
      [amount, 0.72, 0.78],
    ] as [string, number, number][];
  const page = (first: [string, number, number][]) =>
    scannedPage([
      [['Corner Market', 0.16, 0.3]],
      [
        ['Description', 0.16, 0.3],
        ['Price', 0.56, 0.62],
        ['Amount', 0.71, 0.78],
      ],
      first,
      item('Bread rye', '8.20', '8.20'),
      item('MINE cater', 'Tyg', 'ze'),
      item('Cappuccino', '5.20', '5.20'),
    ]);
  const names = (doc: ReadDocument) =>
    (extractWithRules([doc], receipt).data.line_items as { description: string }[]).map((r) => r.description);

  it('stays a row with its name alone, so the rows after it keep their places', () => {
    expect(names(page(item('Muffin', '3.00', '3.00')))).toEqual([
      'Muffin',
      'Bread rye',
      'MINE cater',
      'Cappuccino',
    ]);
  });
  it('is no row over the first one where its name is no words: such ink is a rule drawn under the header', () => {
    expect(names(page(item('EER', 'EER', 'meme')))).toEqual(['Bread rye', 'MINE cater', 'Cappuccino']);
  });
  it('is the first row where its name is words, so the rows after it keep their names', () => {
    expect(names(page(item('Sumo de laranja', 'L/R', 'ADO')))).toEqual([
      'Sumo de laranja',
      'Bread rye',
      'MINE cater',
      'Cappuccino',
    ]);
  });
});

describe('a money caption over dates', () => {
  // "Value" names an amount elsewhere; on a statement it may head the value dates.
  const types = new Map(Object.entries(bankStatementHints.tables!['/transactions'].columns));
  const header = [
    { key: 'date', text: 'Booking date', x0: 0.071, x1: 0.189, span: 0 },
    { key: 'amount', text: 'Value', x0: 0.212, x1: 0.261, span: 1 },
    { key: 'description', text: 'Description', x0: 0.353, x1: 0.456, span: 2 },
  ];
  const row = (index: number, under: string) =>
    ({
      key: `0:1:${index}`,
      index,
      spans: [
        [`${index} January 2024`, 0.071, 0.19],
        [under, 0.213, 0.342],
        ['Refund Online Shop', 0.354, 0.5],
      ].map(([text, x0, x1], i) => ({
        span: { text, bbox: [x0, 0.3 + index * 0.02, (x1 as number) - (x0 as number), 0.01] },
        folded: fold(text as string),
        index: i,
      })),
    }) as unknown as LineRef;
  const ctx = { ocr: true, dateOrder: { order: 'dmy', certainty: 1 } } as const;

  it('is no amount column where the cells under it are dates', () => {
    const rows = [1, 2, 3].map((i) => row(i, `${i + 2} January 2024`));
    expect(withoutDatesUnderMoney(header, rows, types, ctx).map((a) => a.key)).toEqual([
      'date',
      '',
      'description',
    ]);
  });
  it('stays the amount column where one of them is an amount', () => {
    const rows = [row(1, '3 January 2024'), row(2, '4 January 2024'), row(3, '1,964.92')];
    expect(withoutDatesUnderMoney(header, rows, types, ctx).map((a) => a.key)).toEqual([
      'date',
      'amount',
      'description',
    ]);
  });
});

describe('a count under no caption of its own', () => {
  it('is taken off the description where it times the unit price makes the amount', () => {
    // As a scanned order read: the count's caption lost, its figures well left of the price's caption.
    const header = rowAt([0.097, 0.129], [0.197, 0.233], [0.379, 0.469], [0.692, 0.772], [0.87, 0.934]);
    const row = rowAt(
      [0.113, 0.129],
      [0.14, 0.219],
      [0.302, 0.427],
      [0.601, 0.614],
      [0.699, 0.772],
      [0.851, 0.934],
    );
    const doc = scannedPage([
      [['PURCHASE ORDER', 0.07, 0.3]],
      header('Pos.', 'SKU', 'Description', 'Unit price', 'Amount'),
      row('10', 'SKU77811', 'Steel bracket M8', '11', '€2,600.33', '€28,603.63'),
      row('20', 'SKU23352', 'USB-C cable 2 m', '9', '€71.18', '€640.62'),
      row('30', 'SKU78022', 'Model 5', '4', '€255.21', '€1,276.05'),
      // A long description running past where the counts stand: the gutter is right of them.
      [
        ['40', 0.113, 0.129],
        ['SKU52871', 0.14, 0.219],
        ['Design workshop for the whole team', 0.302, 0.655],
        ['€249.96', 0.72, 0.772],
        ['€249.96', 0.874, 0.934],
      ],
      [
        ['Grand total:', 0.74, 0.82],
        ['€30,520.30', 0.84, 0.94],
      ],
    ]);
    const items = extractWithRules([doc], seedDefinition('purchase_order')).data.line_items as {
      description: string;
      quantity?: number;
    }[];
    expect(items.slice(0, 2).map((i) => [i.description, i.quantity])).toEqual([
      ['Steel bracket M8', 11],
      ['USB-C cable 2 m', 9],
    ]);
    // 4 × 255,21 is not 1.276,05: no count.
    expect(items[2].quantity).toBeUndefined();
  });
});
