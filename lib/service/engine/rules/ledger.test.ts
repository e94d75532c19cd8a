import { describe, expect, it } from 'vitest';
import { settleLedger } from './ledger';

/** Each figure's text as OCR gave it: with a decimal point unless the test says otherwise. */
const printed =
  (texts: Record<string, string> = {}) =>
  (index: number, key: string) =>
    texts[`${index}/${key}`] ?? '1.00';

describe('settleLedger with running balances', () => {
  const rows = () => [
    { debit: 7250, balance: 1131.68 },
    { debit: 45.12, balance: 1086.56 },
    { credit: 25000, balance: 1336.56 },
    { debit: 350.16, balance: 98640 },
  ];

  it('puts back the decimal points the balances show were lost, debit, credit or balance', () => {
    const texts = printed({ '0/debit': '7250', '2/credit': '25000', '3/balance': '98640' });
    expect(settleLedger(rows(), 1204.18, 986.4, texts)).toEqual([
      { index: 0, key: 'debit', value: 72.5 },
      { index: 2, key: 'credit', value: 250 },
      { index: 3, key: 'balance', value: 986.4 },
    ]);
  });

  it('leaves a figure printed with its decimal point, and the first row when no opening balance says', () => {
    expect(settleLedger(rows(), 1204.18, 986.4, printed())).toEqual([]);
    expect(
      settleLedger(rows(), undefined, 986.4, printed({ '0/debit': '7250', '2/credit': '25000' })),
    ).toEqual([{ index: 2, key: 'credit', value: 250 }]);
  });

  it('puts back a figure and its balance both misread, where the rows after the balance agree', () => {
    // -284,57 lost its minus ("„284.57") and a speck after the balance read as one ("7'931.36-").
    const ledger = [
      { amount: -231.43, balance: 8215.93 },
      { amount: 284.57, balance: -7931.36 },
      { amount: -577.56, balance: 7353.8 },
    ];
    expect(settleLedger(ledger, 8447.36, 7353.8, printed())).toEqual([
      { index: 1, key: 'amount', value: -284.57 },
      { index: 1, key: 'balance', value: 7931.36 },
    ]);
    // The row after it disagrees with the balance so repaired: two changes at a guess are none.
    const unconfirmed = ledger.map((r, i) => (i === 2 ? { ...r, balance: 7300 } : r));
    expect(settleLedger(unconfirmed, 8447.36, 7300, printed())).toEqual([]);
  });

  it('joins the digits of a figure OCR put a space in, when the balances show it', () => {
    const ledger = [
      { debit: 72.5, balance: 1131.68 },
      { debit: 45.12, balance: 1086.56 },
      { credit: 50, balance: 1336.56 },
    ];
    expect(settleLedger(ledger, 1204.18, 1336.56, printed({ '2/credit': '2 50,00' }))).toEqual([
      { index: 2, key: 'credit', value: 250 },
    ]);
    // Printed as 50,00, nothing of it can be read otherwise: the ledger stays as it is.
    expect(settleLedger(ledger, 1204.18, 1336.56, printed({ '2/credit': '50,00' }))).toEqual([]);
  });

  it('drops a digit a speck before a figure was read as, when the balances show it', () => {
    const ledger = [
      { debit: 72.5, balance: 11131.68 },
      { debit: 45.12, balance: 1086.56 },
      { credit: 250, balance: 1336.56 },
    ];
    expect(settleLedger(ledger, 1204.18, 1336.56, printed())).toEqual([
      { index: 0, key: 'balance', value: 1131.68 },
    ]);
    // Figures the balances agree with keep their digits; so does a figure of three digits (a cent's).
    expect(settleLedger(ledger.slice(1), 1131.68, 1336.56, printed())).toEqual([]);
    expect(settleLedger([{ debit: 0.5, balance: 1.5 }], 2.5, 1.5, printed())).toEqual([]);
    expect(settleLedger([{ debit: 2, balance: 1.5 }], 2.5, 1.5, printed())).toEqual([]);
  });

  it('puts back one digit misread for another where the balance after it is confirmed by the next', () => {
    const ledger = () => [
      { debit: 72.5, balance: 1131.68 },
      { debit: 45.12, balance: 1086.56 },
      { credit: 250, balance: 1336.56 },
    ];
    // 1,204.18 − 72.50 = 1,131.68, which the next row confirms: the debit was read "78.50".
    const debit = ledger();
    debit[0].debit = 78.5;
    expect(settleLedger(debit, 1204.18, 1336.56, printed())).toEqual([
      { index: 0, key: 'debit', value: 72.5 },
    ]);
    // 1,131.68 − 45.12 = 1,086.56, which the next row confirms: the balance was read "1,036.56".
    const balance = ledger();
    balance[1].balance = 1036.56;
    expect(settleLedger(balance, 1204.18, 1336.56, printed())).toEqual([
      { index: 1, key: 'balance', value: 1086.56 },
    ]);
    // Two digits off ("88.50"), or a balance the rows after do not confirm: nothing is changed.
    debit[0].debit = 88.5;
    expect(settleLedger(debit, 1204.18, 1336.56, printed())).toEqual([]);
    expect(
      settleLedger(
        ledger()
          .slice(0, 1)
          .map((r) => ({ ...r, debit: 78.5 })),
        1204.18,
        999,
        printed(),
      ),
    ).toEqual([]);
  });

  it('reads on from a row without a balance by its movement', () => {
    const ledger = [{ debit: 10, balance: 90 }, { credit: 5 }, { debit: 2000 }, { credit: 1, balance: 84 }];
    // 90 + 5 − 20.00 + 1 = 76, not 84: the point is not what is wrong here, so nothing is changed.
    expect(settleLedger(ledger, 100, 84, printed({ '2/debit': '2000' }))).toEqual([]);
    const right = [{ debit: 10, balance: 90 }, { credit: 5 }, { debit: 1200 }, { credit: 1, balance: 84 }];
    expect(settleLedger(right, 100, 84, printed({ '2/debit': '1200' }))).toEqual([
      { index: 2, key: 'debit', value: 12 },
    ]);
  });
});

describe('settleLedger with signed amounts and no balances', () => {
  const rows = () => [{ amount: -850 }, { amount: 2950.12 }, { amount: 64.37 }, { amount: -92 }];

  it('gives back the one minus sign that makes opening and closing balances agree', () => {
    expect(settleLedger(rows(), 1204.33, 3148.08, printed())).toEqual([
      { index: 2, key: 'amount', value: -64.37 },
    ]);
  });

  it('changes nothing when the figures agree, when two repairs would do, or a balance is missing', () => {
    expect(settleLedger(rows(), 1204.33, 3276.82, printed())).toEqual([]);
    // Either of two equal amounts could have lost its sign: which one is not known.
    const twins = [{ amount: 10 }, { amount: 10 }];
    expect(settleLedger(twins, 100, 100, printed())).toEqual([]);
    expect(settleLedger(rows(), undefined, 3148.08, printed())).toEqual([]);
    // A row without a figure: the sum is not known.
    expect(settleLedger([...rows(), {}], 1204.33, 3148.08, printed())).toEqual([]);
  });
});
