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
import type { FieldHint } from '../types';
import { extractField, type LabelHit } from './fields';
import { type DocView, type Found, type LineRef, SYNTHETIC_GEOMETRY, union } from './page-view';

type Role = 'net' | 'tax' | 'gross';

const CAPTIONS: [Role, RegExp][] = [
  ['net', /^(?:net|netto|nett|nettobetrag|ht|h\.t\.|base|imp\.?|imponibile|basis|excl\.?|incidencia)$/],
  ['tax', /^(?:tax|vat|mwst\.?|ust\.?|steuer|tva|iva|btw|imposta|impuesto|imposto|gst)$/],
  ['gross', /^(?:gross|brutto|ttc|total|totale|bruto|lordo|incl\.?|umsatz|summe)$/],
];

const roleOf = (word: string): Role | undefined =>
  CAPTIONS.find(([, re]) => re.test(foldString(word).replace(/[:.]$/, '')))?.[0];

/** A rate's caption: "%", "% IVA", "Satz", "Taux" (its figures are stripped from the rows). */
const RATE = /%|^(?:satz|rate|taux|tipo|aliquota|tarief|taxa)\b/i;

/**
 * The roles of a breakdown's header line, in order, or null where it is none. By words first
 * ("MwSt Netto Steuer Brutto"); where the captions are phrases, by the line's spans ("Base
 * imponible | % IVA | Cuota IVA"): each caption's first word with a role gives it, a rate's
 * caption gives none.
 */
function headerRoles(line: LineRef): Role[] | null {
  const words = line.line.text.split(/\s+/);
  if (words.some((w) => /\d/.test(w))) return null;
  const byWords = captionRoles(words.map((w) => ({ role: roleOf(w), rate: false })));
  if (byWords) return byWords;
  if (line.spans.length < 2) return null;
  return captionRoles(
    line.spans.map((s) => {
      const text = s.span.text.trim();
      const rate = RATE.test(text);
      return { role: rate ? undefined : text.split(/\s+/).map(roleOf).find(Boolean), rate };
    }),
  );
}

/**
 * Captions (words or spans) as roles: two at least, one the tax's and one the net's or the
 * gross', besides at most one caption of no role (a rate's are not counted). A line items
 * header with a VAT column ("Description Qty Price VAT Total") is none.
 */
function captionRoles(captions: { role: Role | undefined; rate: boolean }[]): Role[] | null {
  // Words of one caption ("Base HT", "Base imp.") give one role.
  const roles = captions.map((c) => c.role).filter((r, k, all): r is Role => !!r && r !== all[k - 1]);
  if (roles.length < 2 || !roles.includes('tax')) return null;
  if (captions.filter((c) => !c.role && !c.rate).length > 1) return null;
  return roles.includes('net') || roles.includes('gross') ? roles : null;
}

const AMOUNT = /-?\d{1,3}(?:[.,'\u00a0 ]\d{3})*[.,]\d{2}(?!\d)/g;

/**
 * The first breakdown on the documents: the sums of its tax column and (where it has one) of
 * its net column, the amount the tax is charged on.
 */
export function breakdownOf(views: DocView[]): { tax: Found; net: Found | null } | null {
  for (const view of views) {
    for (const lines of view.pages) {
      for (let i = 0; i < lines.length - 1; i++) {
        const roles = headerRoles(lines[i]);
        if (!roles) continue;
        let taxSum = 0;
        let netSum = 0;
        const used: typeof lines = [];
        const texts: { tax: string; net?: string }[] = [];
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
          taxSum += tax;
          netSum += net ?? Number.NaN;
          used.push(row);
          texts.push({ tax: amounts[captions.indexOf('tax')], net: amounts[captions.indexOf('net')] });
        }
        if (used.length === 0) continue;
        const found = (value: number, text: string): Found => ({
          value: Math.round(value * 100) / 100,
          score: 0.85,
          order: 0,
          source: {
            document: view.index,
            page: used[0].page,
            bbox: SYNTHETIC_GEOMETRY.has(view.doc.kind) ? null : union(used.map((l) => l.line.bbox)),
            text,
          },
        });
        return {
          tax: found(taxSum, texts.map((t) => t.tax).join(' + ')),
          net: Number.isFinite(netSum) ? found(netSum, texts.map((t) => t.net).join(' + ')) : null,
        };
      }
    }
  }
  return null;
}

/**
 * The tax where the first line labelled as one is not the one that makes the document's figures
 * add up (the net plus the tax is the total): the line that does ("VAT 5%  5.00", "VAT 20%
 * 20.00", "Total VAT  25.00": the last), or else, printed one line per rate ("VAT 5% on 100.00
 * 5.00", "VAT 20% on 100.00  20.00"), the sum of the lines' amounts when that sum does.
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
  if (lines.length < 2) return null;
  const adding = lines.find((f) => makes(f.value as number));
  if (adding) return adding;
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
