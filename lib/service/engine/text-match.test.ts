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
});
