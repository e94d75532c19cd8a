/** Purchase orders: the ordering company (the issuer), how one order is drawn, and its truth. */
import { addDays } from './formats';
import type { Rng } from './random';
import { computeTotals, documentBase, sampleDate, sampleLines } from './sample';
import type { CatalogItem, DocumentModel, IssuerBase, Layout, Party, Totals } from './types';

export interface OrderIssuer extends IssuerBase {
  numbering(seq: number, year: number): string;
  firstNumber: number;
  suppliers: Party[];
  /** Delivery address lines (a warehouse or site, not the head office). */
  shipTo: string[];
  catalog: CatalogItem[];
  /** Empty: the order shows no tax (US practice). */
  taxRates: number[];
  /** Printed verbatim, e.g. "Net 45" or "30 Tage netto". */
  paymentTerms: string;
  leadDays: [number, number];
  shipping?: [number, number];
  lines: [number, number];
  longDoc?: number;
}

export interface OrderModel extends DocumentModel {
  structure: 'purchase_order';
  issuer: OrderIssuer;
  number: string;
  orderDate: string;
  deliveryDate: string;
  supplier: Party;
  supplierNo: string;
  requester: string;
  quoteRef: string;
  totals: Totals;
}

export interface OrderLayout extends Layout<OrderModel> {
  issuers: OrderIssuer[];
}

const REQUESTERS = ['D. Okafor', 'H. Brandt', 'C. Laurent', 'M. García', 'E. Whitfield', 'S. Petrov'];

export function sampleOrder(
  r: Rng,
  layout: OrderLayout,
  issuer: OrderIssuer,
  doc: number,
  id: string,
): OrderModel {
  const long = issuer.longDoc === doc;
  const mdy = issuer.conventions.dates === 'mdy-slash';
  const orderDate = sampleDate(r, '2025-10-01', '2026-06-30', mdy && doc === 0);
  const count = long
    ? Math.min(r.int(30, 36), issuer.catalog.length)
    : r.int(issuer.lines[0], issuer.lines[1]);
  const lines = sampleLines(r, issuer.catalog, count, issuer.taxRates);
  const shipping = issuer.shipping ? r.int(issuer.shipping[0], issuer.shipping[1]) : undefined;
  return {
    structure: 'purchase_order',
    ...documentBase(layout.id, issuer, id, long),
    issuer,
    number: issuer.numbering(issuer.firstNumber + doc * r.int(5, 60), Number(orderDate.slice(0, 4))),
    orderDate,
    deliveryDate: addDays(orderDate, r.int(issuer.leadDays[0], issuer.leadDays[1])),
    supplier: r.pick(issuer.suppliers),
    supplierNo: String(r.int(70000, 79999)),
    requester: r.pick(REQUESTERS),
    quoteRef: `Q-${r.int(1000, 9999)}`,
    totals: computeTotals(lines, issuer.taxRates, shipping),
  };
}

export function orderTruth(m: OrderModel): Record<string, unknown> {
  const { issuer: s, totals } = m;
  return {
    po_number: m.number,
    order_date: m.orderDate,
    delivery_date: m.deliveryDate,
    currency: s.conventions.currency,
    buyer: { name: s.party.name, address: s.party.address.join(', ') },
    supplier: { name: m.supplier.name, address: m.supplier.address.join(', ') },
    ship_to: s.shipTo.join(', '),
    payment_terms: s.paymentTerms,
    line_items: totals.lines.map((l) => ({
      sku: l.sku,
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      amount: l.amount,
    })),
    subtotal: totals.subtotal,
    ...(s.taxRates.length ? { tax: totals.tax } : {}),
    total: totals.total,
  };
}
