import { describe, expect, it } from 'vitest';
import { fold, labelRegExp, matchLabel } from './text-match';

/** Where the value starts after `label` in `text`, or null when the label does not match. */
const restAfter = (label: string, text: string) => matchLabel(fold(text), labelRegExp(label))?.rest ?? null;

describe('labels followed by a number word', () => {
  it('takes every way of writing "number" into the label, "N.º" too (folded, its "º" is an "o")', () => {
    for (const text of ['Cliente Nº', 'Cliente N°', 'Cliente N.º', 'Cliente n.º', 'Cliente No.', 'Cliente #'])
      expect(restAfter('Cliente', text), text).toBe(text.length);
  });

  it('leaves a word that only starts like one to the value', () => {
    expect(restAfter('Cliente', 'Cliente Nova Lda')).toBe('Cliente '.length);
  });

  it('knows a leading number word whose raised circle OCR read as a quote ("N” factura")', () => {
    expect(restAfter('Nº factura', 'N” factura 4/4798')).toBe('N” factura '.length);
    expect(restAfter('N° ticket', 'N" ticket 0042')).toBe('N" ticket '.length);
    // Only before the label's other words: a lone "N" is no label, nor the start of a name.
    expect(restAfter('Nº factura', 'N facturas pendientes')).toBeNull();
    expect(restAfter('Nº factura', 'Nfactura 4/4798')).toBeNull();
  });
});
