import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';

const statement = seedDefinition('bank_statement');
const transactions = async (text: string) => {
  const { data, confidence } = await extractWithRules([await readDocument({ text })], statement);
  return { rows: data.transactions as Record<string, unknown>[] | undefined, confidence };
};

describe("a statement's transactions under captions no list has", () => {
  it('are the lines that start with a date and end with figures: signed amounts and running balances', async () => {
    // Finnish captions: none of them is known.
    const { rows, confidence } = await transactions(`TILIOTE
Pankki Pohjola Oyj
Kirjauspäivä   Selite                          Määrä          Kate
02.03.2024     Palkka Oy Nokia                +2 450,00     3 450,00
05.03.2024     K-Market Kamppi                  -64,37     3 385,63
09.03.2024     Vuokra maaliskuu                -950,00     2 435,63
`);
    expect(rows).toEqual([
      { date: '2024-03-02', description: 'Palkka Oy Nokia', amount: 2450, balance: 3450 },
      { date: '2024-03-05', description: 'K-Market Kamppi', amount: -64.37, balance: 3385.63 },
      { date: '2024-03-09', description: 'Vuokra maaliskuu', amount: -950, balance: 2435.63 },
    ]);
    // Read without captions: the reviewer is asked to look.
    expect(confidence['/transactions/0/amount']).toBeLessThan(0.8);
  });

  it('reads movements in two columns as debits and credits, the balance saying which is which', async () => {
    const { rows } = await transactions(`WYCIĄG Z RACHUNKU
Dzień        Tytuł operacji                 Wypłaty      Wpłaty        Stan
04.03.2024   Przelew czynsz                  1 200,00                  3 800,00
11.03.2024   Wynagrodzenie luty                            5 300,00     9 100,00
15.03.2024   Biedronka Kraków                  84,20                   9 015,80
`);
    expect(rows).toEqual([
      { date: '2024-03-04', description: 'Przelew czynsz', debit: 1200, balance: 3800 },
      { date: '2024-03-11', description: 'Wynagrodzenie luty', credit: 5300, balance: 9100 },
      { date: '2024-03-15', description: 'Biedronka Kraków', debit: 84.2, balance: 9015.8 },
    ]);
  });

  it('signs unsigned movements in one column by the way they move the balance', async () => {
    const { rows } = await transactions(`KONTOUTDRAG
Dag          Tekst                               Beløp        Disponibelt
04.03.2024   Lønn mars                         12 000,00      15 000,00
11.03.2024   Husleie                            8 500,00       6 500,00
`);
    expect(rows?.map((r) => r.amount)).toEqual([12000, -8500]);
  });

  it('are none where one dated line holds a figure: that is no ledger', async () => {
    const { rows } = await transactions(`TILIOTE
Eräpäivä 30.03.2024 Maksettava 120,00
`);
    expect(rows ?? []).toEqual([]);
  });
});
