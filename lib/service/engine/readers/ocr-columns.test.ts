import { describe, expect, it } from 'vitest';
import { type Fragment, fragmentsToLines } from '../layout';
import { captionColumns, tableColumns } from './ocr-columns';

const W = 2000;
const H = 2800;
const HEIGHT = 28;
/** Roughly one letter of a 28 px line. */
const CHAR = 15;

/** One word per fragment, as OCR gives them; `x` is where the first word starts, words a space apart. */
function words(text: string, x: number, y: number): Fragment[] {
  const out: Fragment[] = [];
  let at = x;
  for (const word of text.split(' ')) {
    out.push({ text: word, x: at, y, w: word.length * CHAR, h: HEIGHT });
    at += word.length * CHAR + 0.4 * HEIGHT;
  }
  return out;
}

/**
 * A statement: date at 100, details at 360, amounts at 1200 and balance at 1600. In two rows the
 * date and the details are only a space apart (a long date in a narrow column), so OCR gives them
 * as one phrase; below the table, a summary line whose second word happens to sit at the amounts' column.
 */
function statement(): Fragment[] {
  const rows: [string, string, string, string][] = [
    ['Date', 'Details', 'Amount', 'Balance'],
    ['1 April 2023', 'Refund Online Shop', '2,588.10', '11,334.28'],
    ['15 September 2023', 'Account fee', '470.23', '10,864.05'],
    ['19 April 2023', 'Card payment', '83.66', '10,780.39'],
    ['21 November 2023', 'Interest credit', '567.15', '13,244.15'],
  ];
  const out: Fragment[] = [];
  rows.forEach(([date, details, amount, balance], i) => {
    const y = 400 + i * 60;
    out.push(...words(date, 100, y));
    // The long dates end a space before the details column.
    out.push(...words(details, 360, y), ...words(amount, 1200, y), ...words(balance, 1600, y));
  });
  // "Opening balance" below the table, "balance" at the amounts' column start: left as one phrase.
  out.push(...words('Opening', 1200 - 7 * CHAR - 0.4 * HEIGHT, 800), ...words('balance', 1200, 800));
  out.push(...words('8,746.18', 1600, 800));
  return out;
}

describe('tableColumns and fragmentsToLines with columns', () => {
  const fragments = statement();
  const first = fragmentsToLines(fragments, W, H, { spanGap: 1.4 });

  it('the first pass runs a long date into its details', () => {
    expect(first.map((l) => l.spans[0].text)).toContain('15 September 2023 Account fee');
  });

  it('finds the columns from the rows that are table rows, over the rows they span', () => {
    const columns = tableColumns(first, W, H, HEIGHT);
    expect(columns.starts.map((e) => Math.round(e.x))).toEqual([100, 360, 1200, 1600]);
    for (const edge of columns.starts) expect(edge.bottom).toBeLessThan(800);
  });

  it('splits the rows where two cells ran together, and nothing outside the table', () => {
    const columns = tableColumns(first, W, H, HEIGHT);
    const lines = fragmentsToLines(fragments, W, H, { spanGap: 1.4, columns });
    const cells = lines.map((l) => l.spans.map((s) => s.text));
    expect(cells).toContainEqual(['15 September 2023', 'Account fee', '470.23', '10,864.05']);
    expect(cells).toContainEqual(['21 November 2023', 'Interest credit', '567.15', '13,244.15']);
    expect(cells).toContainEqual(['Opening balance', '8,746.18']);
  });

  it('takes a column from the heading when the heading starts its cells where rows start theirs', () => {
    // Only the first row's details stand apart (a short date); the heading shows the column for all.
    const rows = ['1 May 2023', '21 November 2023', '30 September 2023'].flatMap((date, i) => [
      ...words(date, 100, 460 + i * 60),
      ...words('Account fee', 360, 460 + i * 60),
      ...words('470.23', 1200, 460 + i * 60),
      ...words('10,864.05', 1600, 460 + i * 60),
    ]);
    const heading = [
      ...words('Date', 100, 400),
      ...words('Details', 360, 400),
      ...words('Amount', 1200, 400),
      ...words('Balance', 1600, 400),
    ];
    const fragments = [...heading, ...rows];
    const first = fragmentsToLines(fragments, W, H, { spanGap: 1.4 });
    expect(first.filter((l) => l.spans.length === 3)).toHaveLength(2);
    const columns = tableColumns(first, W, H, HEIGHT);
    const lines = fragmentsToLines(fragments, W, H, { spanGap: 1.4, columns });
    expect(lines.map((l) => l.spans.map((s) => s.text))).toContainEqual([
      '21 November 2023',
      'Account fee',
      '470.23',
      '10,864.05',
    ]);
  });

  it('never parts a number grouped by spaces, or an amount and its currency', () => {
    // A balance column whose heading starts where the amounts' last group does.
    const edge = { x: 1630, top: 0, bottom: H };
    const columns = { starts: [edge], ends: [], tolerance: HEIGHT / 2 };
    const row = [...words('Fee', 100, 400), ...words('12.00', 1200, 400), ...words('5 241,97', 1600, 400)];
    expect(fragmentsToLines(row, W, H, { spanGap: 1.4, columns })[0].spans.map((s) => s.text)).toEqual([
      'Fee',
      '12.00',
      '5 241,97',
    ]);
    const prefixed = [
      ...words('Fee', 100, 400),
      ...words('12.00', 1200, 400),
      ...words('EUR 241,97', 1568, 400),
    ];
    expect(fragmentsToLines(prefixed, W, H, { spanGap: 1.4, columns })[0].spans.map((s) => s.text)).toEqual([
      'Fee',
      '12.00',
      'EUR 241,97',
    ]);
  });

  it('finds no columns on a page without table rows', () => {
    const prose = fragmentsToLines(
      [...words('Thank you for your order', 100, 100), ...words('Please pay within 30 days', 100, 160)],
      W,
      H,
      { spanGap: 1.4 },
    );
    expect(tableColumns(prose, W, H, HEIGHT)).toEqual({ starts: [], ends: [], tolerance: HEIGHT / 2 });
  });
});

/**
 * Values a `gap` apart from `x` on, with their captions centred over them one line higher (as an
 * invoice's "Núm. | Fecha | Vencimiento" over its number and dates).
 */
function captionedValues(pairs: [caption: string, value: string][], x: number, gap: number): Fragment[] {
  const out: Fragment[] = [];
  let at = x;
  for (const [caption, value] of pairs) {
    const cells = words(value, at, 440);
    const end = cells[cells.length - 1].x + cells[cells.length - 1].w;
    out.push(...cells, ...words(caption, (at + end) / 2 - (caption.length * CHAR) / 2, 400));
    at = end + gap;
  }
  return out;
}

describe('captionColumns: values under a row of captions', () => {
  const rowsOf = (fragments: Fragment[]) => {
    const first = fragmentsToLines(fragments, W, H, { spanGap: 1.4 });
    const starts = captionColumns(first, fragments, W, H, HEIGHT);
    const lines = fragmentsToLines(fragments, W, H, {
      spanGap: 1.4,
      columns: { starts, ends: [], tolerance: HEIGHT / 2 },
    });
    return {
      first: first.map((l) => l.spans.map((s) => s.text)),
      lines: lines.map((l) => l.spans.map((s) => s.text)),
    };
  };

  it('parts the values OCR ran together where they stand a little wider apart than words', () => {
    const { first, lines } = rowsOf(
      captionedValues(
        [
          ['Núm.', '2026-142'],
          ['Fecha', '15 de marzo de 2026'],
          ['Vencimiento', '14 de abril de 2026'],
        ],
        140,
        1.1 * HEIGHT,
      ),
    );
    expect(first[1]).toEqual(['2026-142 15 de marzo de 2026 14 de abril de 2026']);
    expect(lines).toEqual([
      ['Núm.', 'Fecha', 'Vencimiento'],
      ['2026-142', '15 de marzo de 2026', '14 de abril de 2026'],
    ]);
  });

  it('parts a row under two captions in two', () => {
    const { lines } = rowsOf(
      captionedValues(
        [
          ['Invoice no.', 'INV 2207'],
          ['Date', '12 March 2026'],
        ],
        140,
        1.1 * HEIGHT,
      ),
    );
    expect(lines[1]).toEqual(['INV 2207', '12 March 2026']);
  });

  it('leaves a phrase whose words stand evenly apart whole, and a row not right under captions', () => {
    const even = captionedValues(
      [
        ['Note', 'Thank you for'],
        ['Terms', 'your order'],
      ],
      140,
      0.4 * HEIGHT,
    );
    expect(rowsOf(even).lines[1]).toEqual(['Thank you for your order']);
    // The same row of values three lines under its captions.
    const far = captionedValues(
      [
        ['Núm.', '2026-142'],
        ['Fecha', '15 de marzo de 2026'],
      ],
      140,
      1.1 * HEIGHT,
    ).map((f) => (f.y === 440 ? { ...f, y: 520 } : f));
    expect(rowsOf(far).lines[1]).toEqual(['2026-142 15 de marzo de 2026']);
  });
});
