/**
 * A total's label with a word after it that makes it another summary figure's: "Total exkl. MWST"
 * is the amount without the tax, "Total GST" the tax, where "Total inkl. MWST" stays the total.
 * The label lists cannot hold every such pair of words (each language, each tax's name), so the
 * words after a total's label decide which figure of the document's sum the line holds.
 */
import { fold, matchLabel } from '../text-match';
import type { CrossFieldRule } from '../types';
import type { LabelHit } from './fields';
import { normalizePointer } from './page-view';

/** Words that say the tax is in the figure ("incl.", "TTC", "brutto"): the total's, as it reads. */
const WITH_TAX =
  /^(?:incl|inc|inkl|including|inclusive|inklusive|inclusief|incluso|incluido|ttc|brutto|gross|con|com|mit|avec|met|zzgl|plus|\+)(?![\p{L}])/u;
/** Words that say the tax is not in it ("excl.", "HT", "netto", "before tax"): the subtotal's. */
const WITHOUT_TAX =
  /^(?:excl|exkl|excluding|exclusive|exklusive|exclusief|ohne|hors|sans|ht|net|netto|sin|senza|sem|zonder|before|vor|avant|antes)(?![\p{L}])/u;

/**
 * Moves the hits of each addition rule's total (`equals`) whose label goes on with such words to
 * the rule's part they name: without the tax to the part that is not the tax, a tax's label to
 * the tax (the part whose hint reads a tax breakdown). `labelsOf` gives a field's label patterns.
 */
export function requalifyTotalHits(
  hits: Map<string, LabelHit[]>,
  rules: CrossFieldRule[],
  taxPointers: Set<string>,
  labelsOf: (pointer: string) => RegExp[],
): void {
  for (const rule of rules) {
    if (rule.kind !== 'add') continue;
    const total = normalizePointer(rule.equals);
    const parts = rule.fields.map(normalizePointer);
    const tax = parts.find((p) => taxPointers.has(p));
    const base = parts.find((p) => p !== tax);
    const kept: LabelHit[] = [];
    for (const hit of hits.get(total) ?? []) {
      const moved = requalified(hit, base, tax, labelsOf);
      if (moved) add(hits, moved.pointer, moved.hit);
      else kept.push(hit);
    }
    if (hits.has(total)) hits.set(total, kept);
  }
}

function requalified(
  hit: LabelHit,
  base: string | undefined,
  tax: string | undefined,
  labelsOf: (pointer: string) => RegExp[],
): { pointer: string; hit: LabelHit } | null {
  const after = fold(hit.span.span.text.slice(hit.rest));
  if (after.text === '' || WITH_TAX.test(after.text)) return null;
  if (WITHOUT_TAX.test(after.text)) return base ? { pointer: base, hit } : null;
  if (!tax) return null;
  for (const re of labelsOf(tax)) {
    const m = matchLabel(after, re);
    if (!m) continue;
    const rest = hit.rest + m.rest;
    // "Total GST incl." is still the total, however odd its words.
    if (WITH_TAX.test(fold(hit.span.span.text.slice(rest)).text)) return null;
    return { pointer: tax, hit: { ...hit, rest } };
  }
  return null;
}

/** Adds a hit in the documents' order of lines, as the label search found the others. */
function add(hits: Map<string, LabelHit[]>, pointer: string, hit: LabelHit): void {
  const at = (h: LabelHit) => [h.line.doc, h.line.page, h.line.index] as const;
  const list = [...(hits.get(pointer) ?? []), hit].sort((a, b) => {
    const [x, y] = [at(a), at(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  hits.set(pointer, list);
}
