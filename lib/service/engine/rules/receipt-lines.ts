/**
 * Line items printed without a header (till receipts): "Cappuccino  7.00", "2 x Cappuccino  7.00",
 * "Cappuccino  2 x 3.50  7.00", "Cappuccino  2  3.50  7.00", or the quantity line under the
 * description. Rows run from the first such line to the first end label (subtotal, total…).
 */
import type { ParseContext } from '../parse';
import { parseMoney, parseNumber, TAX_CLASS, TAX_CLASS_FIGURE } from '../parse';
import { matchLabel } from '../text-match';
import type { Source } from '../types';
import { type DocView, type LineRef, SYNTHETIC_GEOMETRY, union } from './page-view';

const MONEY = String.raw`(?:(?:R\$|[$€£]|EUR|CHF|GBP|USD|BRL)\s?)?-?\d{1,3}(?:[.,'\u00a0 ]\d{3})*[.,]\d{2}(?:\s?(?:€|£|EUR|CHF|GBP|USD|BRL|\$))?`;
const QTY = String.raw`\d+(?:[.,]\d+)?`;
/** The sign between a count and its price; a speck OCR read beside it ("3 x:1,20") is no part of either. */
const TIMES = String.raw`\s*[.:,]?\s*(?:x|×|\*|@)\s*[.:,]?\s*`;
const DESC = String.raw`(?<desc>.*?\p{L}.*?)`;
/** What a count is counted in ("0,845 kg"), and a price's unit ("2,49 €/kg"). */
const COUNTED = String.raw`(?:\s?(?:kg|g|l|st|stk|pcs|pc|pz|ud|un)\.?)?`;
const PER = String.raw`(?:\s*/\s*\p{L}{1,4}\.?)?`;
/** A count's unit written out: "2 Stk", "3 pcs", "2 uds". */
const UNIT_WORD = String.raw`(?:stk|st|pcs|pc|pz|pzs|ud|uds|un|unid|x)\.?`;

const SHAPES = [
  new RegExp(
    `^${DESC}\\s+(?<qty>${QTY})${COUNTED}${TIMES}(?<unit>${MONEY})${PER}\\s+(?<amt>${MONEY})$`,
    'iu',
  ),
  // The count before the item, its price and amount after it: "2 x LECHE ENTERA 1L  0,95  1,90".
  new RegExp(`^(?<qty>\\d+)\\s*(?:x|×|\\*)\\s+${DESC}\\s{2,}(?<unit>${MONEY})\\s{2,}(?<amt>${MONEY})$`, 'u'),
  new RegExp(
    `^(?<qty>\\d+)\\s*(?:x|×|\\*)\\s+${DESC}\\s+(?:(?:@|à|a)\\s*(?<unit>${MONEY})\\s+)?(?<amt>${MONEY})$`,
    'u',
  ),
  new RegExp(`^${DESC}\\s{2,}(?<qty>${QTY})${COUNTED}\\s{2,}(?<unit>${MONEY})\\s{2,}(?<amt>${MONEY})$`, 'iu'),
  // Count, item, price, amount: "2  Cappuccino  3,50  7,00".
  new RegExp(`^(?<qty>${QTY})${COUNTED}\\s{2,}${DESC}\\s{2,}(?<unit>${MONEY})\\s{2,}(?<amt>${MONEY})$`, 'iu'),
  // Count and price before the description: "2 @ £4.80  Pint Bitter  £9.60", "2,000 x 3,50 Milch  7,00".
  new RegExp(`^(?<qty>${QTY})\\s*(?:@|x|×)\\s*(?<unit>${MONEY})\\s+${DESC}\\s+(?<amt>${MONEY})$`, 'u'),
  // The count with its unit, before or after the item: "2 Stk Cappuccino  7,00", "Cappuccino 2 Stk  7,00".
  new RegExp(`^(?<qty>\\d{1,3})\\s?${UNIT_WORD}\\s+${DESC}\\s+(?<amt>${MONEY})$`, 'iu'),
  new RegExp(`^${DESC}\\s+(?<qty>\\d{1,3})\\s?${UNIT_WORD}\\s+(?<amt>${MONEY})$`, 'iu'),
  // The count in brackets after the item: "Cappuccino (2)  7,00".
  new RegExp(`^${DESC}\\s+\\((?<qty>\\d{1,3})\\)\\s+(?<amt>${MONEY})$`, 'u'),
  // The count after the description: "Latte x2  9.00", "Latte  2  9.00".
  new RegExp(`^${DESC}\\s+(?:x|×)\\s?(?<qty>\\d{1,3})\\s+(?<amt>${MONEY})$`, 'u'),
  new RegExp(`^${DESC}\\s{2,}(?<qty>\\d{1,3})\\s{2,}(?<amt>${MONEY})$`, 'u'),
  // A quantity column before the description: "2  Latte  $9.00".
  new RegExp(`^(?<qty>\\d{1,3})\\s{2,}${DESC}\\s{2,}(?<amt>${MONEY})$`, 'u'),
  // A count set before the item by one space, as restaurant tills print it: "2 Pils 0,4l  8,40".
  new RegExp(`^(?<qty>\\d{1,2})\\s(?=\\p{Lu})${DESC}\\s+(?<amt>${MONEY})$`, 'u'),
  new RegExp(`^${DESC}\\s+(?<amt>${MONEY})$`, 'u'),
];
const PRICE_CURRENCY = String.raw`(?:€|EUR|CHF|GBP|USD|BRL|R\$|\$|£)`;
/** "/ Stk", "each", "€/kg", and "EUR Stk" where OCR lost the slash. */
const PER_UNIT = String.raw`(?:${PRICE_CURRENCY}?\s*(?:/|je|per|pro|each|ea\.?|la pièce|c/u|cad\.?)\s*\p{L}{0,6}\.?|${PRICE_CURRENCY}\s+(?:stk|st|kg|pcs|pc|ud|un)\.?)`;
/** The unit price printed under its item: "1,20 EUR / Stk", "@ 3.50 each", "à 2,10 €/kg". */
const UNIT_LINE = new RegExp(
  `^(?:(?:@|à|a|je|per)\\s*(?<unit>${MONEY})(?:\\s*${PER_UNIT})?|(?<unit2>${MONEY})\\s*${PER_UNIT})$`,
  'iu',
);
/** A rate of tax, discount or service ("MwSt 19 %", "Rabatt 10%"), not an item ("MILK 2% GAL"). */
const RATE_WORD = String.raw`\b(?:tax|vat|mwst|ust|tva|iva|btw|gst|hst|rabatt|discount|remise|descuento|sconto|korting|desconto|service|servizio|tip|trinkgeld|pourboire|propina|mancia|fooi)\b`;
const RATE_LINE = new RegExp(`%.*${RATE_WORD}|${RATE_WORD}.*%|^[\\d\\s.,]*%`, 'iu');

/** A count and a price without an amount, under the item that shows the amount. */
const COUNT_LINE = new RegExp(`^(?<qty>${QTY})${COUNTED}${TIMES}(?<unit>${MONEY})${PER}$`, 'iu');
/** The count under its item: "2 x 3.50  7.00", "0,845 kg x 2,49 €/kg  2,10". */
const QTY_LINE = new RegExp(
  `^(?<qty>${QTY})${COUNTED}${TIMES}(?<unit>${MONEY})${PER}\\s+(?<amt>${MONEY})$`,
  'iu',
);

/** A count and unit price alone on a line ("2 x 1,20", "2 @ 2.99"): the count of the item next to it. */
export function countLine(
  text: string,
  ctx: ParseContext,
): { qty: number; unit: number; qtyText: string; unitText: string } | null {
  const m = COUNT_LINE.exec(text.trim());
  if (!m?.groups) return null;
  const q = parseNumber(m.groups.qty, ctx);
  const u = parseMoney(m.groups.unit, ctx);
  return q && u ? { qty: q.value, unit: u.value, qtyText: m.groups.qty, unitText: m.groups.unit } : null;
}

/** Does the count account for the amount (count × unit price, to the cent)? */
export const countsFor = (count: { qty: number; unit: number }, amount: number) =>
  Math.abs(count.qty * count.unit - amount) < 0.011;

/** The most items of one row a count worked out from its figures may stand for (an order's 250). */
const MAX_WORKED_OUT_COUNT = 999;

/** The whole count an amount is of its unit price (to the cent), or null: 24,00 ÷ 6,00 → 4. */
export function wholeCount(amount: number, unit: number): number | null {
  if (!(unit > 0)) return null;
  const count = Math.round(amount / unit);
  return count >= 1 && count <= MAX_WORKED_OUT_COUNT && countsFor({ qty: count, unit }, amount)
    ? count
    : null;
}

interface Row {
  cells: Record<string, { value: string | number; text: string }>;
  lines: LineRef[];
}

/** A speck read as a quote mark before a price or its "@" (`'1,20`, `"1,20`, `‘@ 12,99`) on a scanned roll. */
const SPECK_BEFORE_PRICE = /^['‘’`´"“”„]+(?=[\d@$€£]|R\$)/u;
/** A speck read as a bracket, a quote mark or a point right after a price (`R$12,99)`, `3,99.`). */
const SPECK_AFTER_PRICE = /(?<=\d[.,]\d{2})[)\]|'‘’"”.,]+$/u;

/** A currency code beside an amount that OCR read in mixed case ("usD 7.00", "7,00 Eur"). */
const MIXED_CASE_CODE = /\b(?:eur|usd|gbp|chf|brl)(?=\s?\d)|(?<=\d[.,]\d{2}\s?)(?:eur|usd|gbp|chf|brl)\b/gi;

function lineText(line: LineRef, ctx: ParseContext): string {
  // Spans keep their separation (two spaces), a trailing tax code ("7,00 A", "7,00 *", "1.29 F", "1,19 1") is dropped.
  const text = line.spans
    .map((s) => {
      const text = s.span.text.trim();
      return ctx.ocr
        ? text
            .replace(SPECK_BEFORE_PRICE, '')
            .replace(SPECK_AFTER_PRICE, '')
            .replace(MIXED_CASE_CODE, (code) => code.toUpperCase())
        : text;
    })
    .join('  ')
    .replace(/\s+(?:[A-D]\d?|\*{1,2}|#)$/, '')
    .replace(TAX_CLASS, '')
    .replace(TAX_CLASS_FIGURE, '')
    .trim();
  return ctx.ocr && ctx.decimal === ',' ? text.replace(TAX_CLASS_FIGURE_RUN_IN, '$1') : text;
}

/**
 * A till line's tax class figure run into its amount by OCR ("R$ 7,991" for "R$ 7,99 1"): where
 * the decimal mark is a comma, three digits after it at a line's end are no grouping and no
 * amount, so the third is the class's.
 */
const TAX_CLASS_FIGURE_RUN_IN = /(\d,\d{2})\d$/;

/**
 * A count, a price and an amount after the item, or the count before it, however they are spaced
 * (OCR reads a column gap as one space: "Cappuccino 2 3,50 7,00", "2 Cappuccino 3,50 7,00"): taken
 * only when the count times the price makes the amount, which no name's figures do by chance.
 */
const COUNTED_SHAPES = [
  new RegExp(`^${DESC}\\s+(?<qty>\\d{1,3})(?:${TIMES}|\\s+)(?<unit>${MONEY})\\s+(?<amt>${MONEY})$`, 'u'),
  new RegExp(`^(?<qty>\\d{1,3})\\s*(?:x|×|\\*)?\\s+${DESC}\\s+(?<unit>${MONEY})\\s+(?<amt>${MONEY})$`, 'u'),
];

function rowOf(text: string, ctx: ParseContext): Row['cells'] | null {
  const counted = COUNTED_SHAPES.map((re) => re.exec(text)).find((m) => {
    const q = m?.groups && parseNumber(m.groups.qty, ctx);
    const u = m?.groups && parseMoney(m.groups.unit, ctx);
    const a = m?.groups && parseMoney(m.groups.amt, ctx);
    return q && u && a && countsFor({ qty: q.value, unit: u.value }, a.value);
  });
  for (const shape of [counted, ...SHAPES]) {
    const m = shape instanceof RegExp ? shape.exec(text) : shape;
    if (!m?.groups) continue;
    const g = m.groups;
    const desc = g.desc
      .replace(/\s+/g, ' ')
      .replace(/[\s:.-]+$/, '')
      // An article number before the item's name ("0012345 BANANAS") is no part of its description.
      .replace(/^\d{5,}\s+(?=\p{L})/u, '')
      .trim();
    if (!/\p{L}{2,}/u.test(desc) || RATE_LINE.test(desc)) continue;
    const amount = parseMoney(g.amt, ctx);
    if (!amount) continue;
    const cells: Row['cells'] = {
      description: { value: desc, text: g.desc },
      amount: { value: amount.value, text: g.amt },
    };
    if (g.qty) {
      const q = parseNumber(g.qty, ctx);
      if (q) cells.quantity = { value: q.value, text: g.qty };
    }
    if (g.unit) {
      const u = parseMoney(g.unit, ctx);
      if (u) cells.unit_price = { value: u.value, text: g.unit };
    }
    return cells;
  }
  return null;
}

/**
 * Completes the item above with the line under it, if that line is its count or unit price:
 * "3 x 0,99  2,97" under "LAIT 1L  0,99" (the line above showed the unit price), "2 Stk x 0,99"
 * under "JOGHURT  1,98" (count and price of the amount above), "1,20 EUR / Stk" or "@ EUR 5,45".
 */
function amend(row: Row, text: string, ctx: ParseContext): boolean {
  const qtyLine = QTY_LINE.exec(text);
  if (qtyLine?.groups && !row.cells.quantity) {
    const unit = parseMoney(qtyLine.groups.unit, ctx);
    const cells =
      unit && row.cells.amount.value === unit.value
        ? rowOf(`${row.cells.description.text}  ${text}`, ctx)
        : null;
    if (cells) {
      row.cells = cells;
      return true;
    }
  }
  const count = countLine(text, ctx);
  if (count && !row.cells.quantity && countsFor(count, row.cells.amount.value as number)) {
    row.cells.quantity = { value: count.qty, text: count.qtyText };
    row.cells.unit_price = { value: count.unit, text: count.unitText };
    return true;
  }
  const unitLine = UNIT_LINE.exec(text);
  if (unitLine?.groups && !row.cells.unit_price) {
    const unitText = unitLine.groups.unit ?? unitLine.groups.unit2;
    const unit = parseMoney(unitText, ctx);
    if (unit) {
      row.cells.unit_price = { value: unit.value, text: unitText };
      return true;
    }
  }
  return false;
}

/** The index of the first row (after two at least) whose amount is the sum of the rows above it. */
function sumLine(rows: Row[]): number | null {
  let sum = 0;
  for (const [i, row] of rows.entries()) {
    const amount = row.cells.amount.value as number;
    if (i >= 2 && Math.abs(amount - sum) < 0.011) return i;
    sum += amount;
  }
  return null;
}

/** Rows whose count times price makes the amount, at least this many, are a till's items. */
const COUNTED_ROWS = 3;

/** The index after the last row whose count and price make its amount, when enough rows do. */
function afterCountedRows(rows: Row[]): number | null {
  const counted = rows.flatMap((row, i) => {
    const { quantity, unit_price: unit, amount } = row.cells;
    return quantity &&
      unit &&
      countsFor({ qty: quantity.value as number, unit: unit.value as number }, amount.value as number)
      ? [i]
      : [];
  });
  return counted.length >= COUNTED_ROWS ? counted[counted.length - 1] + 1 : null;
}

/**
 * The longest line read as an item: a till roll's lines are short, and the shapes' lazy
 * descriptions cost time quadratic in a line's length (a hostile 40,000-character line: seconds
 * for each shape).
 */
const MAX_TILL_LINE = 300;

/** Reads header-less item lines; `ends` are the end labels' patterns. */
export function receiptLines(
  pointer: string,
  view: DocView,
  ends: RegExp[],
  consumed: Set<string>,
): { rows: Record<string, unknown>[]; sources: Record<string, Source>; confidence: Record<string, number> } {
  const rows: Row[] = [];
  let pendingDesc: LineRef | null = null;
  // "2 x 1,20" over the item it counts ("SPREMUTA  2,40"), when it is not the count of the item above.
  let pendingCount: (ReturnType<typeof countLine> & { line: LineRef }) | null = null;
  let ended = false;
  for (const lines of view.pages) {
    if (ended) break;
    for (const line of lines) {
      if (line.spans.some((s) => consumed.has(`${line.key}:${s.index}`))) continue;
      const isEnd = ends.some((re) => matchLabel(line.spans[0].folded, re));
      if (isEnd) {
        if (rows.length > 0) {
          ended = true;
          break;
        }
        pendingDesc = null;
        continue;
      }
      const text = lineText(line, view.ctx);
      if (text.length > MAX_TILL_LINE) {
        // No till prints such a line: it is no item, and the shapes are not tried on it.
        pendingDesc = null;
        pendingCount = null;
        continue;
      }
      const qtyLine = QTY_LINE.exec(text);
      const last = rows[rows.length - 1];
      // A line right under an item that completes it (its count, its unit price).
      if (
        !pendingDesc &&
        last?.lines[last.lines.length - 1].index === line.index - 1 &&
        amend(last, text, view.ctx)
      ) {
        last.lines.push(line);
        continue;
      }
      if (qtyLine?.groups && pendingDesc) {
        const cells = rowOf(`${lineText(pendingDesc, view.ctx)}  ${text}`, view.ctx);
        if (cells) rows.push({ cells, lines: [pendingDesc, line] });
        pendingDesc = null;
        continue;
      }
      const count = countLine(text, view.ctx);
      if (count) {
        pendingCount = { ...count, line };
        pendingDesc = null;
        continue;
      }
      const cells = rowOf(text, view.ctx);
      const counted = pendingCount;
      pendingCount = null;
      if (cells) {
        const lines = [line];
        if (
          counted &&
          !cells.quantity &&
          counted.line.index === line.index - 1 &&
          countsFor(counted, cells.amount.value as number)
        ) {
          cells.quantity = { value: counted.qty, text: counted.qtyText };
          cells.unit_price = { value: counted.unit, text: counted.unitText };
          lines.unshift(counted.line);
        }
        rows.push({ cells, lines });
        pendingDesc = null;
      } else {
        // A description alone, its quantity and price on the next line.
        pendingDesc = /\p{L}{3,}/u.test(text) && !/\d[.,]\d{2}/.test(text) ? line : null;
      }
    }
  }
  if (!ended) {
    // No end label read (OCR garbled "Total"): the items end where a line's amount is their sum,
    // or, with no such line either, after the last of three rows or more whose count and price
    // make their amount (no other lines make such arithmetic).
    const end = sumLine(rows) ?? afterCountedRows(rows);
    if (end === null) return { rows: [], sources: {}, confidence: {} };
    rows.splice(end);
  }
  const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
  const out = {
    rows: [] as Record<string, unknown>[],
    sources: {} as Record<string, Source>,
    confidence: {} as Record<string, number>,
  };
  rows.forEach((row, i) => {
    const data: Record<string, unknown> = {};
    for (const [key, cell] of Object.entries(row.cells)) {
      data[key] = cell.value;
      out.sources[`${pointer}/${i}/${key}`] = {
        document: view.index,
        page: row.lines[0].page,
        bbox: synthetic ? null : union(row.lines.map((l) => l.line.bbox)),
        text: cell.text.trim(),
      };
      out.confidence[`${pointer}/${i}/${key}`] = 0.75;
    }
    out.rows.push(data);
    for (const l of row.lines) for (const s of l.spans) consumed.add(`${l.key}:${s.index}`);
  });
  return out;
}
