/** Till receipts: the merchant, how one receipt is drawn, and its truth. */

import { pad } from './formats';
import { type Rng, round2 } from './random';
import type { PrinterSetup, PrintLine } from './receipt-print';
import { documentBase, sampleDate, sampleLines } from './sample';
import type { CatalogItem, DocumentModel, IssuerBase, Layout, Line, TaxRow } from './types';

export type PaymentMethod = 'cash' | 'card' | 'mobile';

export interface ReceiptIssuer extends IssuerBase {
  numbering(seq: number): string;
  firstNumber: number;
  catalog: CatalogItem[];
  /** Standard rate first; every item carries one of them. */
  taxRates: number[];
  /** true: prices include VAT (Europe); false: tax added to a subtotal (US). */
  taxIncluded: boolean;
  tip?: boolean;
  payments: PaymentMethod[];
  /**
   * What a line prints: 'multi' quantity and unit price only when more than one, 'qty' the quantity
   * on every line but no unit price, 'full' quantity and unit price on every line.
   */
  lineStyle: 'multi' | 'qty' | 'full';
  lines: [number, number];
  /** 12-hour clock with AM/PM. */
  clock12?: boolean;
}

export interface ReceiptModel extends DocumentModel {
  structure: 'receipt';
  issuer: ReceiptIssuer;
  number: string;
  date: string;
  /** [hours, minutes, seconds] */
  time: [number, number, number];
  lines: Line[];
  /** Per rate: base = net, amount = tax (included or added). */
  taxes: TaxRow[];
  /** Printed only when tax is added (US). */
  subtotal?: number;
  tax: number;
  tip?: number;
  total: number;
  payment: { method: PaymentMethod; tendered?: number; change?: number; card?: string };
  cashier: string;
  till: number;
}

export interface ReceiptLayout extends Layout<ReceiptModel> {
  issuers: ReceiptIssuer[];
  setup: PrinterSetup;
  /** The printer's lines; `render` wraps them in HTML, the plain-text copy prints them as they are. */
  print(model: ReceiptModel): PrintLine[];
}

const CASHIERS = ['Anna', 'Tom', 'Kerstin', 'Luis', 'Chiara', 'Sophie', 'Marco', 'Dana'];

function printedLine(line: Line, style: ReceiptIssuer['lineStyle']): Line {
  const many = (line.quantity ?? 1) > 1;
  if (style === 'full') return line;
  if (style === 'qty') return { ...line, unitPrice: undefined };
  return many ? line : { ...line, quantity: undefined, unitPrice: undefined };
}

export function sampleReceipt(
  r: Rng,
  layout: ReceiptLayout,
  issuer: ReceiptIssuer,
  doc: number,
  id: string,
): ReceiptModel {
  const mdy = issuer.conventions.dates === 'mdy-slash';
  const date = sampleDate(r, '2025-10-01', '2026-06-30', mdy && doc === 0);
  const lines = sampleLines(r, issuer.catalog, r.int(issuer.lines[0], issuer.lines[1]), issuer.taxRates).map(
    (l) => printedLine(l, issuer.lineStyle),
  );
  const gross = round2(lines.reduce((s, l) => s + l.amount, 0));
  const rates = issuer.taxRates.filter((rate) => lines.some((l) => l.taxRate === rate));
  let taxes: TaxRow[];
  let subtotal: number | undefined;
  let tip: number | undefined;
  let total: number;
  if (issuer.taxIncluded) {
    taxes = rates.map((rate) => {
      const sum = round2(lines.filter((l) => l.taxRate === rate).reduce((s, l) => s + l.amount, 0));
      const base = round2(sum / (1 + rate / 100));
      return { rate, base, amount: round2(sum - base) };
    });
    total = gross;
  } else {
    subtotal = gross;
    taxes = issuer.taxRates
      .slice(0, 1)
      .map((rate) => ({ rate, base: gross, amount: round2((gross * rate) / 100) }));
    tip = issuer.tip ? round2(gross * r.pick([0.15, 0.18, 0.2])) : undefined;
    total = round2(gross + taxes[0].amount + (tip ?? 0));
  }
  const method = r.pick(issuer.payments);
  const note = r.pick([5, 10, 20, 50]);
  const cash = method === 'cash' ? Math.ceil(total / note) * note : undefined;
  return {
    structure: 'receipt',
    ...documentBase(layout.id, issuer, id, false),
    issuer,
    number: issuer.numbering(issuer.firstNumber + doc * r.int(40, 900)),
    date,
    time: [r.int(7, 21), r.int(0, 59), r.int(0, 59)],
    lines,
    taxes,
    subtotal,
    tax: round2(taxes.reduce((s, t) => s + t.amount, 0)),
    tip,
    total,
    payment: {
      method,
      tendered: cash,
      change: cash === undefined ? undefined : round2(cash - total),
      card: method === 'card' ? String(r.int(1000, 9999)) : undefined,
    },
    cashier: r.pick(CASHIERS),
    till: r.int(1, 6),
  };
}

export function receiptTruth(m: ReceiptModel): Record<string, unknown> {
  const s = m.issuer;
  return {
    merchant: {
      name: s.party.name,
      address: s.party.address.join(', '),
      ...(s.vatId ? { vat_id: s.vatId } : {}),
    },
    receipt_number: m.number,
    date: m.date,
    currency: s.conventions.currency,
    line_items: m.lines.map((l) => ({
      description: l.description,
      ...(l.quantity !== undefined ? { quantity: l.quantity } : {}),
      ...(l.unitPrice !== undefined ? { unit_price: l.unitPrice } : {}),
      amount: l.amount,
    })),
    ...(m.subtotal !== undefined ? { subtotal: m.subtotal } : {}),
    tax: m.tax,
    ...(m.tip !== undefined ? { tip: m.tip } : {}),
    total: m.total,
    payment_method: m.payment.method,
  };
}

/** The receipt's time: 14:05, 14:05:33, 2:05 PM. */
export function clock(m: ReceiptModel, seconds = false): string {
  const [h, min, sec] = m.time;
  if (m.issuer.clock12) return `${((h + 11) % 12) + 1}:${pad(min)} ${h < 12 ? 'AM' : 'PM'}`;
  return `${pad(h)}:${pad(min)}${seconds ? `:${pad(sec)}` : ''}`;
}
