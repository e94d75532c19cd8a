import type { VerticalRule } from '../layout';
import { sampledMedian } from './ocr-scale';
import type { GrayPage } from './unread-ink';

/**
 * The printed vertical lines of a page: a boxed table's cell borders. Tesseract reads a border as a
 * letter ("1| Delivery", "|Saco", "[Date"), or joins a quantity and the description in the next
 * cell into one phrase when the border between them is a few pixels away ("2 Breaker hire"). So
 * the borders are found before the page is read, painted over with paper, and kept: a line drawn
 * between two words parts them.
 *
 * A rule is a thin run of ink, straight down the page, at least `MIN_RULE_LINES` text lines long:
 * longer than any letter's stroke, with paper beside it along most of its length (a bold title's
 * stem is thick). The page's text height is estimated from its ink before anything is read.
 * A scanned page's rule leans with the page: it is found as several shorter runs side by side.
 */
export interface RuleScan {
  /** Each run of a rule, one pixel column wide (with one pixel either side), in page pixels. */
  runs: { x: number; top: number; bottom: number }[];
  /** The rules (runs side by side joined), in page pixels of the page as it was scanned. */
  rules: VerticalRule[];
}

/** Finds the page's vertical rules and paints them over with its paper (in place). */
export function eraseVerticalRules(page: GrayPage): RuleScan {
  const scan = findVerticalRules(page, estimateTextHeight(page));
  const { gray, width } = page;
  const paper = sampledMedian(gray.length, (i) => gray[i]);
  for (const run of scan.runs) {
    for (let y = run.top; y <= run.bottom; y++) {
      for (let x = Math.max(0, run.x - 1); x <= Math.min(width - 1, run.x + 1); x++)
        gray[y * width + x] = paper;
    }
  }
  return scan;
}

export function findVerticalRules(page: GrayPage, lineHeight: number): RuleScan {
  const { gray, width, height } = page;
  if (lineHeight < 4) return { runs: [], rules: [] };
  const ink = sampledMedian(width * height, (i) => gray[i]) - INK_CONTRAST;
  const minRun = Math.round(MIN_RULE_LINES * lineHeight);
  const side = Math.max(4, Math.round(0.3 * lineHeight));
  const thick = Math.max(3, Math.round(0.25 * lineHeight));
  const gapAllowed = Math.max(4, Math.round(lineHeight / 8));
  const dark = (x: number, y: number) => x >= 0 && x < width && gray[y * width + x] < ink;

  /**
   * Most rows of the run have ink no wider than a line is thick, and paper `side` away on both
   * sides: a line, not a stroke of a bold letter.
   */
  const isThin = (x: number, top: number, bottom: number) => {
    let thin = 0;
    let rows = 0;
    for (let y = top; y <= bottom; y += 2) {
      rows++;
      let left = x;
      while (left > x - side && dark(left - 1, y)) left--;
      let right = x;
      while (right < x + side && dark(right + 1, y)) right++;
      if (right - left + 1 <= thick && !dark(x - side, y) && !dark(x + side, y)) thin++;
    }
    return thin >= 0.6 * rows;
  };

  // Every column's current run of ink (with a pixel either side), followed every other row (a rule
  // is long): the page is read in the order it lies in memory.
  const runs: RuleScan['runs'] = [];
  const top = new Int32Array(width).fill(-1);
  const last = new Int32Array(width).fill(-1);
  const close = (x: number) => {
    if (top[x] >= 0 && last[x] - top[x] >= minRun && isThin(x, top[x], last[x]))
      runs.push({ x, top: top[x], bottom: last[x] });
    top[x] = -1;
  };
  for (let y = 0; y < height; y += 2) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      if (gray[i] >= ink && (x === 0 || gray[i - 1] >= ink) && (x === width - 1 || gray[i + 1] >= ink))
        continue;
      if (top[x] < 0 || y - last[x] > gapAllowed) {
        close(x);
        top[x] = y;
      }
      last[x] = y;
    }
    // A page of hatching or a photo is not a table: no rules rather than hundreds of false ones.
    if (runs.length > MAX_RUNS) return { runs: [], rules: [] };
  }
  for (let x = 0; x < width; x++) close(x);
  if (runs.length > MAX_RUNS) return { runs: [], rules: [] };
  runs.sort((a, b) => a.x - b.x || a.top - b.top);
  // Runs in neighbouring columns that overlap down the page are one rule (a few pixels wide, or
  // leaning): the rule is drawn through their middle.
  const groups: { first: number; last: number; top: number; bottom: number }[] = [];
  for (const run of runs) {
    const group = groups.findLast(
      (g) => run.x - g.last <= 1 && run.x > g.last && run.top <= g.bottom && run.bottom >= g.top,
    );
    if (group) {
      group.last = run.x;
      group.top = Math.min(group.top, run.top);
      group.bottom = Math.max(group.bottom, run.bottom);
    } else groups.push({ first: run.x, last: run.x, top: run.top, bottom: run.bottom });
  }
  return { runs, rules: groups.map((g) => ({ x: (g.first + g.last) / 2, top: g.top, bottom: g.bottom })) };
}

/**
 * Rules found on the page as scanned, where tesseract's words are: on the page turned by `angle`
 * (radians, the skew tesseract corrected; see unreadInkRegions).
 */
export function turnRules(
  rules: VerticalRule[],
  angle: number,
  width: number,
  height: number,
): VerticalRule[] {
  if (angle === 0) return rules;
  const cos = Math.cos(angle);
  const sin = -Math.sin(angle);
  const cx = width / 2;
  const cy = height / 2;
  const turn = (x: number, y: number) => ({
    x: cx + (x - cx) * cos + (y - cy) * sin,
    y: cy - (x - cx) * sin + (y - cy) * cos,
  });
  return rules.map((r) => {
    const a = turn(r.x, r.top);
    const b = turn(r.x, r.bottom);
    return { x: (a.x + b.x) / 2, top: Math.min(a.y, b.y), bottom: Math.max(a.y, b.y) };
  });
}

/**
 * The height of the page's words (pixels) before they are read: about the length of the longest
 * strokes of its letters (ascenders, capitals) down a column, bar a few. Only strokes count,
 * taller than they are wide where cut across (a dark band's columns, a rule, a letter's bar do not).
 * Measured on clean and scanned pages against tesseract's median word height (18 and 28 px: 19, 28).
 */
export function estimateTextHeight(page: GrayPage): number {
  const { gray, width, height } = page;
  const ink = sampledMedian(width * height, (i) => gray[i]) - INK_CONTRAST;
  const counts = new Uint32Array(MAX_STROKE + 1);
  let total = 0;
  // A stroke is taller than it is wide where it is cut across: a band's or a rule's runs are not.
  const isStroke = (x: number, y: number, run: number) => {
    const row = y * width;
    let wide = 1;
    for (let l = x - 1; l >= 0 && gray[row + l] < ink && wide < run; l--) wide++;
    for (let r = x + 1; r < width && gray[row + r] < ink && wide < run; r++) wide++;
    return wide < run;
  };
  for (let x = 0; x < width; x += 4) {
    let run = 0;
    for (let y = 0; y <= height; y++) {
      if (y < height && gray[y * width + x] < ink) run++;
      else {
        if (run >= 2 && isStroke(x, y - (run >> 1) - 1, run)) {
          counts[Math.min(run, MAX_STROKE)]++;
          total++;
        }
        run = 0;
      }
    }
  }
  if (total === 0) return 0;
  let seen = 0;
  for (let len = 0; len <= MAX_STROKE; len++) {
    seen += counts[len];
    if (seen >= 0.95 * total) return len;
  }
  return MAX_STROKE;
}

/** Ink is this much darker than the paper (as for unread ink). */
const INK_CONTRAST = 70;

/** A rule is at least this many text lines long: taller than a table row's text, never a letter. */
export const MIN_RULE_LINES = 2.5;

/** Strokes longer than this (pixels) count as this long when the text height is estimated. */
const MAX_STROKE = 400;

/** More runs than this on one page is texture, not a table. */
const MAX_RUNS = 1500;
