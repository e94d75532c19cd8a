/** Training-corpus bank statements: holder, IBAN, period, transactions with a running balance. */
import { addDays, BANKS, isoDay, PEOPLE, round2, TX_DESCRIPTIONS } from '../content';
import type { DocModel, GenOptions, MetaItem, Sample } from '../model';
import { fmt, label, pickLocale, w } from '../model';
import type { Rng } from '../random';

const BANK_LABELS = {
  holder: w(['Account holder', 'Account name'], ['Account owner', 'Prepared for']),
  iban: w(['IBAN'], ['IBAN']),
  account: w(['Account number', 'Account No.'], ['Acct No.', 'Account #']),
  statement: w(['Statement No.', 'Statement number'], ['Statement #']),
  period: w(['Statement period', 'Period'], ['For the period']),
  opening: w(['Opening balance', 'Previous balance'], ['Balance brought forward', 'Beginning balance']),
  closing: w(['Closing balance', 'New balance'], ['Ending balance', 'Balance carried forward']),
  currency: w(['Currency', 'Account currency'], ['Currency']),
  date: w(['Date', 'Booking date'], ['Posting date', 'Value date']),
  desc: w(['Description', 'Details'], ['Transaction details', 'Particulars']),
  debit: w(['Debit', 'Withdrawals', 'Paid out'], ['Money out', 'Debits']),
  credit: w(['Credit', 'Deposits', 'Paid in'], ['Money in', 'Credits']),
  amount: w(['Amount'], ['Amount']),
  balance: w(['Balance'], ['Running balance']),
};

export function bankStatementSample(r: Rng, opts: GenOptions): Sample {
  const L = BANK_LABELS;
  const locale = pickLocale(r, opts, ['us', 'gb', 'de', 'fr', 'ie', 'ch']);
  const f = fmt(r, locale);
  const h = opts.heldOut;
  const bank = r.pick(BANKS);
  const holder = r.pick(PEOPLE);
  const iban = `${r.pick(['DE', 'FR', 'GB', 'IE', 'CH'])}${r.int(10, 99)}${Array.from({ length: 18 }, () => r.int(0, 9)).join('')}`;
  const start = `${isoDay(r).slice(0, 8)}01`;
  const end = addDays(`${addDays(start, 32).slice(0, 8)}01`, -1);
  const n = opts.long ? r.int(35, 50) : r.int(5, 14);
  const opening = round2(r.int(200, 9000) + r.int(0, 99) / 100);
  let balance = opening;
  const signed = r.chance(0.4);
  const txs: Record<string, unknown>[] = [];
  const days = [...Array(n)].map(() => r.int(0, 27)).sort((a, b) => a - b);
  for (let i = 0; i < n; i++) {
    const credit = r.chance(0.3);
    const amount = round2(r.int(3, credit ? 3000 : 600) + r.int(0, 99) / 100);
    balance = round2(balance + (credit ? amount : -amount));
    const tx: Record<string, unknown> = {
      date: addDays(start, days[i]),
      description: r.pick(TX_DESCRIPTIONS),
    };
    if (signed) tx.amount = credit ? amount : -amount;
    else tx[credit ? 'credit' : 'debit'] = amount;
    tx.balance = balance;
    txs.push(tx);
  }
  const showCurrency = f.moneyStyle === 'plain' || r.chance(0.3);
  const periodText = `${f.date(start)} ${r.pick(['–', '-', 'to'])} ${f.date(end)}`;
  const meta: MetaItem[] = [
    { key: 'holder', label: label(r, L.holder, h), value: holder },
    { key: 'iban', label: label(r, L.iban, h), value: iban.replace(/(.{4})/g, '$1 ').trim() },
    { key: 'period', label: label(r, L.period, h), value: periodText },
  ];
  if (showCurrency) meta.push({ key: 'currency', label: label(r, L.currency, h), value: locale.currency });
  const money = (v: number) => f.money(v);
  const headers = signed
    ? [label(r, L.date, h), label(r, L.desc, h), label(r, L.amount, h), label(r, L.balance, h)]
    : [
        label(r, L.date, h),
        label(r, L.desc, h),
        label(r, L.debit, h),
        label(r, L.credit, h),
        label(r, L.balance, h),
      ];
  const rows = txs.map((t) => {
    const date = f.date(t.date as string);
    if (signed) return [date, t.description as string, money(t.amount as number), money(t.balance as number)];
    return [
      date,
      t.description as string,
      t.debit ? money(t.debit as number) : '',
      t.credit ? money(t.credit as number) : '',
      money(t.balance as number),
    ];
  });
  const openingInTable = r.chance(0.5);
  const openingLabel = label(r, L.opening, h);
  const model: DocModel = {
    structure: 'bank_statement',
    title: r.pick(['Account statement', 'STATEMENT OF ACCOUNT', 'Bank statement']),
    letterhead: [bank],
    meta,
    parties: [],
    table: {
      headers,
      align: signed ? ['l', 'l', 'r', 'r'] : ['l', 'l', 'r', 'r', 'r'],
      rows,
      before: openingInTable
        ? [signed ? ['', openingLabel, '', money(opening)] : ['', openingLabel, '', '', money(opening)]]
        : undefined,
    },
    totals: [
      ...(openingInTable ? [] : [{ key: 'opening', label: openingLabel, value: money(opening) }]),
      { key: 'closing', label: label(r, L.closing, h), value: money(balance) },
    ],
    notes: ['Please check this statement and report any discrepancies within 30 days.'],
    locale,
  };
  const truth = {
    bank_name: bank,
    account_holder: holder,
    iban,
    period_start: start,
    period_end: end,
    currency: locale.currency,
    opening_balance: opening,
    closing_balance: balance,
    transactions: txs,
  };
  return { model, truth };
}
