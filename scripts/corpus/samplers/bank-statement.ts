/**
 * Training-corpus bank statements: holder, IBAN, period, transactions with a running balance,
 * in the document's language: debit/credit columns or one signed column ("-12,50", "12,50-",
 * "12,50 DR"), an optional value-date column, references on a second description line, and
 * brought-forward / totals / carried-forward rows that are not transactions.
 */
import { addDays, INCOMING, ibanFor, isoDay, pools, round2 } from '../content';
import { BANK_LABELS } from '../labels/bank-statement';
import type { Align, ColumnKind, DocModel, GenOptions, MetaItem, Sample } from '../model';
import { fmt, pickLocale, sayer } from '../model';
import type { Rng } from '../random';

/** How a signed amount column marks debits and credits, per language where it differs. */
const SIGN_STYLES = ['minus', 'minus', 'trailing', 'suffix', 'plus-minus'] as const;
const SUFFIX: Record<string, [debit: string, credit: string]> = {
  de: ['S', 'H'],
  en: ['DR', 'CR'],
  fr: ['D', 'C'],
  es: ['D', 'H'],
  it: ['D', 'A'],
  nl: ['Af', 'Bij'],
  pt: ['D', 'C'],
};

export function bankStatementSample(r: Rng, opts: GenOptions): Sample {
  const ri = opts.issuer ?? r;
  const locale = pickLocale(ri, opts);
  const lang = locale.language;
  const f = fmt(ri, locale);
  const h = opts.heldOut;
  const say = sayer(ri, BANK_LABELS, lang, h);
  const pool = pools(ri, lang);
  const bank = ri.pick(pool.banks);
  const holder = ri.pick(pool.people);
  const iban = ibanFor(ri, locale);
  const start = `${isoDay(r).slice(0, 8)}01`;
  const end = addDays(`${addDays(start, 32).slice(0, 8)}01`, -1);
  const n = opts.long ? r.int(35, 50) : r.int(5, 14);
  const opening = round2(r.int(200, 9000) + r.int(0, 99) / 100);
  let balance = opening;
  const signed = ri.chance(0.4);
  const signStyle = ri.pick(SIGN_STYLES);
  const withValueDate = ri.chance(0.4);
  const withRefs = ri.chance(0.35);
  const refLabel = say('reference');
  const txs: Record<string, unknown>[] = [];
  const days = [...Array(n)].map(() => r.int(0, 27)).sort((a, b) => a - b);
  let debits = 0;
  let credits = 0;
  for (let i = 0; i < n; i++) {
    const credit = r.chance(0.3);
    const amount = round2(r.int(3, credit ? 3000 : 600) + r.int(0, 99) / 100);
    balance = round2(balance + (credit ? amount : -amount));
    if (credit) credits = round2(credits + amount);
    else debits = round2(debits + amount);
    const text = r.pick(pool.transactions.filter((t) => INCOMING.has(t) === credit));
    const ref = withRefs && r.chance(0.7) ? `${refLabel} ${r.int(100000, 99999999)}` : '';
    const tx: Record<string, unknown> = {
      date: addDays(start, days[i]),
      // The description as printed: a wrapped reference line belongs to it.
      description: ref ? `${text} ${ref}` : text,
    };
    if (signed) tx.amount = credit ? amount : -amount;
    else tx[credit ? 'credit' : 'debit'] = amount;
    tx.balance = balance;
    txs.push({ ...tx, _text: text, _ref: ref, _value: addDays(start, days[i] + r.int(0, 2)) });
  }
  const showCurrency = f.moneyStyle === 'plain' || ri.chance(0.3);
  const periodText = `${f.date(start)} ${say('to')} ${f.date(end)}`;
  const meta: MetaItem[] = [
    { key: 'holder', label: say('holder'), value: holder },
    { key: 'iban', label: say('iban'), value: iban.replace(/(.{4})/g, '$1 ').trim() },
    { key: 'period', label: say('period'), value: periodText },
  ];
  if (showCurrency) meta.push({ key: 'currency', label: say('currency'), value: locale.currency });
  const money = (v: number) => f.money(v);
  const [sd, sc] = SUFFIX[lang];
  const signedMoney = (v: number) => {
    const abs = f.money(Math.abs(v));
    switch (signStyle) {
      case 'minus':
        return f.money(v);
      case 'trailing':
        return v < 0 ? `${abs}-` : abs;
      case 'suffix':
        return `${abs} ${v < 0 ? sd : sc}`;
      case 'plus-minus':
        return `${v < 0 ? '-' : '+'}${abs}`;
    }
  };
  const kinds: ColumnKind[] = [
    'date',
    ...(withValueDate ? (['valueDate'] as const) : []),
    'desc',
    ...(signed ? (['amount'] as const) : (['debit', 'credit'] as const)),
    'balance',
  ];
  const header: Record<string, () => string> = {
    date: () => say('date'),
    valueDate: () => say('valueDate'),
    desc: () => say('desc'),
    amount: () => say('amount'),
    debit: () => say('debit'),
    credit: () => say('credit'),
    balance: () => say('balance'),
  };
  const cell: Record<string, (t: Record<string, unknown>) => string> = {
    date: (t) => f.date(t.date as string),
    valueDate: (t) => f.date(t._value as string),
    desc: (t) => (t._ref ? `${t._text}\n${t._ref}` : (t._text as string)),
    amount: (t) => signedMoney(t.amount as number),
    debit: (t) => (t.debit ? money(t.debit as number) : ''),
    credit: (t) => (t.credit ? money(t.credit as number) : ''),
    balance: (t) => money(t.balance as number),
  };
  /** A row that is not a transaction: its text in the description column, its amount under balance. */
  const extraRow = (text: string, value: string, by: Partial<Record<ColumnKind, string>> = {}) =>
    kinds.map((k) => (k === 'desc' ? text : k === 'balance' ? value : (by[k] ?? '')));
  const openingInTable = ri.chance(0.5);
  // Carried forward at the bottom only when brought forward at the top, as statements print them.
  const closingInTable = openingInTable && ri.chance(0.6);
  const totalsRow = !signed && ri.chance(0.35);
  const openingLabel = say('opening');
  const closingLabel = say('closing');
  const after: string[][] = [];
  if (totalsRow) after.push(extraRow(say('totals'), '', { debit: money(debits), credit: money(credits) }));
  if (closingInTable) after.push(extraRow(closingLabel, money(balance)));
  const model: DocModel = {
    structure: 'bank_statement',
    title: say('title'),
    letterhead: [bank],
    meta,
    parties: [],
    table: {
      headers: kinds.map((k) => header[k]()),
      align: kinds.map((k): Align => (k === 'desc' || k === 'date' || k === 'valueDate' ? 'l' : 'r')),
      rows: txs.map((t) => kinds.map((k) => cell[k](t))),
      kinds,
      before: openingInTable ? [extraRow(openingLabel, money(opening))] : undefined,
      after: after.length ? after : undefined,
      running: txs.map((t) => money(t.balance as number)),
    },
    totals: [
      ...(openingInTable ? [] : [{ key: 'opening', label: openingLabel, value: money(opening) }]),
      ...(closingInTable ? [] : [{ key: 'closing', label: closingLabel, value: money(balance) }]),
    ],
    notes: [say('note')],
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
    transactions: txs.map(({ _text, _ref, _value, ...t }) => t),
  };
  return { model, truth };
}
