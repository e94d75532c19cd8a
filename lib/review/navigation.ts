/**
 * Keyboard navigation of the review form: Tab visits the fields that need a look (errors, low
 * confidence) first, in form order, then the rest; "jump to field" finds any field by its name.
 */

/** The inputs in exception-first order: flagged ones in form order, then the others. */
export function exceptionFirstOrder(inputs: readonly string[], flagged: ReadonlySet<string>): string[] {
  return [...inputs.filter((p) => flagged.has(p)), ...inputs.filter((p) => !flagged.has(p))];
}

/** The next input for Tab (or Shift+Tab) from `current`; null when leaving the form. */
export function nextInOrder(order: readonly string[], current: string, back: boolean): string | null {
  const at = order.indexOf(current);
  if (at === -1) return null;
  const next = at + (back ? -1 : 1);
  return next >= 0 && next < order.length ? order[next] : null;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Fields whose name matches what was typed: every word of the query in the label (any order,
 * accents and case ignored); labels that start with the query first. At most `limit`.
 */
export function searchFields(
  labels: ReadonlyMap<string, string>,
  inputs: readonly string[],
  query: string,
  limit = 20,
): { pointer: string; label: string }[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const found: { pointer: string; label: string; rank: number }[] = [];
  for (const pointer of inputs) {
    const label = labels.get(pointer) ?? pointer;
    const text = fold(label);
    if (!words.every((w) => text.includes(w) || fold(pointer).includes(w))) continue;
    found.push({ pointer, label, rank: words.length && text.startsWith(words[0]) ? 0 : 1 });
  }
  return found
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map(({ pointer, label }) => ({ pointer, label }));
}
