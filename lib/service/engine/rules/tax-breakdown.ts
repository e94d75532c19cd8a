/**
 * A tax breakdown: a small table of rates with net, tax and gross amounts, as German receipts and
 * many European invoices print instead of (or besides) a single tax line:
 *
 *   MwSt   Netto   Steuer   Brutto
 *   A 7%   6,09    0,43     6,50
 *   B 19%  2,69    0,51     3,20
 *
 * The document's tax is the sum of the tax column. Rows are trusted only where net + tax = gross
 * (or where the row has just net and tax); read from captions, never from one wording.
 */
import { parseMoney } from '../parse';
import { foldString } from '../text-match';
import type { FieldHint, Source } from '../types';
import { extractField, type LabelHit } from './fields';
import { type DocView, type Found, SYNTHETIC_GEOMETRY, union } from './page-view';

type Role = 'net' | 'tax' | 'gross';

const CAPTIONS: [Role, RegExp][] = [
  ['net', /^(?:net|netto|nett|nettobetrag|ht|h\.t\.|base|imp\.?|imponibile|basis|excl\.?|incidencia)$/],
  ['tax', /^(?:tax|vat|mwst\.?|ust\.?|steuer|tva|iva|btw|imposta|impuesto|imposto|gst)$/],
  ['gross', /^(?:gross|brutto|ttc|total|totale|bruto|lordo|incl\.?|umsatz|summe)$/],
];

const roleOf = (word: string): Role | undefined =>
  CAPTIONS.find(([, re]) => re.test(foldString(word).replace(/[:.]$/, '')))?.[0];

const AMOUNT = /-?\d{1,3}(?:[.,'\u00a0 ]\d{3})*[.,]\d{2}(?!\d)/g;

/** The sum of the tax column of the first breakdown on the documents, or null. */
export function taxFromBreakdown(views: DocView[]): Found | null {
  for (const view of views) {
    for (const lines of view.pages) {
      for (let i = 0; i < lines.length - 1; i++) {
        const words = lines[i].line.text.split(/\s+/);
        if (words.some((w) => /\d/.test(w))) continue;
        // Words of one caption ("Base HT", "Base imp.") give one role.
        const roles = words.map(roleOf).filter((r, k, all): r is Role => !!r && r !== all[k - 1]);
        if (roles.length < 2 || !roles.includes('tax')) continue;
        // A breakdown's header is its captions and at most a rate's ("Satz", "Rate", "%"): a line
        // items header with a VAT column ("Description Qty Price VAT Total") is none.
        if (words.filter((w) => !roleOf(w)).length > 1 || !(roles.includes('net') || roles.includes('gross')))
          continue;
        let total = 0;
        const used: typeof lines = [];
        const texts: string[] = [];
        for (const row of lines.slice(i + 1, i + 8)) {
          const text = row.line.text;
          if (!/\d\s?%/.test(text)) break;
          // The rate is no amount; what is left lines up with the captions, the rate's own last.
          const amounts = [...text.replace(/\d+(?:[.,]\d+)?\s?%/g, ' ').matchAll(AMOUNT)].map((m) => m[0]);
          const captions = roles.length === amounts.length + 1 && roles[0] === 'tax' ? roles.slice(1) : roles;
          if (captions.length !== amounts.length) break;
          const values = amounts.map((a) => parseMoney(a, view.ctx)?.value ?? Number.NaN);
          const at = (role: Role) => values[captions.indexOf(role)];
          const tax = at('tax');
          if (!Number.isFinite(tax)) break;
          const net = captions.includes('net') ? at('net') : undefined;
          const gross = captions.includes('gross') ? at('gross') : undefined;
          // Net + tax = gross is the proof this is a breakdown row; without both, tax < the other.
          if (net !== undefined && gross !== undefined) {
            if (Math.abs(net + tax - gross) > 0.011) break;
          } else if (tax >= (net ?? gross ?? 0)) break;
          total += tax;
          used.push(row);
          texts.push(amounts[captions.indexOf('tax')]);
        }
        if (used.length === 0) continue;
        const source: Source = {
          document: view.index,
          page: used[0].page,
          bbox: SYNTHETIC_GEOMETRY.has(view.doc.kind) ? null : union(used.map((l) => l.line.bbox)),
          text: texts.join(' + '),
        };
        return { value: Math.round(total * 100) / 100, score: 0.85, source, order: 0 };
      }
    }
  }
  return null;
}

/**
 * The tax printed one line per rate ("VAT 5% on 100.00  5.00", "VAT 20% on 100.00  20.00"): the
 * sum of the lines' amounts, when that sum is what `makes` the document's figures add up (the
 * net plus the tax is the total) and no single line does.
 */
export function taxPerRate(
  hint: FieldHint,
  hits: LabelHit[],
  views: DocView[],
  labelSpans: Set<string>,
  makes: (tax: number) => boolean,
): Found | null {
  const byLine = new Map<string, Found>();
  for (const hit of hits) {
    const found = extractField(hint, [hit], views, labelSpans);
    if (found && typeof found.value === 'number' && !byLine.has(hit.line.key))
      byLine.set(hit.line.key, found);
  }
  const lines = [...byLine.values()];
  if (lines.length < 2 || lines.some((f) => makes(f.value as number))) return null;
  const sum = Math.round(lines.reduce((a, f) => a + (f.value as number), 0) * 100) / 100;
  if (!makes(sum)) return null;
  const first = lines[0].source;
  return {
    value: sum,
    score: Math.min(...lines.map((f) => f.score)),
    order: 0,
    source: {
      document: first.document,
      page: first.page,
      bbox: first.bbox && union(lines.map((f) => f.source.bbox)),
      text: lines.map((f) => f.source.text).join(' + '),
    },
  };
}
