/**
 * Where one column of a table ends and the next begins. Halfway between two header captions is
 * right when captions sit over their values; it is wrong when they do not: a centred caption over
 * a wide left-aligned description, a left-aligned caption over right-aligned amounts. The rows say
 * where the gutter is: a band between the two captions that no cell crosses, that leaves each of
 * the two columns cells of its own on most rows, edged by cells that line up (every date ends
 * there, every description starts there).
 */
import { tableExtent } from './cells';
import type { Anchor } from './header';
import { type LineRef, x0, x1 } from './page-view';

/** Page widths within which cell edges count as lined up. */
const ALIGNED = 0.003;
/** Narrowest gutter worth considering (page widths). */
const MIN_GUTTER = 0.002;

type Extent = readonly [number, number];

/** The cut between each pair of neighbouring anchors, read from the lines under the header. */
export function columnCuts(anchors: Anchor[], rows: LineRef[]): number[] {
  const [left, right] = tableExtent(anchors);
  // A span over two captions or more is cells OCR ran together ("18 January 2024 20 January 2024
  // Salary"): it crosses every gutter it spans and tells none.
  const runTogether = ([a, b]: Extent) => anchors.filter((c) => a <= c.x0 && b >= c.x1).length >= 2;
  const cellsOf = (l: LineRef) =>
    l.spans
      .map((s) => [x0(s.span), x1(s.span)] as const)
      .filter(([a, b]) => b > left && a < right && !runTogether([a, b]));
  const lines = rows.map(cellsOf).filter((cells) => cells.length > 0);
  const spans = lines.flat();
  const cuts: number[] = [];
  for (let i = 0; i < anchors.length - 1; i++) {
    const lo = anchors[i].x1;
    const hi = anchors[i + 1].x0;
    const middle = (lo + hi) / 2;
    const zone: Extent = [
      cuts[i - 1] ?? Number.NEGATIVE_INFINITY,
      anchors[i + 2]?.x0 ?? Number.POSITIVE_INFINITY,
    ];
    // OCR runs a few rows' cells together ("27 de abril de 2024 27 de abril de 2024 Levantamento"),
    // crossing every gutter: failing a free band, one that few of the rows cross.
    const few = Math.floor(lines.length / FEW_CROSSING);
    // Failing that too (a scan's cells of two columns touching on some rows), the band the fewest
    // cells cross, by one row in six at most: halfway may cut through every row's cell.
    const leastCrossed = () => {
      for (let crossing = few + 1; crossing <= Math.floor(lines.length / MOST_CROSSING); crossing++) {
        const at = bestGutter(lo, hi, spans, lines, zone, crossing);
        if (at !== null) return at;
      }
      return null;
    };
    cuts.push(
      hi - lo < 2 * MIN_GUTTER
        ? middle
        : (bestGutter(lo, hi, spans, lines, zone, 0) ??
            (few > 0 ? bestGutter(lo, hi, spans, lines, zone, few) : null) ??
            leastCrossed() ??
            middle),
    );
  }
  return cuts;
}

/** One row in this many may cross a gutter (cells OCR ran together) when no band is free. */
const FEW_CROSSING = 8;
/** At most one row in this many crosses the least crossed band taken for a gutter. */
const MOST_CROSSING = 6;

/**
 * The middle of the band in [lo, hi] crossed by at most `crossing` cells that leaves both columns
 * cells on the most rows, then with the most cell edges lined up on its sides, then nearest halfway.
 */
function bestGutter(
  lo: number,
  hi: number,
  spans: Extent[],
  lines: Extent[][],
  zone: Extent,
  crossing: number,
): number | null {
  const inside = spans
    .filter(([a, b]) => b > lo && a < hi)
    .map(([a, b]) => [Math.max(a, lo), Math.min(b, hi)] as const);
  const gaps = bandsCrossedByAtMost(lo, hi, inside, crossing).filter(([a, b]) => b - a >= MIN_GUTTER);
  // No cell at all between the captions (or every band is crossed): halfway is as good as any.
  if (inside.length === 0 || gaps.length === 0) return null;
  const middle = (lo + hi) / 2;
  const centre = ([a, b]: Extent) => (a + b) / 2;
  let best: { at: number; fit: number; score: number; distance: number } | null = null;
  for (const [g0, g1] of gaps) {
    const at = (g0 + g1) / 2;
    const fit = lines.filter(
      (cells) =>
        cells.some((c) => centre(c) >= zone[0] && centre(c) < at) &&
        cells.some((c) => centre(c) >= at && centre(c) < zone[1]),
    ).length;
    const score =
      spans.filter(([, b]) => Math.abs(b - g0) < ALIGNED).length +
      spans.filter(([a]) => Math.abs(a - g1) < ALIGNED).length;
    const distance = Math.abs(at - middle);
    if (
      !best ||
      fit > best.fit ||
      (fit === best.fit && (score > best.score || (score === best.score && distance < best.distance)))
    )
      best = { at, fit, score, distance };
  }
  return best?.at ?? null;
}

/** The stretches of [lo, hi] that at most `crossing` of the cells cover. */
function bandsCrossedByAtMost(lo: number, hi: number, cells: Extent[], crossing: number): [number, number][] {
  // Cell edges as steps of the count of cells over a point; ends before starts at the same place.
  const steps = cells
    .flatMap(([a, b]) => [[a, 1] as const, [b, -1] as const])
    .sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const bands: [number, number][] = [];
  let over = 0;
  let from: number | null = lo;
  for (const [at, step] of steps) {
    over += step;
    if (from !== null && over > crossing) {
      if (at > from) bands.push([from, at]);
      from = null;
    } else if (from === null && over <= crossing) from = at;
  }
  if (from !== null && hi > from) bands.push([from, hi]);
  return bands;
}
