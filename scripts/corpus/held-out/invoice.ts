/** Invoices: what an invoice issuer is, how one of its invoices is drawn, and its truth. */
import { addDays } from './formats';
import { type Rng, round2 } from './random';
import { computeTotals, documentBase, sampleDate, sampleLines } from './sample';
import type { CatalogItem, DocumentModel, IssuerBase, Layout, Line, Party, Totals } from './types';

export interface InvoiceIssuer extends IssuerBase {
  numbering(seq: number, year: number): string;
  firstNumber: number;
  termsDays: number;
  /** 'date': the due date is printed; 'terms': only "payable within N days", so no due date in the truth. */
  due: 'date' | 'terms';
  catalog: CatalogItem[];
  /** Standard rate first, then a reduced one; empty = no tax on the invoice at all. */
  taxRates: number[];
  buyers: Party[];
  /** Shipping as a table line (with this description) or as a totals row. */
  shipping?: { as: 'line' | 'row'; description?: string; price: [number, number] };
  /** A negative table line (description from the percentage) or a per-line discount column. */
  discount?: { as: 'line'; description: (pct: number) => string } | { as: 'column' };
  /** A deposit already paid, printed between the total and the balance due. */
  deposit?: boolean;
  lines: [number, number];
  /** Which of the issuer's documents (0, 1) runs over two pages. */
  longDoc?: number;
}

export interface InvoiceModel extends DocumentModel {
  structure: 'invoice';
  issuer: InvoiceIssuer;
  number: string;
  issueDate: string;
  dueDate: string;
  /** Printed by some layouts as "delivery date" / "Leistungsdatum": a date that is not the issue date. */
  deliveryDate: string;
  orderRef: string;
  orderDate: string;
  customerNo: string;
  ourRef: string;
  contact: string;
  buyer: Party;
  totals: Totals;
  deposit?: number;
}

export interface InvoiceLayout extends Layout<InvoiceModel> {
  issuers: InvoiceIssuer[];
}

const CONTACTS = [
  'A. Novak',
  'M. Keller',
  'J. Byrne',
  'S. Moreau',
  'L. Ricci',
  'P. Jansen',
  'R. Silva',
  'K. Weber',
];

export function sampleInvoice(
  r: Rng,
  layout: InvoiceLayout,
  issuer: InvoiceIssuer,
  doc: number,
  id: string,
): InvoiceModel {
  const long = issuer.longDoc === doc;
  const mdy = issuer.conventions.dates === 'mdy-slash';
  const issueDate = sampleDate(r, '2025-10-01', '2026-06-30', mdy && doc === 0);
  const count = long
    ? Math.min(r.int(30, 38), issuer.catalog.length)
    : r.int(issuer.lines[0], issuer.lines[1]);
  let lines: Line[] = sampleLines(r, issuer.catalog, count, issuer.taxRates);
  const discount = issuer.discount;
  if (discount?.as === 'column') {
    lines = lines.map((l) => {
      if (!r.chance(0.4)) return { ...l, discountPct: 0 };
      const pct = r.pick([5, 10, 15]);
      return { ...l, discountPct: pct, amount: round2(l.amount * (1 - pct / 100)) };
    });
  }
  let shippingRow: number | undefined;
  if (issuer.shipping) {
    const [min, max] = issuer.shipping.price;
    const cost = round2(min + Math.floor(r.next() * (max - min)));
    if (issuer.shipping.as === 'row') shippingRow = cost;
    else
      lines.push({
        description: issuer.shipping.description!,
        quantity: 1,
        unitPrice: cost,
        amount: cost,
        taxRate: issuer.taxRates[0] ?? 0,
      });
  }
  if (discount?.as === 'line') {
    const pct = r.pick([3, 5, 10]);
    const goods = lines.reduce((s, l) => s + l.amount, 0);
    lines.push({
      description: discount.description(pct),
      amount: -round2((goods * pct) / 100),
      taxRate: issuer.taxRates[0] ?? 0,
    });
  }
  const totals = computeTotals(lines, issuer.taxRates, shippingRow);
  const seq = issuer.firstNumber + doc * r.int(6, 40);
  return {
    structure: 'invoice',
    ...documentBase(layout.id, issuer, id, long),
    issuer,
    number: issuer.numbering(seq, Number(issueDate.slice(0, 4))),
    issueDate,
    dueDate: addDays(issueDate, issuer.termsDays),
    deliveryDate: addDays(issueDate, -r.int(1, 9)),
    orderRef: `${r.pick(['PO', '', 'B', '4500'])}${r.int(10000, 99999)}`,
    orderDate: addDays(issueDate, -r.int(10, 30)),
    customerNo: String(r.int(10000, 69999)),
    ourRef: `${r.pick(['KH', 'MB', 'TS', 'AL', 'JD'])}/${r.pick(['SR', 'PK', 'EV'])}`,
    contact: r.pick(CONTACTS),
    buyer: r.pick(issuer.buyers),
    totals,
    deposit: issuer.deposit ? Math.round((totals.total * 0.3) / 100) * 100 || 100 : undefined,
  };
}

const joinAddress = (p: Party) => p.address.join(', ');

/** The ground truth: only fields the document prints, in the invoice schema's shape. */
export function invoiceTruth(m: InvoiceModel): Record<string, unknown> {
  const { issuer, totals } = m;
  return {
    invoice_number: m.number,
    issue_date: m.issueDate,
    ...(issuer.due === 'date' ? { due_date: m.dueDate } : {}),
    currency: issuer.conventions.currency,
    seller: {
      name: issuer.party.name,
      address: joinAddress(issuer.party),
      ...(issuer.vatId ? { vat_id: issuer.vatId } : {}),
    },
    buyer: { name: m.buyer.name, address: joinAddress(m.buyer) },
    line_items: totals.lines.map((l) => ({
      description: l.description,
      ...(l.quantity !== undefined ? { quantity: l.quantity } : {}),
      ...(l.unitPrice !== undefined ? { unit_price: l.unitPrice } : {}),
      amount: l.amount,
    })),
    subtotal: totals.subtotal,
    ...(issuer.taxRates.length ? { tax: totals.tax } : {}),
    total: totals.total,
  };
}
