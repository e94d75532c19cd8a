import { describe, expect, it } from 'vitest';
import { fold } from '../text-match';
import { columnCuts } from './column-cuts';
import type { Anchor } from './header';
import type { LineRef } from './page-view';

/** A line of spans ([text, x0, x1] in page widths). */
const line = (index: number, ...spans: [string, number, number][]) =>
  ({
    doc: 0,
    page: 1,
    index,
    key: `0:1:${index}`,
    spans: spans.map(([text, x0, x1], i) => ({
      span: { text, bbox: [x0, 0.3 + index * 0.02, x1 - x0, 0.01] },
      folded: fold(text),
      index: i,
    })),
    line: { text: spans.map(([t]) => t).join(' '), spans: [] },
  }) as unknown as LineRef;

describe('the cut between two columns', () => {
  // A statement's booking date, value date and description (captions at their places).
  const anchors = [
    { key: 'date', text: 'Booking date', x0: 0.071, x1: 0.189, span: 0 },
    { key: '', text: 'Value', x0: 0.212, x1: 0.261, span: 1 },
    { key: 'description', text: 'Description', x0: 0.353, x1: 0.456, span: 2 },
  ] as Anchor[];
  const apart = (i: number) =>
    line(
      i,
      [`${i} January 2024`, 0.071, 0.19],
      [`${i + 2} January 2024`, 0.213, 0.342],
      ['Refund', 0.354, 0.45],
    );
  const together = (i: number) =>
    line(i, [`${i} January 2024 ${i + 2} January 2024 Salary ACME`, 0.071, 0.54]);

  it('is the gutter the rows leave, however many rows OCR ran together across it', () => {
    const rows = [apart(1), together(2), apart(3), together(4), together(5), apart(6), together(7)];
    const [, valueToDescription] = columnCuts(anchors, rows);
    expect(valueToDescription).toBeGreaterThan(0.342);
    expect(valueToDescription).toBeLessThan(0.354);
  });

  it("is the band the fewest rows cross where a scan's value dates touch the descriptions on a few", () => {
    // 24 rows; four value dates read wider, into the description's first letters.
    const touching = (i: number) =>
      line(
        i,
        [`${i} January 2024`, 0.071, 0.19],
        [`${i} January 2024`, 0.219, 0.357],
        ['Refund', 0.351, 0.45],
      );
    const rows = Array.from({ length: 24 }, (_, i) => (i % 6 === 0 ? touching(i) : apart(i)));
    const [, valueToDescription] = columnCuts(anchors, rows);
    // Not halfway between the captions (0.307), through every row's value date.
    expect(valueToDescription).toBeGreaterThan(0.342);
    expect(valueToDescription).toBeLessThan(0.354);
  });
});
