/**
 * Where one column of a table ends and the next begins. Halfway between two header captions is
 * right when captions sit over their values; it is wrong when they do not: a centred caption over
 * a wide left-aligned description, a short caption over right-aligned amounts. The rows say where
 * the gutter is: a band between the two captions that no cell crosses, edged by cells that line
 * up (every date ends there, every description starts there).
 */
import type { Anchor } from './header';
import { type LineRef, x0, x1 } from './page-view';

/** Page widths within which cell edges count as lined up. */
const ALIGNED = 0.003;
/** Narrowest gutter worth considering (page widths). */
const MIN_GUTTER = 0.002;

/** The cut between each pair of neighbouring anchors, read from the lines under the header. */
export function columnCuts(anchors: Anchor[], rows: LineRef[]): number[] {
  const left = anchors[0].x0 - 0.02;
  const right = anchors[anchors.length - 1].x1 + 0.03;
  const spans = rows.flatMap((l) =>
    l.spans.map((s) => [x0(s.span), x1(s.span)] as const).filter(([a, b]) => b > left && a < right),
  );
  const cuts: number[] = [];
  for (let i = 0; i < anchors.length - 1; i++) {
    const lo = anchors[i].x1;
    const hi = anchors[i + 1].x0;
    const middle = (lo + hi) / 2;
    cuts.push(hi - lo < 2 * MIN_GUTTER ? middle : (bestGutter(lo, hi, spans) ?? middle));
  }
  return cuts;
}

/** The middle of the free band in [lo, hi] with the most cell edges lined up on its sides. */
function bestGutter(lo: number, hi: number, spans: (readonly [number, number])[]): number | null {
  const inside = spans
    .filter(([a, b]) => b > lo && a < hi)
    .map(([a, b]) => [Math.max(a, lo), Math.min(b, hi)] as const)
    .sort((p, q) => p[0] - q[0]);
  const gaps: [number, number][] = [];
  let edge = lo;
  for (const [a, b] of inside) {
    if (a - edge >= MIN_GUTTER) gaps.push([edge, a]);
    edge = Math.max(edge, b);
  }
  if (hi - edge >= MIN_GUTTER) gaps.push([edge, hi]);
  // No cell at all between the captions (or every band is crossed): halfway is as good as any.
  if (inside.length === 0 || gaps.length === 0) return null;
  const middle = (lo + hi) / 2;
  let best: { at: number; score: number; distance: number } | null = null;
  for (const [g0, g1] of gaps) {
    const score =
      spans.filter(([, b]) => Math.abs(b - g0) < ALIGNED).length +
      spans.filter(([a]) => Math.abs(a - g1) < ALIGNED).length;
    const at = (g0 + g1) / 2;
    const distance = Math.abs(at - middle);
    if (!best || score > best.score || (score === best.score && distance < best.distance))
      best = { at, score, distance };
  }
  return best?.at ?? null;
}
