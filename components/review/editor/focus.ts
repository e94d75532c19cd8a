import { fieldId } from '@/components/review/fields';

/** Focuses the input of a pointer and brings it into view. */
export function focusField(pointer: string) {
  const el = document.getElementById(fieldId(pointer));
  el?.focus();
  el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
