import { valueAt } from '@/lib/review/diff';
import { cellPointer, type FormNode } from '@/lib/review/form-model';

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The inputs of required fields (and required table cells) that are empty: the reviewer sees
 * them as errors at once, instead of saving `""` or null without a word.
 */
export function emptyRequiredPointers(nodes: FormNode[], data: Record<string, unknown>): string[] {
  const out: string[] = [];
  const visit = (n: FormNode) => {
    if (n.kind === 'field') {
      if (n.required && isEmpty(valueAt(data, n.pointer))) out.push(n.pointer);
    } else if (n.kind === 'object') {
      // The children of an absent optional object are not required.
      if (n.required || valueAt(data, n.pointer) !== undefined) for (const c of n.children) visit(c);
    } else if (n.kind === 'table') {
      const rows = valueAt(data, n.pointer);
      if (!Array.isArray(rows)) return;
      rows.forEach((_, i) => {
        for (const c of n.columns) {
          const p = cellPointer(n.pointer, i, c.key);
          if (c.required && isEmpty(valueAt(data, p))) out.push(p);
        }
      });
    }
  };
  for (const n of nodes) visit(n);
  return out;
}
