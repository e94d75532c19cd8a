/** Bank statements: the bank and account (the issuer), how one month is drawn, and its truth. */
import { addDays, dateParts, lastDayOfMonth } from './formats';
import { type Rng, round2 } from './random';
import { documentBase } from './sample';
import type { DocumentModel, IssuerBase, Layout, Party } from './types';

/** A kind of booking: description (`{n}` becomes a reference number), amount range, money in or out. */
export interface Booking {
  description: string;
  amount: [number, number];
  credit?: boolean;
  /** At most once a month (rent, a fee, a tax payment). */
  once?: boolean;
}

export interface StatementIssuer extends IssuerBase {
  /** The account holder; `party` is the bank. */
  holder: Party;
  /** Printed in groups of four; the truth has it without spaces. */
  iban?: string;
  accountNumber?: string;
  sortCode?: string;
  statementNumber?: (seq: number, year: number) => string;
  firstStatement: number;
  opening: [number, number];
  bookings: Booking[];
  count: [number, number];
  /** 'columns': separate debit and credit columns; 'signed': one amount column with a sign. */
  amounts: 'columns' | 'signed';
  runningBalance: boolean;
  /** How a signed amount shows: '-45,00' / '+45,00', or German '45,00 S' (Soll) / '45,00 H' (Haben). */
  signs?: 'minus' | 'soll-haben';
  /** Row dates without the year ("03.03.", "03/05") as many banks print them. */
  shortRowDates?: boolean;
  longDoc?: number;
}

export interface Transaction {
  date: string;
  /** Value date (some layouts print it as a second date column). */
  valueDate: string;
  description: string;
  /** Signed: negative = money out. */
  amount: number;
  balance: number;
}

export interface StatementModel extends DocumentModel {
  structure: 'bank_statement';
  issuer: StatementIssuer;
  number?: string;
  periodStart: string;
  periodEnd: string;
  opening: number;
  closing: number;
  transactions: Transaction[];
}

export interface StatementLayout extends Layout<StatementModel> {
  issuers: StatementIssuer[];
}

export function sampleStatement(
  r: Rng,
  layout: StatementLayout,
  issuer: StatementIssuer,
  doc: number,
  id: string,
): StatementModel {
  const long = issuer.longDoc === doc;
  // Consecutive months: the issuer's documents A and B are one month apart.
  const month = r.int(0, 6);
  const y = 2025 + Math.floor((9 + month + doc) / 12);
  const m = ((9 + month + doc) % 12) + 1;
  const periodStart = `${y}-${String(m).padStart(2, '0')}-01`;
  const periodEnd = lastDayOfMonth(y, m);
  const days = dateParts(periodEnd).d;
  const count = long ? r.int(42, 50) : r.int(issuer.count[0], issuer.count[1]);
  const opening = round2(issuer.opening[0] + r.next() * (issuer.opening[1] - issuer.opening[0]));
  const dates = Array.from({ length: count }, () => addDays(periodStart, r.int(0, days - 1))).sort();
  let balance = opening;
  const used = new Set<Booking>();
  const transactions = dates.map((date, i) => {
    const booking = r.pick(issuer.bookings.filter((b) => !(b.once && used.has(b))));
    used.add(booking);
    const raw = booking.amount[0] + r.next() * (booking.amount[1] - booking.amount[0]);
    const amount = round2((booking.credit ? 1 : -1) * (raw >= 100 ? Math.round(raw * 10) / 10 : raw));
    balance = round2(balance + amount);
    const shifted = addDays(date, r.chance(0.3) ? 1 : 0);
    const valueDate = shifted > periodEnd ? date : shifted;
    return {
      date,
      valueDate,
      description: booking.description.replace('{n}', String(r.int(100000, 999999) + i)),
      amount,
      balance,
    };
  });
  return {
    structure: 'bank_statement',
    ...documentBase(layout.id, issuer, id, long),
    issuer,
    number: issuer.statementNumber?.(issuer.firstStatement + doc, y),
    periodStart,
    periodEnd,
    opening,
    closing: balance,
    transactions,
  };
}

export function statementTruth(m: StatementModel): Record<string, unknown> {
  const s = m.issuer;
  return {
    bank_name: s.party.name,
    account_holder: s.holder.name,
    ...(s.iban ? { iban: s.iban.replace(/\s+/g, '') } : {}),
    ...(s.accountNumber ? { account_number: s.accountNumber } : {}),
    ...(m.number ? { statement_number: m.number } : {}),
    period_start: m.periodStart,
    period_end: m.periodEnd,
    currency: s.conventions.currency,
    opening_balance: m.opening,
    closing_balance: m.closing,
    transactions: m.transactions.map((t) => ({
      date: t.date,
      description: t.description,
      ...(s.amounts === 'signed'
        ? { amount: t.amount }
        : t.amount < 0
          ? { debit: round2(-t.amount) }
          : { credit: t.amount }),
      ...(s.runningBalance ? { balance: t.balance } : {}),
    })),
  };
}
