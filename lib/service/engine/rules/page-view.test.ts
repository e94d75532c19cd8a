import { describe, expect, it } from 'vitest';
import type { Line } from '../types';
import { buildViews, MAX_RULE_LINE, withinRuleLine } from './page-view';

/** One line of a text-layer PDF whose spans are as given, each 0.2 wide. */
const viewOf = (...spans: string[]) => {
  const line: Line = {
    text: spans.join(' '),
    bbox: [0.05, 0.3, 0.9, 0.013],
    spans: spans.map((text, i) => ({ text, bbox: [0.05 + i * 0.3, 0.3, 0.2, 0.013] })),
  };
  const [view] = buildViews([
    {
      kind: 'pdf',
      mimeType: 'application/pdf',
      filename: null,
      sha256: null,
      pages: [{ number: 1, lines: [line] }],
    },
  ]);
  return view.pages[0][0].spans.map((s) => s.span.text);
};

describe('cells run together in one span', () => {
  it('parts two dates in a row and the text after them', () => {
    expect(viewOf('12 de abril de 2023 14 de abril de 2023 Reembolso', '2 161,69 EUR')).toEqual([
      '12 de abril de 2023',
      '14 de abril de 2023',
      'Reembolso',
      '2 161,69 EUR',
    ]);
    expect(viewOf('03.04.2026 05.04.2026')).toEqual(['03.04.2026', '05.04.2026']);
  });

  it('parts two amounts that each carry their currency', () => {
    expect(viewOf('1 742,39 EUR 10 623,69 EUR')).toEqual(['1 742,39 EUR', '10 623,69 EUR']);
  });

  it('keeps a date with words or a time after it, a range, and amounts without currencies whole', () => {
    expect(viewOf('14 de abril de 2023 Reembolso')).toEqual(['14 de abril de 2023 Reembolso']);
    expect(viewOf('03.03.2026 14:05')).toEqual(['03.03.2026 14:05']);
    expect(viewOf('01.03.2026 – 31.03.2026')).toEqual(['01.03.2026 – 31.03.2026']);
    expect(viewOf('2 x 3,50 7,00')).toEqual(['2 x 3,50 7,00']);
    expect(viewOf('125,00 250,00')).toEqual(['125,00 250,00']);
  });

  it('still cuts at dots and bars', () => {
    expect(viewOf('Sparkasse · IBAN DE12 | BIC X')).toEqual(['Sparkasse', 'IBAN DE12', 'BIC X']);
  });
});

describe('a line longer than any printed one', () => {
  it('is looked at only in its first MAX_RULE_LINE characters, its spans cut with it', () => {
    const label = 'Invoice number: INV-7';
    const flood = '7 '.repeat(5000);
    const line: Line = {
      text: `${label} ${flood}`,
      bbox: [0, 0.3, 1, 0.01],
      spans: [
        { text: label, bbox: [0, 0.3, 0.1, 0.01] },
        { text: flood, bbox: [0.1, 0.3, 0.9, 0.01] },
      ],
    };
    const cut = withinRuleLine(line);
    expect(cut.text).toHaveLength(MAX_RULE_LINE);
    expect(cut.spans.map((s) => s.text.length)).toEqual([label.length, MAX_RULE_LINE - label.length]);
    // The cut span's box shrinks in proportion: a highlight stays where its characters were.
    expect(cut.spans[1].bbox?.[2]).toBeCloseTo((0.9 * (MAX_RULE_LINE - label.length)) / flood.length, 4);
    expect(cut.spans[0]).toBe(line.spans[0]);
    const short: Line = { ...line, text: label, spans: [line.spans[0]] };
    expect(withinRuleLine(short)).toBe(short);
  });
});
