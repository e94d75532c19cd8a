import type { ColumnEdge, ColumnEdges } from '../layout';
import type { Line } from '../types';

/**
 * Where an OCR'd page's table columns start and end (page pixels). Tesseract joins words a narrow
 * gap apart into one phrase, so a date and its description ("15 April 2023 Account fee"), or two
 * amounts, can come out as one cell; the rows that did come out as table rows (three cells or
 * more) show where the columns are. An edge counts when at least `MIN_ROWS` such rows share it,
 * in those rows and a row or so around them.
 */
export function tableColumns(lines: Line[], width: number, height: number, lineHeight: number): ColumnEdges {
  // Edges align within half a letter; a table's last row, run together, is within a row or so of those seen.
  const tolerance = lineHeight / 2;
  const reach = 2 * lineHeight;
  const starts: Seen[] = [];
  const ends: Seen[] = [];
  lines.forEach((line, row) => {
    if (line.spans.length < 3 || !line.bbox) return;
    const top = line.bbox[1] * height - reach;
    const bottom = (line.bbox[1] + line.bbox[3]) * height + reach;
    for (const s of line.spans) {
      if (!s.bbox) continue;
      starts.push({ x: s.bbox[0] * width, row, top, bottom });
      ends.push({ x: (s.bbox[0] + s.bbox[2]) * width, row, top, bottom });
    }
  });
  return { starts: sharedEdges(starts, tolerance), ends: sharedEdges(ends, tolerance), tolerance };
}

/** A column edge needs this many table rows aligned on it. */
const MIN_ROWS = 3;

interface Seen {
  x: number;
  row: number;
  top: number;
  bottom: number;
}

/** Edges within `tolerance` of each other, grouped; a group of enough rows is a column's edge, over those rows. */
function sharedEdges(edges: Seen[], tolerance: number): ColumnEdge[] {
  const sorted = [...edges].sort((a, b) => a.x - b.x);
  const out: ColumnEdge[] = [];
  let group: Seen[] = [];
  const close = () => {
    if (new Set(group.map((e) => e.row)).size >= MIN_ROWS) {
      out.push({
        x: group[Math.floor(group.length / 2)].x,
        top: Math.min(...group.map((e) => e.top)),
        bottom: Math.max(...group.map((e) => e.bottom)),
      });
    }
    group = [];
  };
  for (const e of sorted) {
    if (group.length > 0 && e.x - group[group.length - 1].x > tolerance) close();
    group.push(e);
  }
  if (group.length > 0) close();
  return out;
}
