/** Does a printed text hold a value as a field's type reads it? Shared by the learned anchors and columns. */
import type { DocView } from '../rules/page-view';
import { parseValue } from '../rules/values';
import { fold } from '../text-match';
import type { FieldHint } from '../types';

export const norm = (s: string) => fold(s).text.replace(/\s+/g, ' ').trim();

/** Does this text hold `value` (as the field's type reads it)? */
export function holds(text: string, value: unknown, hint: FieldHint, view: DocView): boolean {
  if (typeof value === 'number') {
    const parsed = parseValue(text, hint, view.ctx);
    return typeof parsed?.value === 'number' && Math.abs(parsed.value - value) < 0.005;
  }
  if (typeof value !== 'string' || value.trim() === '') return false;
  if (hint.type === 'date') return parseValue(text, hint, view.ctx)?.value === value;
  const want = norm(hint.compact ? value.replace(/\s+/g, '') : value);
  const have = norm(hint.compact ? text.replace(/\s+/g, '') : text);
  return want.length > 0 && have.includes(want);
}
