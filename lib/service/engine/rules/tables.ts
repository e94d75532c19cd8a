/** Tables (line items, transactions): a header line, then rows read column by column. */
import { labelRegExp, matchLabel } from '../text-match';
import type { FieldHint, Source, TableHint } from '../types';
import { assignCells, type Cell } from './cells';
import { type Anchor, adoptUnknownColumns, headerMatch } from './header';
import { receiptLines } from './receipt-lines';
import { parseValue } from './values';
import { type DocView, height, type LineRef, SYNTHETIC_GEOMETRY, top, union, x0, x1 } from './views';

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
  const out: TableOutcome = { rows: [], sources: {}, confidence: {}, consumed: new Set() };
  const hasNumeric = columns.some(([, h]) => h.type !== 'string');
  const required = hint.requiredColumns ?? [];

  for (const view of views) {
    let anchors: Anchor[] | null = null;
    let ended = false;
    const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
    for (const lines of view.pages) {
      if (ended) break;
      let lastRowLine: LineRef | null = null;
      let current: { cells: Map<string, Cell>; page: number } | null = null;
      const flush = () => {
        if (!current) return;
        const row: Record<string, unknown> = {};
        const rowIndex = out.rows.length;
        let any = false;
        for (const [key, cell] of current.cells) {
          const h = types.get(key)!;
          const parsed = parseValue(cell.text, h, view.ctx);
          if (!parsed) continue;
          row[key] = parsed.value;
          any = true;
          const p = `${pointer}/${rowIndex}/${key}`;
          out.sources[p] = {
            document: view.index,
            page: current.page,
            bbox: synthetic ? null : union(cell.parts.map((s) => s.bbox)),
            text: cell.text,
          };
          out.confidence[p] = Math.round(parsed.clean * 100) / 100;
        }
        if (any) out.rows.push(row);
        current = null;
      };
      for (const line of lines) {
        const header = headerMatch(line, columns);
        if (header) {
          // First header, or the header repeated on a following page.
          if (!anchors || out.rows.length > 0 || current) {
            flush();
            anchors = adoptUnknownColumns(header, lines, line.index, columns, view.ctx);
            for (const a of header) out.consumed.add(`${line.key}:${a.span}`);
            lastRowLine = null;
            continue;
          }
        }
        if (!anchors) continue;
        const tableLeft = anchors[0].x0 - 0.02;
        const tableRight = anchors[anchors.length - 1].x1 + 0.03;
        if (
          line.spans.some(
            (s) =>
              x1(s.span) > tableLeft &&
              x0(s.span) < tableRight &&
              endRes.some((re) => matchLabel(s.folded, re)),
          )
        ) {
          flush();
          ended = true;
          break;
        }
        const { cells, used } = assignCells(line, anchors, types);
        if (cells.size === 0) continue;
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
        const missingRequired = required.some((key) => {
          const cell = cells.get(key);
          return !cell || !parseValue(cell.text, types.get(key)!, view.ctx);
        });
        const isRow = missingRequired
          ? false
          : hasNumeric
            ? parsedTyped >= 1 && parsedTyped + stringCells >= 2
            : cells.size >= 2;
        const lineGap = lastRowLine ? top(line.line) - (top(lastRowLine.line) + height(lastRowLine.line)) : 0;
        const pitch = lastRowLine ? height(lastRowLine.line) : 0;
        if (isRow) {
          if (lastRowLine && lineGap > 4 * pitch && out.rows.length + (current ? 1 : 0) > 0 && !synthetic) {
            flush();
            ended = true;
            break;
          }
          flush();
          current = { cells, page: line.page };
          lastRowLine = line;
          consume();
        } else if (
          current &&
          lastRowLine &&
          parsedTyped === 0 &&
          stringCells === cells.size &&
          lineGap < 1.2 * pitch
        ) {
          // A wrapped description: append to the row above.
          for (const [key, cell] of cells) {
            const prev = current.cells.get(key);
            if (prev) {
              prev.text = `${prev.text} ${cell.text}`;
              prev.parts.push(...cell.parts);
            } else current.cells.set(key, cell);
          }
          lastRowLine = line;
          consume();
        }
      }
      flush();
    }
    if (out.rows.length > 0) break;
  }
  if (out.rows.length === 0 && hint.headerless && views[0]) {
    const lines = receiptLines(pointer, views[0], endRes, out.consumed);
    Object.assign(out, { rows: lines.rows, sources: lines.sources, confidence: lines.confidence });
  }
  return out;
}
