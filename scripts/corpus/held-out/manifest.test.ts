/**
 * Self-check of the held-out corpus plan, without rendering: every truth matches its structure's JSON
 * Schema, amounts add up, everything the truth claims is printed on the document (HTML and plain text),
 * the corpus has the promised variety, and the plan is deterministic.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { seedStructures } from '@/lib/service/structures';
import { type DateStyle, formatDate } from './formats';
import type { InvoiceModel } from './invoice';
import type { OrderModel } from './order';
import { DEFAULT_SEED, type PlannedDocument, parseSeed, planCorpus } from './plan';
import type { ReceiptModel } from './receipt';
import type { StatementModel } from './statement';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const plan = planCorpus(DEFAULT_SEED);
const of = (structure: string) => plan.filter((d) => d.structure === structure);
const cents = (n: number) => Math.round(n * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + cents(b), 0);

/** The text a reader sees: tags and styles gone, entities decoded, whitespace collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const DATE_STYLES: DateStyle[] = [
  'dmy-dot',
  'dmy-dot-yy',
  'dmy-slash',
  'dmy-dash',
  'mdy-slash',
  'iso',
  'long',
  'short',
  'ordinal',
  'dd-mon-yy',
];

/** Every way the document's conventions could print a date, including day-month without the year. */
function dateForms(doc: PlannedDocument, iso: string): string[] {
  const c = (doc.model as InvoiceModel).fmt.conventions;
  const full = DATE_STYLES.map((style) => formatDate(iso, style, c));
  return [
    ...full,
    formatDate(iso, 'dmy-dot', c).slice(0, 6),
    formatDate(iso, 'dmy-slash', c).slice(0, 5),
    formatDate(iso, 'mdy-slash', c).slice(0, 5),
  ];
}

/** Each truth leaf and a reason it is not printed, or null when it is. */
function unprinted(doc: PlannedDocument, text: string): string[] {
  const fmt = (doc.model as InvoiceModel).fmt;
  const flat = text.replace(/\s+/g, ' ');
  const missing: string[] = [];
  const visit = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) visit(v, `${pointer}/${i}`);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) visit(v, `${pointer}/${k}`);
      return;
    }
    if (pointer === '/currency' || pointer === '/payment_method') return;
    if (typeof value === 'number') {
      const forms = [
        fmt.num(Math.abs(value)),
        fmt.qty(Math.abs(value)),
        fmt.num(Math.abs(value)).replace(/'/g, ' '),
      ];
      if (!forms.some((f) => flat.includes(f))) missing.push(`${pointer}=${value}`);
    } else if (typeof value === 'string') {
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        if (!dateForms(doc, value).some((f) => flat.includes(f))) missing.push(`${pointer}=${value}`);
      } else if (pointer === '/iban') {
        if (!flat.replace(/\s/g, '').includes(value)) missing.push(`${pointer}=${value}`);
      } else if (pointer.endsWith('/address') || pointer === '/ship_to') {
        for (const part of value.split(', '))
          if (!flat.includes(part)) missing.push(`${pointer} part "${part}"`);
      } else if (!flat.includes(value)) missing.push(`${pointer}=${value}`);
    }
  };
  visit(doc.truth, '');
  return missing;
}

describe('held-out corpus plan', () => {
  it('gives every truth the shape of its structure (JSON Schema 2020-12, formats checked)', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv);
    const validators = new Map(seedStructures.map((s) => [s.key, ajv.compile(s.schema)]));
    const failures = plan
      .map((d) => [
        d.model.id,
        validators.get(d.structure)!(d.truth) ? null : ajv.errorsText(validators.get(d.structure)!.errors),
      ])
      .filter(([, e]) => e);
    expect(failures).toEqual([]);
  });

  it('prints everything its truth claims, on the page and in the plain-text copy', () => {
    const failures: string[] = [];
    for (const doc of plan) {
      for (const miss of unprinted(doc, visibleText(doc.html)))
        failures.push(`${doc.model.id} html: ${miss}`);
      if (doc.text)
        for (const miss of unprinted(doc, doc.text)) failures.push(`${doc.model.id} txt: ${miss}`);
    }
    expect(failures).toEqual([]);
  });

  it('adds up: lines to subtotals, subtotal + shipping + tax to totals, quantity × price to amounts', () => {
    for (const doc of [...of('invoice'), ...of('purchase_order')]) {
      const { totals } = doc.model as unknown as InvoiceModel | OrderModel;
      const t = doc.truth as {
        subtotal: number;
        tax?: number;
        total: number;
        line_items: { quantity?: number; unit_price?: number; amount: number }[];
      };
      expect(sum(t.line_items.map((l) => l.amount)), doc.model.id).toBe(cents(t.subtotal));
      expect(cents(t.subtotal) + cents(totals.shipping ?? 0) + cents(t.tax ?? 0), doc.model.id).toBe(
        cents(t.total),
      );
      for (const [i, l] of t.line_items.entries()) {
        if (l.quantity === undefined || l.unit_price === undefined) continue;
        const discount = totals.lines[i].discountPct ?? 0;
        expect(
          Math.abs(l.quantity * l.unit_price * (1 - discount / 100) - l.amount),
          `${doc.model.id} line ${i}`,
        ).toBeLessThan(0.006);
      }
      for (const row of totals.taxes)
        expect(cents(row.amount)).toBe(Math.round((cents(row.base) * row.rate) / 100));
    }
    for (const doc of of('receipt')) {
      const m = doc.model as unknown as ReceiptModel;
      const t = doc.truth as {
        subtotal?: number;
        tax: number;
        tip?: number;
        total: number;
        line_items: { amount: number }[];
      };
      const lines = sum(t.line_items.map((l) => l.amount));
      if (m.issuer.taxIncluded) {
        expect(lines, m.id).toBe(cents(t.total));
        expect(sum(m.taxes.map((x) => x.base + x.amount)), m.id).toBe(cents(t.total));
      } else {
        expect(lines, m.id).toBe(cents(t.subtotal!));
        expect(cents(t.subtotal!) + cents(t.tax) + cents(t.tip ?? 0), m.id).toBe(cents(t.total));
      }
    }
    for (const doc of of('bank_statement')) {
      const m = doc.model as unknown as StatementModel;
      const t = doc.truth as {
        opening_balance: number;
        closing_balance: number;
        period_start: string;
        period_end: string;
        transactions: { date: string; debit?: number; credit?: number; amount?: number; balance?: number }[];
      };
      let balance = cents(t.opening_balance);
      for (const tx of t.transactions) {
        balance += tx.amount !== undefined ? cents(tx.amount) : cents(tx.credit ?? 0) - cents(tx.debit ?? 0);
        if (tx.balance !== undefined) expect(cents(tx.balance), m.id).toBe(balance);
        expect(tx.date >= t.period_start && tx.date <= t.period_end, `${m.id} ${tx.date}`).toBe(true);
      }
      expect(balance, m.id).toBe(cents(t.closing_balance));
    }
  });

  it('has the promised variety: layouts, languages and two documents per issuer', () => {
    const layouts = (s: string) => new Set(of(s).map((d) => d.model.layout)).size;
    const languages = (s: string) => new Set(of(s).map((d) => d.model.language)).size;
    expect(layouts('invoice')).toBeGreaterThanOrEqual(12);
    expect(languages('invoice')).toBe(7);
    expect(layouts('receipt')).toBeGreaterThanOrEqual(4);
    expect(languages('receipt')).toBeGreaterThanOrEqual(3);
    expect(layouts('purchase_order')).toBeGreaterThanOrEqual(3);
    expect(languages('purchase_order')).toBeGreaterThanOrEqual(3);
    expect(layouts('bank_statement')).toBeGreaterThanOrEqual(3);
    expect(languages('bank_statement')).toBeGreaterThanOrEqual(2);
    const perIssuer = new Map<string, number>();
    for (const d of plan) perIssuer.set(d.model.issuerId, (perIssuer.get(d.model.issuerId) ?? 0) + 1);
    expect([...perIssuer.values()].every((n) => n === 2)).toBe(true);
    const issuersPerLayout = new Map<string, Set<string>>();
    for (const d of plan)
      issuersPerLayout.set(
        d.model.layout,
        (issuersPerLayout.get(d.model.layout) ?? new Set()).add(d.model.issuerId),
      );
    expect([...issuersPerLayout.values()].every((s) => s.size >= 2)).toBe(true);
    // Every format is there, and the whole corpus stays small enough for the accuracy bench.
    const formats = plan.flatMap((d) => ['pdf', ...(d.image ? [d.image] : []), ...(d.text ? ['txt'] : [])]);
    expect(new Set(formats)).toEqual(new Set(['pdf', 'png', 'png-scan', 'pdf-scan', 'txt']));
    expect(formats.length).toBeLessThanOrEqual(250);
    expect(plan.filter((d) => d.model.long).length).toBeGreaterThanOrEqual(5);
  });

  it('keeps an issuer identical across its documents and varies the documents themselves', () => {
    const identity = (d: PlannedDocument) => {
      const t = d.truth as Record<string, Record<string, unknown>>;
      return JSON.stringify(
        t.seller ??
          t.merchant ??
          (d.structure === 'purchase_order' ? t.buyer : [t.bank_name, t.account_holder]),
      );
    };
    const byIssuer = new Map<string, PlannedDocument[]>();
    for (const d of plan) byIssuer.set(d.model.issuerId, [...(byIssuer.get(d.model.issuerId) ?? []), d]);
    for (const [issuer, [a, b]] of byIssuer) {
      expect(identity(a), issuer).toBe(identity(b));
      expect(JSON.stringify(a.truth), issuer).not.toBe(JSON.stringify(b.truth));
    }
  });

  it('gives month-first issuers dates that only evidence can decide (day ≤ 12)', () => {
    const us = of('invoice').filter(
      (d) => d.model.locale === 'en-US' && (d.model as InvoiceModel).fmt.conventions.dates === 'mdy-slash',
    );
    expect(us.some((d) => Number((d.truth.issue_date as string).slice(8)) <= 12)).toBe(true);
  });

  it('is deterministic for a seed and different for another', () => {
    const again = planCorpus(DEFAULT_SEED);
    expect(again.map((d) => [d.truth, d.html, d.text])).toEqual(plan.map((d) => [d.truth, d.html, d.text]));
    const other = planCorpus(DEFAULT_SEED + 1);
    expect(other.map((d) => d.truth)).not.toEqual(plan.map((d) => d.truth));
  });

  it('refuses a bad seed or an unknown structure with a clear error', () => {
    expect(() => parseSeed('abc')).toThrow('--seed must be a non-negative integer, got "abc"');
    expect(() => parseSeed('-3')).toThrow('--seed must be a non-negative integer');
    expect(() => parseSeed('')).toThrow('--seed must be a non-negative integer');
    expect(parseSeed('42')).toBe(42);
    expect(() => planCorpus(1, ['invoice', 'receipts'])).toThrow('unknown structure "receipts"');
    expect(planCorpus(1, ['receipt']).every((d) => d.structure === 'receipt')).toBe(true);
  });
});
