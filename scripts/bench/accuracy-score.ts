/**
 * Scoring for the accuracy bench: a field is one leaf of the ground truth (every line-item cell
 * counts); it is exact when the extracted value is equal (numbers to the cent, strings after
 * collapsing whitespace). Tallies are kept per any key the bench chooses (split, format, language…).
 */

/** One document of a corpus manifest as the bench reads it (both corpora, language filled in). */
export interface BenchEntry {
  id: string;
  structure: string;
  language: string;
  issuer?: string;
  /** A layout kept out of tuning (every entry of the held-out corpus; a third of the training one's). */
  heldOut?: boolean;
  files: Record<string, string | undefined>;
  truth: Record<string, unknown>;
}

export function leaves(value: unknown, pointer = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${pointer}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      leaves(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
  }
  return [[pointer, value]];
}

export function getAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const t of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[t.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

export function sameValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number') return typeof actual === 'number' && Math.abs(expected - actual) < 0.005;
  if (typeof expected === 'string')
    return (
      typeof actual === 'string' &&
      expected.replace(/\s+/g, ' ').trim() === actual.replace(/\s+/g, ' ').trim()
    );
  return expected === actual;
}

/** A field pattern: line-item indexes folded ("/line_items/*\/amount"). */
export const fieldPattern = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

export interface Tally {
  fields: number;
  exact: number;
  missing: number;
  docs: number;
  docsPerfect: number;
}
export const tally = (): Tally => ({ fields: 0, exact: 0, missing: 0, docs: 0, docsPerfect: 0 });

export const pct = (t: Tally | undefined) =>
  t?.fields ? `${((100 * t.exact) / t.fields).toFixed(1)} %` : '–';

/** Per-field outcome of one document against its truth. */
export function scoreDocument(
  truth: Record<string, unknown>,
  data: Record<string, unknown>,
): { pointer: string; expected: unknown; actual: unknown; ok: boolean }[] {
  return leaves(truth).map(([pointer, expected]) => {
    const actual = getAt(data, pointer);
    return { pointer, expected, actual, ok: sameValue(expected, actual) };
  });
}

/** Tallies keyed by strings; `add` counts one scored document under every key given. */
export class Tallies {
  readonly map = new Map<string, Tally>();
  get(key: string): Tally | undefined {
    return this.map.get(key);
  }
  add(keys: string[], outcome: ReturnType<typeof scoreDocument>): void {
    for (const key of keys) {
      const t = this.map.get(key) ?? tally();
      this.map.set(key, t);
      t.docs++;
      if (outcome.every((o) => o.ok)) t.docsPerfect++;
      for (const o of outcome) {
        t.fields++;
        if (o.ok) t.exact++;
        else if (o.actual === undefined) t.missing++;
      }
    }
  }
  /** Per-field tallies under a key prefix. */
  addFields(prefix: string, outcome: ReturnType<typeof scoreDocument>): void {
    for (const o of outcome) this.add([`${prefix}|${fieldPattern(o.pointer)}`], [o]);
  }
}

export const p50 = (xs: number[]) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const p90 = (xs: number[]) =>
  xs.length
    ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]
    : Number.NaN;
