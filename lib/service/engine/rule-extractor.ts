/**
 * The offline rule extractor: tables first (their cells are nobody's label or value), then each
 * field by its labels, then what documents show without labels (issuer letterheads, currency).
 * Modules under `rules/` do the parts; this file puts them in order.
 */

import { getAt } from '@/lib/contract/validation/names';
import { withinTolerance } from '@/lib/contract/validation/rules';
import { currencyFromAmounts, Fallbacks } from './rules/fallbacks';
import { extractField, findLabels, searchDocuments } from './rules/fields';
import { settleItemFigures } from './rules/item-figures';
import { settleLedger } from './rules/ledger';
import { centsBySum } from './rules/lost-cents';
import { tidyOcrStrings } from './rules/ocr-strings';
import {
  buildViews,
  type Found,
  normalizePointer,
  readByOcr,
  setAtPointer,
  vocabularyOf,
  WORKED_OUT_CONFIDENCE,
} from './rules/page-view';
import { missingFigure, missingPair, printedFigure, printedPair, printedTriple } from './rules/printed-sum';
import { requalifyTotalHits } from './rules/summary-labels';
import { extractTable } from './rules/tables';
import { breakdownOf, taxPerRate } from './rules/tax-breakdown';
import { lostPointReadings, sameCents } from './rules/values';
import { captionRegExp, foldString, labelRegExp } from './text-match';
import type {
  CrossFieldRule,
  ExtractionResult,
  Extractor,
  FieldHint,
  ReadDocument,
  Source,
  StructureDefinition,
} from './types';

export { normalizePointer, setAtPointer } from './rules/page-view';
export { parseValue } from './rules/values';

/** The offline extractor: finds values by their labels on the positioned lines. */
export const ruleExtractor: Extractor = {
  async extract(documents: ReadDocument[], structure: StructureDefinition): Promise<ExtractionResult> {
    return extractWithRules(documents, structure);
  },
};

export function extractWithRules(
  documents: ReadDocument[],
  structure: StructureDefinition,
): ExtractionResult {
  const views = buildViews(documents, vocabularyOf(structure.hints));
  const data: Record<string, unknown> = {};
  const sources: Record<string, Source> = {};
  const confidence: Record<string, number> = {};
  const put = (pointer: string, found: Found) => {
    setAtPointer(data, pointer, found.value);
    sources[pointer] = found.source;
    confidence[pointer] = Math.round(found.score * 100) / 100;
  };
  const consumed = new Set<string>();

  for (const [rawPointer, tableHint] of Object.entries(structure.hints.tables ?? {})) {
    const pointer = normalizePointer(rawPointer);
    const table = extractTable(pointer, tableHint, views);
    for (const k of table.consumed) consumed.add(k);
    if (table.rows.length === 0) continue;
    setAtPointer(data, pointer, table.rows);
    Object.assign(sources, table.sources);
    Object.assign(confidence, table.confidence);
  }

  const fields = Object.entries(structure.hints.fields ?? {}).map(
    ([p, h]) =>
      [normalizePointer(p), h, [...h.labels.map(labelRegExp), ...(h.captions ?? []).map(captionRegExp)]] as [
        string,
        FieldHint,
        RegExp[],
      ],
  );
  const found0 = findLabels(views, fields, consumed);
  const hits = found0.hits;
  requalifyTotalHits(
    hits,
    structure.hints.rules ?? [],
    new Set(fields.filter(([, h]) => h.taxBreakdown).map(([p]) => p)),
    (p) => fields.find(([q]) => q === p)?.[2] ?? [],
  );
  // Values never come from another field's label nor from a table's cells.
  const labelSpans = new Set([...found0.labelSpans, ...consumed]);
  const recipientPointers = fields.filter(([, h]) => h.fallback === 'recipient_name').map(([p]) => p);
  const fallbacks = new Fallbacks(views, labelSpans, () =>
    recipientPointers.map((p) => sources[p]?.text).filter((t): t is string => !!t),
  );
  // Labelled values first, so fallbacks know what is taken (the recipient's name, other dates).
  const pending: [string, FieldHint][] = [];
  const breakdown = fields.some(([, h]) => h.taxBreakdown) ? breakdownOf(views) : null;
  for (const [pointer, hint] of fields) {
    const found =
      (hint.taxBreakdown ? breakdown?.tax : null) ??
      extractField(hint, hits.get(pointer) ?? [], views, labelSpans);
    if (found) put(pointer, found);
    else pending.push([pointer, hint]);
  }
  for (const [pointer, hint] of pending) {
    let found: Found | null = null;
    if (hint.searchDocument) found = searchDocuments(hint, views);
    if (!found && hint.fallback) found = fallbacks.find(hint, Object.values(sources));
    if (found) put(pointer, found);
  }
  const numberAt = (p: string) => {
    const v = getAt(data, normalizePointer(p));
    return typeof v === 'number' ? v : null;
  };
  // A tax on several lines (per rate, then their total): the line or the lines' sum that makes the
  // figures add up, where the first line read does not.
  for (const [pointer, hint] of fields) {
    if (!hint.taxBreakdown) continue;
    const rule = structure.hints.rules?.find(
      (r) => r.kind === 'add' && r.fields.map(normalizePointer).includes(pointer),
    );
    if (rule?.kind !== 'add') continue;
    const others = rule.fields.filter((p) => normalizePointer(p) !== pointer).map(numberAt);
    const equals = numberAt(rule.equals);
    if (equals === null || others.includes(null)) continue;
    const rest = (others as number[]).reduce((a, v) => a + v, 0);
    const addsUp = (sum: number) => withinTolerance(sum, equals, rule);
    const makes = (tax: number) => addsUp(rest + tax);
    const read = numberAt(pointer);
    if (read !== null && makes(read)) continue;
    const found = taxPerRate(hint, hits.get(pointer) ?? [], views, labelSpans, makes);
    if (found) put(pointer, found);
    // The amount a breakdown's tax is charged on, where the one read by its label (one rate's
    // base, under its caption) does not add up with the tax to the total and the column's sum does.
    const base = rule.fields.map(normalizePointer).find((p) => p !== pointer);
    const tax = numberAt(pointer);
    const net = breakdown?.net;
    if (!base || !net || tax === null || others.length !== 1) continue;
    if (!addsUp(rest + tax) && addsUp((net.value as number) + tax)) put(base, net);
  }
  // A summary figure OCR misread: a minus put on it (a speck before it, a dash after it:
  // `187,63-€`), or its decimal point lost (`447` for 4,47). Where the figures add up with exactly
  // one such reading of one figure and not as read, that is the figure. A credit note's figures, all
  // negative, add up as read.
  for (const rule of structure.hints.rules ?? []) {
    if (rule.kind !== 'add') continue;
    const pointers = [...rule.fields, rule.equals].map(normalizePointer);
    const values = pointers.map(numberAt);
    if (values.includes(null)) continue;
    const addsUp = (vs: number[]) =>
      withinTolerance(
        vs.slice(0, -1).reduce((a, v) => a + v, 0),
        vs[vs.length - 1],
        rule,
      );
    const read = values as number[];
    if (addsUp(read)) continue;
    const negative = read.filter((v) => v < 0).length;
    const readings = read.flatMap((v, i) =>
      readByOcr(sources[pointers[i]], views)
        ? [
            ...(v < 0 && negative === 1 ? [-v] : []),
            ...lostPointReadings(v, sources[pointers[i]]?.text ?? ''),
          ]
            .filter((alt) => addsUp(read.map((x, j) => (j === i ? alt : x))))
            .map((alt) => ({ i, alt }))
        : [],
    );
    if (readings.length !== 1) continue;
    const [{ i, alt }] = readings;
    setAtPointer(data, pointers[i], alt);
    confidence[pointers[i]] = WORKED_OUT_CONFIDENCE;
  }
  // Where the figures were read: a currency read from an amount's code shares its span, not its figure.
  const figureSources = () =>
    fields
      .filter(([, h]) => h.type === 'money' || h.type === 'number')
      .map(([p]) => sources[p])
      .filter((x): x is Source => !!x);
  // An amount read beside an addition's own (a tip): the addition's sum is not the total.
  const amountBeside = (rule: Extract<CrossFieldRule, { kind: 'add' }>) => {
    const inRule = [...rule.fields, rule.equals].map(normalizePointer);
    return fields.some(([p, h]) => h.type === 'money' && !inRule.includes(p) && numberAt(p));
  };
  // A summary figure not found by its label, found where the document prints what its arithmetic
  // makes. Where another amount is read beside the rule's (a tip), the rule's sum is not the total.
  for (const rule of structure.hints.rules ?? []) {
    if (rule.kind === 'add' && amountBeside(rule)) continue;
    if (rule.kind === 'add') {
      const pair = missingPair(rule, numberAt);
      const found = pair && printedPair(pair.known, views, labelSpans, figureSources());
      if (pair && found) {
        put(pair.part, found.part);
        put(pair.whole, found.whole);
        continue;
      }
    }
    const missing = missingFigure(rule, numberAt, (p) => {
      const rows = getAt(data, normalizePointer(p));
      return Array.isArray(rows) ? rows : null;
    });
    if (!missing) continue;
    // A figure another field holds is that field's: items priced with their tax add up to the
    // total, and a receipt that prints no subtotal has none.
    const held = fields.some(
      ([p, h]) => h.type === 'money' && Math.abs((numberAt(p) ?? Number.NaN) - missing.value) < 0.005,
    );
    const found = !held && printedFigure(missing.value, views, labelSpans, figureSources());
    if (found) put(missing.pointer, found);
    else if (rule.kind === 'add' && missing.pointer === normalizePointer(rule.equals)) {
      // A part OCR read without its decimal point ("£54541" for £545.41) makes a total the page
      // does not print; read as printed, it makes the one the page prints.
      const mended = rule.fields.map(normalizePointer).flatMap((p) => {
        const read = numberAt(p);
        if (read === null || !readByOcr(sources[p], views)) return [];
        return lostPointReadings(read, sources[p]?.text ?? '').flatMap((value) => {
          const total = Math.round((missing.value - read + value) * 100) / 100;
          const printed = printedFigure(total, views, labelSpans, figureSources());
          return printed ? [{ pointer: p, value, printed }] : [];
        });
      });
      if (mended.length !== 1) continue;
      const [{ pointer, value, printed }] = mended;
      setAtPointer(data, pointer, value);
      confidence[pointer] = WORKED_OUT_CONFIDENCE;
      put(missing.pointer, printed);
    }
  }
  // A subtotal, tax and total that do not add up (or were not all found) where one line prints
  // three figures that do, under captions OCR garbled.
  for (const rule of structure.hints.rules ?? []) {
    if (rule.kind !== 'add' || rule.fields.length !== 2 || amountBeside(rule)) continue;
    const pointers = [...rule.fields, rule.equals].map(normalizePointer);
    const read = pointers.map(numberAt);
    const [part1, part2, whole] = read;
    if (part1 !== null && part2 !== null && whole !== null && withinTolerance(part1 + part2, whole, rule))
      continue;
    if (!pointers.some((p) => readByOcr(sources[p], views) || numberAt(p) === null)) continue;
    const triple = printedTriple(
      views,
      labelSpans,
      figureSources().filter((f) => !pointers.some((p) => sources[p] === f)),
    );
    if (!triple) continue;
    const [sum, , total] = triple.map((f) => f.value as number);
    // A figure read by its label stands against the line, unless it cannot be one of the sum (a
    // part larger than its total: a postcode read beside "VAT No."; a total smaller than its part).
    const stands = (v: number | null, i: number) =>
      v !== null && !sameCents(v, triple[i].value as number) && (i < 2 ? v <= total : v >= sum);
    if (read.some(stands)) continue;
    for (const [i, p] of pointers.entries()) put(p, triple[i]);
  }
  // A currency symbol or code on the total (or another amount) says the currency outright.
  for (const [pointer, hint] of fields) {
    if (hint.type !== 'enum' || !hint.searchDocument || !hint.values || (confidence[pointer] ?? 0) >= 0.9)
      continue;
    const amounts = fields
      .filter(([, h]) => h.type === 'money')
      .map(([p]) => sources[p])
      .filter((x): x is Source => !!x)
      .reverse();
    const found = currencyFromAmounts(hint.values, amounts);
    if (found) put(pointer, { value: found.value, score: 0.85, source: found.source, order: 0 });
  }
  // An item's figure or count OCR misread: its row's arithmetic and the items' sum say which.
  for (const rule of structure.hints.rules ?? []) {
    if (rule.kind !== 'sum') continue;
    const pointer = normalizePointer(rule.items);
    const rows = getAt(data, pointer);
    if (!Array.isArray(rows) || rule.field !== 'amount') continue;
    // The items add up to the subtotal, or where there is none to the total it is part of.
    const total = structure.hints.rules?.find(
      (r) => r.kind === 'add' && r.fields.map(normalizePointer).includes(normalizePointer(rule.equals)),
    );
    const sum = numberAt(rule.equals) ?? (total?.kind === 'add' ? numberAt(total.equals) : null);
    const columns = Object.entries(structure.hints.tables ?? {}).find(
      ([p]) => normalizePointer(p) === pointer,
    )?.[1].columns;
    const money = Object.entries(columns ?? {}).flatMap(([key, h]) => (h.type === 'money' ? [key] : []));
    const textOf = (cell: string) => sources[`${pointer}/${cell}`]?.text;
    const readInCents =
      sum === null || !readByOcr(sources[`${pointer}/0/amount`], views)
        ? []
        : centsBySum(rows, money, textOf, sum);
    for (const cell of readInCents) {
      const [index, key] = cell.split('/');
      rows[Number(index)][key] /= 100;
      confidence[`${pointer}/${cell}`] = WORKED_OUT_CONFIDENCE;
    }
    for (const fix of settleItemFigures(rows, sum === null ? [] : [sum])) {
      const path = `${pointer}/${fix.index}/${fix.key}`;
      // Only OCR misreads figures; a text layer's are as printed.
      if (!readByOcr(sources[path], views)) continue;
      rows[fix.index][fix.key] = fix.value;
      confidence[path] = WORKED_OUT_CONFIDENCE;
    }
  }
  // A statement's balances show where OCR lost a decimal point or a minus sign.
  for (const [rawPointer, tableHint] of Object.entries(structure.hints.tables ?? {})) {
    const pointer = normalizePointer(rawPointer);
    const rows = getAt(data, pointer);
    if (!tableHint.ledger || !Array.isArray(rows)) continue;
    const read = (i: number, key: string) => sources[`${pointer}/${i}/${key}`];
    const fixes = settleLedger(
      rows,
      getAt(data, normalizePointer(tableHint.ledger.opening)),
      getAt(data, normalizePointer(tableHint.ledger.closing)),
      (i, key) => read(i, key)?.text ?? '',
    );
    for (const fix of fixes) {
      const source = read(fix.index, fix.key);
      // Only OCR misreads figures; a text layer's are as printed.
      if (!readByOcr(source, views)) continue;
      rows[fix.index][fix.key] = fix.value;
      confidence[`${pointer}/${fix.index}/${fix.key}`] = WORKED_OUT_CONFIDENCE;
    }
  }
  tidyOcrStrings(data, sources, views, structure.hints);
  return { data, sources, confidence };
}

export { foldString };
