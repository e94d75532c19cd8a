/** Tables (line items, transactions): a header line, then rows read column by column. */

import { fold, labelRegExp, matchLabel } from '../text-match';
import type { FieldHint, Source, TableHint, TextSpan } from '../types';
import { assignCells, type Cell, tableExtent } from './cells';
import { settledCodes } from './code-column';
import { columnCuts } from './column-cuts';
import { settleGarbledDates } from './garbled-dates';
import {
  type Anchor,
  adoptUnknownColumns,
  headerMatch,
  mostRows,
  settleRivalCaptions,
  withoutDatesUnderMoney,
} from './header';
import { ledgerLines } from './ledger-lines';
import { withLostBalanceColumn } from './lost-balance';
import { restoreLostCents } from './lost-cents';
import { lostCount, ONE_AS_LETTERS } from './lost-counts';
import {
  type DocView,
  height,
  joinedLines,
  type LineRef,
  SYNTHETIC_GEOMETRY,
  top,
  union,
  WORKED_OUT_CONFIDENCE,
  wrappedBelow,
  x0,
  x1,
} from './page-view';
import { dropRateSuffixes } from './rate-suffix';
import { countLine, countsFor, receiptLines } from './receipt-lines';
import { misreadFigures, numberIn, parseValue, partsMakeTotal, sameCents } from './values';

export interface TableOutcome {
  rows: Record<string, unknown>[];
  sources: Record<string, Source>;
  confidence: Record<string, number>;
  consumed: Set<string>;
}

export function extractTable(pointer: string, hint: TableHint, views: DocView[]): TableOutcome {
  const columns = Object.entries(hint.columns).map(
    ([key, h]) => [key, h, h.labels.map(labelRegExp)] as [string, FieldHint, RegExp[]],
  );
  const types = new Map(Object.entries(hint.columns));
  const endRes = (hint.endLabels ?? []).map(labelRegExp);
  const pageEndRes = (hint.pageEndLabels ?? []).map(labelRegExp);
  const skipRes = (hint.skipLabels ?? []).map(labelRegExp);
  const out: TableOutcome = { rows: [], sources: {}, confidence: {}, consumed: new Set() };
  const hasNumeric = columns.some(([, h]) => h.type !== 'string');
  const required = hint.requiredColumns ?? [];
  const unreadDates: UnreadDates = new Map();

  for (const view of views) {
    let anchors: Anchor[] | null = null;
    let cuts: number[] = [];
    // Line totals stand right of the prices under a caption OCR lost (see `priceCellsHoldAmounts`).
    let amountsBesidePrices = false;
    let ended = false;
    const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
    const table: TableRead = { pointer, hint, types, view, out, unreadDates };
    for (const lines of view.pages) {
      if (ended) break;
      let lastRowLine: LineRef | null = null;
      // The heights of the rows' lines so far, ascending (see `lineHeight`).
      const rowHeights: number[] = [];
      let current: PendingRow | null = null;
      // Text-only lines after the header, before any row: the first row's, if it lacks their text.
      let orphans: Wrapped[] = [];
      // A count line no row above accounted for: the next row's, if its amount is what it makes.
      let pendingCount: (NonNullable<ReturnType<typeof countLine>> & { line: LineRef }) | null = null;
      let descriptionsAbove = false;
      const amountOf = (cells: Map<string, Cell>) => figureIn(cells.get('amount'), 'amount', types, view);
      // The rows' amounts so far, the row being read included (null where one has none).
      const itemAmounts = () => [
        ...out.rows.map((r) => (typeof r.amount === 'number' ? r.amount : null)),
        ...(current ? [amountOf(current.cells)] : []),
      ];
      const flush = () => {
        if (current) addRow(table, current, anchors?.some((a) => a.key === 'quantity') ?? false);
        current = null;
      };
      const skip: string[] = [];
      for (const line of lines) {
        if (skip.includes(line.key)) continue;
        // Under a table, captions led by an end label ("Base imponible | % IVA | Total") head the
        // totals, not a second table (a header repeated over a page starts with its first column).
        const totalsHeader = anchors !== null && endRes.some((re) => matchLabel(line.spans[0].folded, re));
        const multi = totalsHeader ? null : multiLineHeader(lines, line, columns);
        const header = totalsHeader ? null : (multi?.header ?? headerMatch(line, columns));
        if (header) {
          // First header, or the header repeated on a following page.
          if (!anchors || out.rows.length > 0 || current) {
            flush();
            const taken = lines.slice(line.index, line.index + (multi?.lines ?? 1));
            const under = rowsUnder(lines, taken[taken.length - 1].index, endRes);
            cuts = columnCuts(header, under);
            const settled = withoutDatesUnderMoney(
              settleRivalCaptions(header, under, columns, cuts, view.ctx),
              under,
              types,
              view.ctx,
            );
            const adopted = priceAsAmount(
              adoptUnknownColumns(settled, lines, taken[taken.length - 1].index, columns, view.ctx, under),
              types,
            );
            anchors = withLostBalanceColumn(adopted, under, types, view.ctx);
            if (anchors !== adopted) cuts = columnCuts(anchors, under);
            amountsBesidePrices = priceCellsHoldAmounts(anchors, under, types, cuts, view.ctx);
            for (const l of taken) for (const sp of l.spans) out.consumed.add(`${l.key}:${sp.index}`);
            skip.push(...taken.slice(1).map((l) => l.key));
            lastRowLine = null;
            continue;
          }
        }
        if (!anchors) continue;
        const [tableLeft, tableRight] = tableExtent(anchors);
        const labelled = (res: RegExp[]) =>
          line.spans.some(
            (s) =>
              x1(s.span) > tableLeft && x0(s.span) < tableRight && res.some((re) => matchLabel(s.folded, re)),
          );
        // An end label wrapped in a narrow column ("Sub-" over "total") ends the table as well.
        const wrappedEnd = () => {
          const wrapped = wrappedBelow(line, lines[line.index + 1], line.spans[0]);
          return !!wrapped && endRes.some((re) => matchLabel(fold(wrapped.text), re));
        };
        if (labelled(endRes) || (view.ctx.ocr && wrappedEnd())) {
          flush();
          ended = true;
          break;
        }
        // "Carried forward" under rows ends the page; over them it brings the balance forward.
        if (runningTotal(line, pageEndRes)) {
          if (lastRowLine) break;
          continue;
        }
        if (runningTotal(line, skipRes)) continue;
        // "2 x 1,20" alone on a line: the count of the row above or below whose amount it makes.
        const count = types.has('quantity') ? countLine(line.line.text, view.ctx) : null;
        if (count) {
          const amount = current && amountOf(current.cells);
          if (current && amount !== null && !current.cells.has('quantity') && countsFor(count, amount)) {
            setCount(current.cells, count, line);
          } else pendingCount = { ...count, line };
          for (const sp of line.spans) out.consumed.add(`${line.key}:${sp.index}`);
          continue;
        }
        // A rule drawn in characters ("-----", "=====") holds no cell, nor a wrapped description.
        if (!/[\p{L}\p{N}]/u.test(line.line.text)) continue;
        // A header with no description's caption ("UDS x PRECIO | IMPORTE"): the items' names
        // stand on lines of their own, each over its figures.
        if (
          types.has('description') &&
          !anchors.some((a) => a.key === 'description') &&
          nameLine(line.line.text, view.ctx)
        ) {
          const named = {
            line,
            cells: new Map([
              ['description', { text: line.line.text.trim(), parts: line.spans.map((sp) => sp.span) }],
            ]),
          };
          if (current) current.after.push(named);
          else orphans.push(named);
          descriptionsAbove = true;
          for (const sp of line.spans) out.consumed.add(`${line.key}:${sp.index}`);
          continue;
        }
        const { cells, used, strays } = assignCells(line, anchors, types, cuts);
        if (cells.size === 0) continue;
        if (amountsBesidePrices) splitPriceCell(cells, strays, types, view.ctx);
        if (types.has('quantity') && !cells.has('quantity')) {
          const counted = strayCount(strays, cells, types, view) ?? countAfterDescription(cells, types, view);
          if (counted) cells.set('quantity', counted);
        }
        const consume = () => {
          for (const i of used) out.consumed.add(`${line.key}:${i}`);
        };
        let parsedTyped = 0;
        let stringCells = 0;
        for (const [key, cell] of cells) {
          const h = types.get(key)!;
          if (h.type === 'string') stringCells++;
          else if (parseValue(cell.text, h, view.ctx)) parsedTyped++;
        }
        // A required cell OCR misread (a date read as "deabril 2023.": figures, but no date) still
        // makes a row when the rest does: the row is kept, its date left for the reviewer, and the
        // rows after it are not shifted into its place.
        const missingRequired = required.some((key) => {
          const cell = cells.get(key);
          if (!cell) return true;
          if (parseValue(cell.text, types.get(key)!, view.ctx)) return false;
          return !(view.ctx.ocr && /\d/.test(cell.text));
        });
        const isRow = missingRequired
          ? false
          : hasNumeric
            ? (parsedTyped >= 1 && parsedTyped + stringCells >= 2) ||
              (view.ctx.ocr && parsedTyped === 0 && figuresUnread(cells, types, current === null))
            : cells.size >= 2;
        const lineGap = lastRowLine ? top(line.line) - (top(lastRowLine.line) + height(lastRowLine.line)) : 0;
        const pitch = lastRowLine ? lineHeight(lastRowLine, rowHeights) : 0;
        if (
          isRow &&
          (captionsUnder(line, lines[line.index + 1], endRes) ||
            (!hint.ledger && totalsLine(line, cells, itemAmounts(), types, view)))
        ) {
          // The totals printed over their captions ("27,528.96 | 1,995.85" over "Net | VAT"), or
          // under a label OCR garbled ("Subtota  2,727.04"): the table ended above; the amounts
          // are the totals' values.
          flush();
          ended = true;
          break;
        }
        if (isRow) {
          if (lastRowLine && lineGap > 4 * pitch && out.rows.length + (current ? 1 : 0) > 0 && !synthetic) {
            flush();
            ended = true;
            break;
          }
          // "2 x 1,50" where the description or the count stands, with the amount it makes: the
          // row's count and price, its description on a line of its own ("Café con leche" over
          // "2 x 1,50   3,00").
          const countKey = cells.has('quantity') ? 'quantity' : 'description';
          const counts = cells.has(countKey) ? countLine(cells.get(countKey)!.text, view.ctx) : null;
          const made = amountOf(cells);
          if (counts && types.has('quantity') && made !== null && countsFor(counts, made)) {
            setCount(cells, counts, line);
            if (countKey === 'description') {
              cells.delete('description');
              descriptionsAbove = true;
            }
          }
          // Cells set vertically in the middle of a row whose text wraps: the text lines just
          // above this row's line belong to it when it has no text of its own and they sit nearer
          // (or as near, where the rows' descriptions are seen to stand over their figures).
          const before = claimWrapped(
            current?.after ?? orphans,
            current?.line ?? null,
            line,
            cells,
            descriptionsAbove,
          );
          orphans = [];
          flush();
          const counted = pendingCount;
          pendingCount = null;
          const amount = amountOf(cells);
          if (counted && amount !== null && !cells.has('quantity') && countsFor(counted, amount))
            setCount(cells, counted, counted.line);
          current = { cells, page: line.page, line, before, after: [] };
          lastRowLine = line;
          insertSorted(rowHeights, height(line.line));
          consume();
          continue;
        }
        // Text alone (a speck read in a figure's column, "su" by "Ref. 17775032", is no figure).
        const words = view.ctx.ocr ? withoutSpecks(cells, types) : cells;
        if (parsedTyped > 0 || words.size === 0 || stringCells !== words.size) continue;
        if (view.ctx.ocr && speckLine(line, rowHeights)) {
          consume();
          continue;
        }
        if (lastRowLine && lineGap < 1.2 * pitch) {
          // A wrapped description: the row above's, unless the next row claims it.
          current?.after.push({ line, cells: words });
          lastRowLine = line;
          consume();
        } else if (!current && anchors) {
          orphans.push({ line, cells: words });
          if (orphans.length > 3) orphans.shift();
        }
      }
      flush();
    }
    if (out.rows.length > 0) break;
  }
  if (out.rows.length === 0 && views[0] && (hint.headerless || hint.ledger)) {
    // No header found: items by their shape on a till roll, transactions by theirs on a statement.
    const lines = hint.ledger
      ? ledgerLines(pointer, views[0], endRes, skipRes, out.consumed)
      : receiptLines(pointer, views[0], endRes, out.consumed);
    Object.assign(out, { rows: lines.rows, sources: lines.sources, confidence: lines.confidence });
  }
  for (const [key, column] of unreadDates) settleUnreadDates(out, pointer, key, column);
  restoreLostCents(out, pointer, types, views);
  if (types.has('description')) dropRateSuffixes(out, pointer);
  if (views[0]?.ctx.ocr) settleCodeColumns(out, pointer, types);
  return out;
}

/** A row in the making: its own line's cells, and text-only lines wrapped above or below it. */
interface PendingRow {
  cells: Map<string, Cell>;
  page: number;
  line: LineRef;
  before: Wrapped[];
  after: Wrapped[];
}

/** One table being read from one document: where its rows go, and what every row needs. */
interface TableRead {
  pointer: string;
  hint: TableHint;
  types: Map<string, FieldHint>;
  view: DocView;
  out: TableOutcome;
  unreadDates: UnreadDates;
}

/** A statement's date cells OCR garbled beyond reading, by column and row (see garbled-dates.ts). */
type UnreadDates = Map<string, Map<number, { cell: Cell; page: number; view: DocView }>>;

/**
 * The row made of `current`'s cells (its values parsed, what OCR lost worked out from the rest),
 * added to the table's rows with each value's source and confidence. `countCaptioned`: the header
 * has a count's caption.
 */
function addRow(table: TableRead, current: PendingRow, countCaptioned: boolean): void {
  const { pointer, hint, types, view, out, unreadDates } = table;
  const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
  const row: Record<string, unknown> = {};
  const rowIndex = out.rows.length;
  const texts = new Map<string, string>();
  let any = false;
  const page = current.page;
  const record = (key: string, cell: Cell, value: unknown, confidence: number) => {
    row[key] = value;
    texts.set(key, cell.text);
    any = true;
    const p = `${pointer}/${rowIndex}/${key}`;
    out.sources[p] = {
      document: view.index,
      page,
      bbox: synthetic ? null : union(cell.parts.map((s) => s.bbox)),
      text: cell.text,
    };
    out.confidence[p] = confidence;
  };
  let countCell: Cell | undefined;
  const garbled: [string, Cell][] = [];
  const joined = joinWrapped(current);
  for (const [key, cell] of joined) {
    const parsed = parseValue(cell.text, types.get(key)!, view.ctx);
    if (parsed) record(key, cell, parsed.value, Math.round(parsed.clean * 100) / 100);
    else if (key === 'quantity') countCell = cell;
    else if (view.ctx.ocr && hint.ledger && types.get(key)!.type === 'date') garbled.push([key, cell]);
  }
  // The price's cell; or, where it holds no figure, the count's, when a count and its price
  // ran together into it ("1 1150" under "Qté", only "EUR" under "PU").
  const ranIntoCount =
    types.has('unit_price') && !/\d/.test(joined.get('unit_price')?.text ?? '')
      ? joined.get('quantity')
      : undefined;
  const priceCell = ranIntoCount ?? joined.get('unit_price');
  const lost =
    view.ctx.ocr && types.has('quantity') && priceCell
      ? lostCount(
          ranIntoCount ? { ...row, quantity: undefined } : row,
          priceCell.text,
          (text) => figureIn({ ...priceCell, text }, 'unit_price', types, view),
          {
            caption: !ranIntoCount && countCaptioned,
            unread: countCell?.text,
          },
        )
      : null;
  if (lost && priceCell) {
    record('quantity', priceCell, lost.quantity, WORKED_OUT_CONFIDENCE);
    if (lost.unitPrice) {
      const cell = { ...priceCell, text: lost.unitPrice.text };
      record('unit_price', cell, lost.unitPrice.value, WORKED_OUT_CONFIDENCE);
    }
  }
  // Worked out from the row, not read: the reviewer is asked to look.
  const restored = view.ctx.ocr ? pointRestored(row, texts) : null;
  if (restored) {
    row[restored.key] = restored.value;
    out.confidence[`${pointer}/${rowIndex}/${restored.key}`] = WORKED_OUT_CONFIDENCE;
  }
  if (view.ctx.ocr && countCell && oneReadAsLetters(countCell.text, row))
    record('quantity', countCell, 1, WORKED_OUT_CONFIDENCE);
  const unreadPrice = joined.get('unit_price');
  const price = view.ctx.ocr && unreadPrice ? priceOfUnread(row, unreadPrice.text, texts) : null;
  if (price !== null && unreadPrice) record('unit_price', unreadPrice, price, WORKED_OUT_CONFIDENCE);
  if (any) {
    out.rows.push(row);
    for (const [key, cell] of garbled) {
      const column = unreadDates.get(key) ?? new Map();
      unreadDates.set(key, column.set(rowIndex, { cell, page, view }));
    }
  }
}

/** A column of codes' misread ones, read back to the column's shape (see code-column.ts), flagged. */
function settleCodeColumns(out: TableOutcome, pointer: string, types: Map<string, FieldHint>): void {
  for (const [key, hint] of types) {
    if (hint.type !== 'string' || !hint.pattern) continue;
    const codes = out.rows.map((r) => (typeof r[key] === 'string' ? (r[key] as string) : undefined));
    for (const [index, code] of settledCodes(codes)) {
      out.rows[index][key] = code;
      out.confidence[`${pointer}/${index}/${key}`] = WORKED_OUT_CONFIDENCE;
    }
  }
}

/** Rows' dates OCR garbled, worked out between their neighbours' (flagged for the reviewer). */
function settleUnreadDates(
  out: TableOutcome,
  pointer: string,
  key: string,
  unread: Map<number, { cell: Cell; page: number; view: DocView }>,
): void {
  const dates = out.rows.map((r) => (typeof r[key] === 'string' ? (r[key] as string) : undefined));
  const texts = new Map([...unread].map(([index, { cell }]) => [index, cell.text]));
  const ctx = unread.values().next().value!.view.ctx;
  for (const [index, date] of settleGarbledDates(dates, texts, ctx)) {
    const { cell, page, view } = unread.get(index)!;
    const p = `${pointer}/${index}/${key}`;
    out.rows[index][key] = date;
    out.sources[p] = {
      document: view.index,
      page,
      bbox: union(cell.parts.map((s) => s.bbox)),
      text: cell.text,
    };
    out.confidence[p] = WORKED_OUT_CONFIDENCE;
  }
}

/**
 * A line under items that prints their totals, its captions or labels OCR garbled beyond matching
 * ("Subtota  2,727.04"; "5,634.22 | 450.74 | 6,084.96" over "ales lax | Grand | ota"), not one more
 * item: one of its figures is what the items' amounts add up to (two items at least, each with
 * its amount, so that the sum says something), or it is figures alone, two of which make a third.
 * A row whose count and price make its amount is an item whatever it adds up to.
 */
function totalsLine(
  line: LineRef,
  cells: Map<string, Cell>,
  amounts: (number | null)[],
  types: Map<string, FieldHint>,
  view: DocView,
): boolean {
  if (!types.has('amount')) return false;
  const figure = (key: string) => figureIn(cells.get(key), key, types, view);
  const [count, price, amount] = [figure('quantity'), figure('unit_price'), figure('amount')];
  if (count !== null && price !== null && amount !== null && Math.abs(count * price - amount) < 0.01)
    return false;
  const figures = line.spans.map((s) => numberIn(s.span.text, types.get('amount'), view.ctx));
  if (amounts.length >= 2 && amounts.every((a) => a !== null)) {
    const sum = (amounts as number[]).reduce((a, v) => a + v, 0);
    if (figures.some((f) => f !== null && sameCents(f, sum))) return true;
  }
  if (figures.length !== 3 || figures.some((f) => f === null)) return false;
  const [x, y, z] = figures as number[];
  return partsMakeTotal(x, y, z);
}

/** An item's name alone on its line: words, and no amount or count among them ("AGUA MINERAL 50CL"). */
function nameLine(text: string, ctx: DocView['ctx']): boolean {
  return /\p{L}{3,}/u.test(text) && !/\d[.,]\d{2}(?!\d)/.test(text) && !countLine(text, ctx);
}

/** Puts a count line's count and unit price into a row's cells. */
function setCount(
  cells: Map<string, Cell>,
  count: NonNullable<ReturnType<typeof countLine>>,
  line: LineRef,
): void {
  const parts = line.spans.map((s) => s.span);
  cells.set('quantity', { text: count.qtyText, parts });
  cells.set('unit_price', { text: count.unitText, parts });
}

/**
 * A price column with neither a count nor an amount column beside it ("Descrizione | Prezzo"):
 * each line's price is what the line costs, its amount.
 */
function priceAsAmount(header: Anchor[], types: Map<string, FieldHint>): Anchor[] {
  const keys = new Set(header.map((a) => a.key));
  if (!keys.has('unit_price') || keys.has('amount') || keys.has('quantity') || !types.has('amount'))
    return header;
  return header.map((a) => (a.key === 'unit_price' ? { ...a, key: 'amount' } : a));
}

/**
 * A header whose captions wrap onto more lines ("Value" over "date", a one-line caption set
 * between them): up to three caption lines read as one when together they name more columns than
 * the first alone. Returns the anchors and how many lines the header takes.
 */
function multiLineHeader(
  lines: LineRef[],
  line: LineRef,
  columns: [string, FieldHint, RegExp[]][],
): { header: Anchor[]; lines: number } | null {
  const captions = (l: LineRef) =>
    l.spans.every((sp) => !/\d/.test(sp.span.text) && sp.span.text.length <= 24);
  // A header row has several captions; a title line above the table has one.
  if (!captions(line) || line.spans.length < 2) return null;
  const alone = headerMatch(line, columns);
  const named = (h: Anchor[] | null) => h?.filter((a) => a.key !== '').length ?? 0;
  let spans: TextSpan[] = line.spans.map((sp) => ({ ...sp.span }));
  let best: { header: Anchor[]; lines: number } | null = null;
  let prev = line;
  for (let k = 1; k <= 2; k++) {
    const next = lines[line.index + k];
    if (!next || !captions(next)) break;
    if (top(next.line) - top(prev.line) > 2 * Math.max(height(prev.line), height(next.line))) break;
    const merged = spans.map((sp) => ({ ...sp }));
    for (const n of next.spans) {
      const over = merged.find((m) => x0(n.span) < x1(m) && x1(n.span) > x0(m));
      const beside = over ? undefined : merged.find((m) => sameCaption(m, n.span));
      if (over) {
        over.text = joinedLines(over.text, n.span.text);
        over.bbox = union([over.bbox, n.span.bbox]);
      } else if (beside) {
        beside.text =
          x0(n.span) < x0(beside) ? `${n.span.text} ${beside.text}` : `${beside.text} ${n.span.text}`;
        beside.bbox = union([beside.bbox, n.span.bbox]);
      } else merged.push({ ...n.span });
    }
    merged.sort((a, b) => x0(a) - x0(b));
    spans = merged;
    prev = next;
    const header = headerMatch(
      { ...line, spans: spans.map((span, index) => ({ span, folded: fold(span.text), index })) },
      columns,
    );
    // A line that names as many columns on its own is the table's header, not a caption's second
    // line: the captions of a block above it ("Account holder | IBAN") are no part of it.
    if (named(headerMatch(next, columns)) >= named(header)) break;
    if (header && named(header) > Math.max(named(alone), named(best?.header ?? null)))
      best = { header, lines: k + 1 };
  }
  return best;
}

/**
 * Two words of one caption that a skewed scan put on two lines ("Preço" and "unitário", the right
 * end of a header row sitting lower): side by side at one letter's spacing, level with each other.
 */
function sameCaption(a: TextSpan, b: TextSpan): boolean {
  if (!a.bbox || !b.bbox) return false;
  const [left, right] = x0(a) < x0(b) ? [a, b] : [b, a];
  const letter = Math.min(...[a, b].map((s) => (x1(s) - x0(s)) / Math.max(1, s.text.length)));
  const gap = x0(right) - x1(left);
  const level = Math.min(a.bbox[1] + a.bbox[3], b.bbox[1] + b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
  return gap >= 0 && gap < 1.5 * letter && level > 0;
}

/** The rows' usual height: the middle one of their heights, sorted (0 before any row). */
const usualHeight = (sortedHeights: number[]) => sortedHeights[Math.floor(sortedHeights.length / 2)] ?? 0;

/**
 * A row line's height, or the rows' usual one where OCR gave it a box a fraction of that high
 * (a row split over two lines, one of them a sliver): the gaps between rows are measured by it.
 */
function lineHeight(line: LineRef, sortedHeights: number[]): number {
  const usual = usualHeight(sortedHeights);
  const own = height(line.line);
  return own < usual / 2 ? usual : own;
}

/**
 * A speck OCR read as a letter or two on a line of its own between rows ("L" under "Instalación in
 * situ 5"): no figure, and less than half the rows' usual height.
 */
function speckLine(line: LineRef, sortedHeights: number[]): boolean {
  const text = line.line.text.trim();
  return text.length <= 2 && !/\d/.test(text) && height(line.line) < usualHeight(sortedHeights) / 2;
}

/** Puts `value` into an ascending list in its place (the rows' heights, whose median is read per line). */
function insertSorted(sorted: number[], value: number): void {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  sorted.splice(lo, 0, value);
}

/** A line of values with a caption under each span, most of them end labels (totals' captions). */
function captionsUnder(line: LineRef, next: LineRef | undefined, endRes: RegExp[]): boolean {
  if (!next || top(next.line) - top(line.line) > 2.5 * height(line.line)) return false;
  // Totals' values start with a figure (a payment method may follow them): a line led by an item's
  // words is a row, whatever stands under it (the last item over "Subtotal | USD").
  if (/\p{L}{3,}/u.test(line.spans[0].span.text.replace(/\b[A-Z]{3}\b/g, ''))) return false;
  const under = line.spans.map((s) =>
    next.spans.find((c) => x0(c.span) < x1(s.span) && x1(c.span) > x0(s.span)),
  );
  const labelled = under.filter((c) => c && endRes.some((re) => matchLabel(c.folded, re)));
  // Captions: one under each value, none an amount itself (not "Closing balance … 3.600,36" under a row).
  const captions =
    new Set(under).size === under.length &&
    under.every((c) => c && !/\d[.,]\d{2}\b/.test(c.span.text.replace(/\d+(?:[.,]\d+)?\s?%/g, '')));
  return captions && labelled.length * 2 >= under.length;
}

/**
 * A line that is a label and an amount or two ("Übertrag 1.234,56", "Opening balance  2,345.67"),
 * not a row that happens to start with such a word ("Transport  1  50,00  50,00").
 */
function runningTotal(line: LineRef, res: RegExp[]): boolean {
  if (res.length === 0) return false;
  const labelled = line.spans.some((s) =>
    res.some((re) => {
      const m = matchLabel(s.folded, re);
      return (
        m !== null &&
        !/\p{L}{3,}/u.test(s.span.text.slice(m.rest).replace(/\b(?:vom|du|del|al|of|on|at|am)\b/giu, ''))
      );
    }),
  );
  return labelled && line.spans.filter((s) => /\d/.test(s.span.text)).length <= 2;
}

/** The lines under a header up to its table's end label (at most 40): what the columns hold. */
function rowsUnder(lines: LineRef[], headerIndex: number, endRes: RegExp[]): LineRef[] {
  const out: LineRef[] = [];
  for (const line of lines.slice(headerIndex + 1, headerIndex + 41)) {
    if (line.spans.some((s) => endRes.some((re) => matchLabel(s.folded, re)))) break;
    out.push(line);
  }
  return out;
}

interface Wrapped {
  line: LineRef;
  cells: Map<string, Cell>;
}

/** A row's cells with the text of its wrapped lines joined in reading order. */
function joinWrapped(row: Pick<PendingRow, 'cells' | 'before' | 'after'>): Map<string, Cell> {
  const out = new Map<string, Cell>();
  for (const part of [...row.before.map((w) => w.cells), row.cells, ...row.after.map((w) => w.cells)]) {
    for (const [key, cell] of part) {
      const prev = out.get(key);
      out.set(
        key,
        prev
          ? { text: `${prev.text} ${cell.text}`, parts: [...prev.parts, ...cell.parts] }
          : { ...cell, parts: [...cell.parts] },
      );
    }
  }
  return out;
}

/**
 * Takes from `pending` (text lines wrapped after the previous row, or orphans before the first)
 * the trailing ones that belong to the new row: it has none of their columns on its own line and
 * they are nearer to its line than to the previous row's (or about as near, where the table's rows
 * are seen to print their description over their figures: `above`).
 */
function claimWrapped(
  pending: Wrapped[],
  prevLine: LineRef | null,
  line: LineRef,
  cells: Map<string, Cell>,
  above = false,
): Wrapped[] {
  const claimed: Wrapped[] = [];
  while (pending.length > 0) {
    const last = pending[pending.length - 1];
    if ([...last.cells.keys()].some((k) => cells.has(k))) break;
    const toNew = top(line.line) - top(last.line.line);
    const toPrev = prevLine ? top(last.line.line) - top(prevLine.line) : Number.POSITIVE_INFINITY;
    if (toNew > 2 * height(line.line) || (above ? toNew > 1.25 * toPrev : toNew >= toPrev)) break;
    claimed.unshift(pending.pop()!);
  }
  return claimed;
}

/**
 * A count standing in a column whose caption was not read (OCR lost "Menge"): the one stray
 * number of the row that, times its unit price, makes its amount.
 */
function strayCount(
  strays: Cell[],
  cells: Map<string, Cell>,
  types: Map<string, FieldHint>,
  view: DocView,
): Cell | null {
  if (strays.length !== 1 || !types.has('unit_price') || !types.has('amount')) return null;
  const qty = figureIn(strays[0], 'quantity', types, view);
  const unit = figureIn(cells.get('unit_price'), 'unit_price', types, view);
  const amount = figureIn(cells.get('amount'), 'amount', types, view);
  if (qty === null || unit === null || amount === null || qty <= 0) return null;
  return countsFor({ qty, unit }, amount) ? strays[0] : null;
}

/**
 * A count under no caption of its own that the cut gave to the description (OCR lost "Qty":
 * "Steel bracket M8 | 11 | €2,600.33 | €28,603.63"): the description's last span, a whole number
 * apart from its words, that times the unit price makes the amount. It leaves the description.
 */
function countAfterDescription(
  cells: Map<string, Cell>,
  types: Map<string, FieldHint>,
  view: DocView,
): Cell | null {
  const description = cells.get('description');
  const last = description?.parts[description.parts.length - 1];
  if (!description || !last || description.parts.length < 2 || !/^\d{1,3}$/.test(last.text.trim()))
    return null;
  const unit = figureIn(cells.get('unit_price'), 'unit_price', types, view);
  const amount = figureIn(cells.get('amount'), 'amount', types, view);
  const qty = Number(last.text.trim());
  if (unit === null || amount === null || qty <= 0 || !countsFor({ qty, unit }, amount)) return null;
  const words = description.parts.slice(0, -1);
  cells.set('description', { parts: words, text: words.map((p) => p.text).join(' ') });
  return { parts: [last], text: last.text };
}

/**
 * A unit price OCR could not read ("a3715", "SI1S:412/" for 337,15 and 315,41): the amount ÷ the
 * count, where that comes out to the cent. Only where the price's cell holds digits (ink that was
 * a figure, not a speck) and the amount was read with its cents (one whose mark OCR lost is read
 * in cents only later, by `restoreLostCents`).
 */
function priceOfUnread(
  row: Record<string, unknown>,
  cellText: string,
  texts: Map<string, string>,
): number | null {
  const { quantity: qty, unit_price: unit, amount } = row;
  if (unit !== undefined || typeof qty !== 'number' || typeof amount !== 'number' || !(qty > 0)) return null;
  if ((cellText.match(/\d/g) ?? []).length < 2 || !/[.,]\d{2}\b/.test(texts.get('amount') ?? '')) return null;
  const price = Math.round((amount / qty) * 100) / 100;
  return Math.abs(price * qty - amount) < 0.005 ? price : null;
}

/** The cells without a figure's column's specks: a few letters or marks and no digit ("su", "'"). */
function withoutSpecks(cells: Map<string, Cell>, types: Map<string, FieldHint>): Map<string, Cell> {
  return new Map(
    [...cells].filter(
      ([key, cell]) =>
        types.get(key)!.type === 'string' || /\d/.test(cell.text) || cell.text.trim().length > 3,
    ),
  );
}

/**
 * A count of one that OCR read as letters ("il", "l", "|"): the row's amount is its unit price.
 */
function oneReadAsLetters(text: string, row: Record<string, unknown>): boolean {
  const { unit_price: unit, amount } = row;
  if (typeof unit !== 'number' || typeof amount !== 'number') return false;
  return ONE_AS_LETTERS.test(text.trim()) && countsFor({ qty: 1, unit }, amount);
}

/**
 * A figure OCR misread: its decimal point lost ("3.5" read as 35, "40.00" as 4000), a space put
 * between its digits ("112,09" read as "11 2,09", which parses as 2.09), or a speck before it read
 * as a minus ("-1"). When the row's count, unit
 * price and amount disagree, and another reading of one of them (`misreadFigures`) makes them
 * agree, that is the figure printed. The price and the amount are suspected first; a count only
 * where it stays one or more.
 */
function pointRestored(
  row: Record<string, unknown>,
  texts: Map<string, string>,
): { key: string; value: number } | null {
  const { quantity: qty, unit_price: unit, amount } = row;
  if (typeof qty !== 'number' || typeof unit !== 'number' || typeof amount !== 'number') return null;
  if (countsFor({ qty, unit }, amount)) return null;
  // The row's figures with `value` read for `key`.
  const withReading = (key: string, value: number) => ({
    qty: key === 'quantity' ? value : qty,
    unit: key === 'unit_price' ? value : unit,
    amount: key === 'amount' ? value : amount,
  });
  const gap = (key: string, value: number) => {
    const f = withReading(key, value);
    return Math.abs(f.qty * f.unit - f.amount);
  };
  // The count last; of a figure's readings that agree, the one nearest the others' product (a
  // cent either way agrees, for the product's rounding).
  for (const key of ['unit_price', 'amount', 'quantity'] as const) {
    const agreeing = misreadFigures(row[key] as number, texts.get(key) ?? '')
      .filter((value) => {
        const f = withReading(key, value);
        return (key !== 'quantity' || value >= 1) && countsFor(f, f.amount);
      })
      .sort((a, b) => gap(key, a) - gap(key, b));
    if (agreeing.length > 0) return { key, value: agreeing[0] };
  }
  return null;
}

/**
 * A money figure: it has cents or a currency sign ("2.99", "£3", "12,60 €"); bare counts do not.
 */
const MONEY_LOOKING = /[.,]\d{2}\b|[$€£¥₹]/;

/** The money figures among a row's price cell and its strays, left to right, each as a cell. */
function priceFigures(
  cells: Map<string, Cell>,
  strays: Cell[],
  types: Map<string, FieldHint>,
  ctx: DocView['ctx'],
): Cell[] {
  const price = cells.get('unit_price');
  if (!price) return [];
  const hint = types.get('unit_price')!;
  const figure = (cell: Cell) => MONEY_LOOKING.test(cell.text) && !!parseValue(cell.text, hint, ctx);
  const pieces = price.text.split(/\s+/).map((text) => ({ parts: price.parts, text }));
  const left = strays.filter((c) => c.parts.every((p) => x1(p) <= x0(price.parts[0])));
  return [...left, ...pieces].filter(figure);
}

/**
 * A table whose line totals stand right of its prices under a caption OCR did not read at all
 * ("Description Qty Price" over "2 | £2.99 | £5.98", "Total" lost): no amount column was found, the
 * price is the rightmost, and most rows hold two money figures where the prices stand.
 */
function priceCellsHoldAmounts(
  anchors: Anchor[],
  under: LineRef[],
  types: Map<string, FieldHint>,
  cuts: number[],
  ctx: DocView['ctx'],
): boolean {
  if (!ctx.ocr || !types.has('amount') || anchors.some((a) => a.key === 'amount')) return false;
  if (anchors[anchors.length - 1]?.key !== 'unit_price') return false;
  const sample = under.slice(0, 6);
  const twice = sample.filter((line) => {
    const { cells, strays } = assignCells(line, anchors, types, cuts);
    return priceFigures(cells, strays, types, ctx).length === 2;
  });
  return sample.length > 0 && twice.length >= mostRows(sample.length);
}

/** A row's two money figures under the price: the price, then the amount it makes. */
function splitPriceCell(
  cells: Map<string, Cell>,
  strays: Cell[],
  types: Map<string, FieldHint>,
  ctx: DocView['ctx'],
): void {
  const figures = priceFigures(cells, strays, types, ctx);
  if (figures.length !== 2) return;
  cells.set('unit_price', figures[0]);
  cells.set('amount', figures[1]);
  strays.splice(0, strays.length, ...strays.filter((c) => c !== figures[0]));
}

/**
 * An item whose figures OCR could not read ("MINE cater | Tyg" for "Milk 1l | 1.99"): a name under
 * the description's caption, and ink where the figures stand, none of it a figure. Kept as a row
 * with its name alone, its figures left for the reviewer: dropped, it would go unnoticed and hand
 * its place to the row after it. Over the first row, such ink may be a rule drawn under the header
 * ("EER | EER | EER"): there the name must be words in small letters ("Sumo de laranja").
 */
function figuresUnread(cells: Map<string, Cell>, types: Map<string, FieldHint>, first: boolean): boolean {
  const name = cells.get('description')?.text ?? '';
  if ((name.match(/\p{L}/gu) ?? []).length < 3) return false;
  if (first && !/\p{Ll}{3}/u.test(name)) return false;
  return [...cells].some(
    ([key, cell]) => types.get(key)!.type !== 'string' && cell.text.replace(/\s/g, '').length >= 2,
  );
}

/** The number a cell holds, read as its column's type; null when it holds none. */
function figureIn(
  cell: Cell | undefined,
  key: string,
  types: Map<string, FieldHint>,
  view: DocView,
): number | null {
  return numberIn(cell?.text, types.get(key), view.ctx);
}
