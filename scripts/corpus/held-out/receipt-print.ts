/**
 * Till-printer output: fixed-width lines of a monospaced font, some bold, centred or double size.
 * The same lines become the receipt's HTML (for the PDF and images) and its plain-text copy.
 */
import { esc } from './html';
import { RECEIPT_WIDTH_MM } from './rendering';

export type PrintStyle = 'bold' | 'big' | 'center' | 'big-center' | 'bold-center';
export type PrintLine = string | { text: string; style: PrintStyle };

export interface PrinterSetup {
  lang: string;
  /** Characters per line. */
  width: number;
  font: string;
  /** Font size in pt that fits `width` characters on the paper. */
  size: number;
  /** Paper tint (thermal paper is rarely pure white). */
  paper?: string;
}

/** Left text and right-aligned value on one line, or the value on the next line when both do not fit. */
export function lr(left: string, right: string, width: number): string[] {
  if (left.length + right.length + 1 <= width) return [left + right.padStart(width - left.length)];
  return [left, right.padStart(width)];
}

export const rule = (width: number, ch = '-') => ch.repeat(width);

const centred = (text: string, width: number) =>
  ' '.repeat(Math.max(0, Math.floor((width - text.length) / 2))) + text;

export function receiptHtml(setup: PrinterSetup, lines: PrintLine[]): string {
  const body = lines
    .map((line) => {
      const { text, style } = typeof line === 'string' ? { text: line, style: undefined } : line;
      const cls = style ? ` class="${style}"` : '';
      return `<div${cls}>${text ? esc(text) : '&nbsp;'}</div>`;
    })
    .join('');
  return `<!doctype html><html lang="${setup.lang}"><head><meta charset="utf-8"><style>
  html, body { margin: 0; background: ${setup.paper ?? '#fff'}; }
  body { width: ${RECEIPT_WIDTH_MM}mm; box-sizing: border-box; padding: 6mm 0 10mm; }
  .roll { font-family: ${setup.font}; font-size: ${setup.size}pt; line-height: 1.25; white-space: pre; color: #222;
    width: ${setup.width}ch; margin: 0 auto; }
  .bold, .bold-center { font-weight: 700; }
  .big, .big-center { font-weight: 700; font-size: 1.45em; line-height: 1.2; white-space: pre-wrap; }
  .center, .big-center, .bold-center { text-align: center; }
</style></head><body><div class="roll">${body}</div></body></html>`;
}

/** The same receipt as plain text: centred lines padded, double-size lines as they are. */
export function receiptPlainText(setup: PrinterSetup, lines: PrintLine[]): string {
  return `${lines
    .map((line) => {
      if (typeof line === 'string') return line.trimEnd();
      return line.style.endsWith('center') ? centred(line.text, setup.width) : line.text;
    })
    .join('\n')}\n`;
}
