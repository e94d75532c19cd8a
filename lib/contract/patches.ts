import type { Patch } from '@/lib/contract/schemas';

/**
 * Correction semantics of docs/v3-interface.md, shared by the service (which applies corrections) and
 * the desk (whose diffs must apply cleanly): `data` replaces, then each patch SETS `value`
 * at its RFC 6901 pointer. All or nothing: the input is never modified, and a result is
 * returned only when every patch applied.
 *
 * Hand-written rather than fast-json-patch: "set" is neither `add` (which inserts into
 * arrays) nor `replace` (which needs the member to exist), and owning the pointer walk lets
 * us refuse prototype keys before anything is touched (CVE-2021-4279 was exactly that).
 */

/** Tokens that could reach an object's prototype in a careless consumer; never accepted. */
export const FORBIDDEN_TOKENS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export class PointerError extends Error {
  override name = 'PointerError';
}

/** RFC 6901: `''` → `[]`, `/a~1b/~0c` → `['a/b', '~c']`. Throws `PointerError` when malformed. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/'))
    throw new PointerError(`"${pointer}" is not a JSON Pointer (it must be "" or start with "/")`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => {
      if (/~[^01]|~$/.test(token))
        throw new PointerError(`"${pointer}" has an invalid escape (use ~0 for ~ and ~1 for /)`);
      // ~1 first, then ~0: "~01" is the key "~1", not "/".
      return token.replaceAll('~1', '/').replaceAll('~0', '~');
    });
}

/** The inverse of `parsePointer`: `['a/b', '~c', 0]` → `/a~1b/~0c/0`. */
export function formatPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${String(t).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Defines an own, ordinary data property (plain assignment to "__proto__" would not). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Sets `value` at `tokens` inside `root` (mutating it); returns the new root. */
function setAt(root: Json, tokens: string[], value: Json): Json {
  const refused = tokens.find((t) => FORBIDDEN_TOKENS.has(t));
  if (refused !== undefined) throw new PointerError(`"${refused}" may not be used as a key`);
  if (tokens.length === 0) {
    if (!isObject(value)) throw new PointerError('the whole document ("") can only be set to an object');
    return value;
  }
  let parent: unknown = root;
  for (let i = 0; i < tokens.length - 1; i++) parent = child(parent, tokens.slice(0, i + 1));
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    if (last === '-') parent.push(value);
    else {
      const index = arrayIndex(tokens);
      if (index > parent.length) {
        throw new PointerError(`index ${index} is past the end of the array (length ${parent.length})`);
      }
      parent[index] = value;
    }
  } else if (isObject(parent)) {
    setOwn(parent, last, value);
  } else {
    const where = formatPointer(tokens.slice(0, -1)) || '""';
    throw new PointerError(
      `the parent ${where} is ${parent === null ? 'null' : `a ${typeof parent}`}, not an object or array`,
    );
  }
  return root;
}

/** The existing value at `path` (whose last token is read from `parent`). */
function child(parent: unknown, path: string[]): unknown {
  const token = path[path.length - 1];
  if (Array.isArray(parent)) {
    const index = arrayIndex(path);
    if (index >= parent.length) throw new PointerError(`${formatPointer(path)} does not exist`);
    return parent[index];
  }
  if (isObject(parent) && Object.hasOwn(parent, token)) return parent[token];
  throw new PointerError(`${formatPointer(path)} does not exist`);
}

function arrayIndex(path: string[]): number {
  const token = path[path.length - 1];
  if (!/^(0|[1-9][0-9]*)$/.test(token)) {
    throw new PointerError(
      `"${token}" in ${formatPointer(path)} is not an array index (digits without leading zeros${path.length ? ', or "-" at the end' : ''})`,
    );
  }
  const index = Number(token);
  if (!Number.isSafeInteger(index)) throw new PointerError(`${formatPointer(path)}: index too large`);
  return index;
}

/** A detached JSON copy: no prototypes, getters or non-JSON values survive. */
function jsonClone(value: unknown): Json {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as Json);
}

/**
 * How many leaf values differ between two JSON values. A leaf is a primitive or an empty
 * container, named by its pointer; a leaf present on one side only counts as changed.
 */
export function countLeafChanges(before: unknown, after: unknown): number {
  const a = leafMap(before);
  const b = leafMap(after);
  let n = 0;
  for (const [pointer, leaf] of a)
    if (b.has(pointer) ? b.get(pointer) !== leaf : !filled(pointer, leaf, b)) n++;
  for (const [pointer, leaf] of b) if (!a.has(pointer) && !filled(pointer, leaf, a)) n++;
  return n;
}

/** An empty container on one side whose members are counted on the other is not a change itself. */
function filled(pointer: string, leaf: string, other: Map<string, string>): boolean {
  const marker = leaf === '{}' ? '/' : leaf === '[]' ? '[' : null;
  if (marker === null) return false;
  for (const p of other.keys()) if (p.startsWith(pointer + marker)) return true;
  return false;
}

function leafMap(value: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (value === undefined) return out;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : isObject(value)
      ? Object.entries(value)
      : null;
  if (entries === null || entries.length === 0) {
    out.set(path, JSON.stringify(value) ?? 'null');
    return out;
  }
  // Arrays ("[i") and objects ("/key", with "[" escaped) are told apart, so a kind change counts.
  for (const [k, v] of entries) {
    const segment = Array.isArray(value) ? `[${k}` : `/${formatPointer([k]).slice(1).replaceAll('[', '~2')}`;
    leafMap(v, path + segment, out);
  }
  return out;
}

export type CorrectionResult =
  | { ok: true; data: Record<string, unknown>; patchesApplied: number; leavesChanged: number }
  /** `index` is the failing patch, or `null` when `data` itself was refused. */
  | { ok: false; index: number | null; path: string; message: string };

/**
 * Applies a correction request to an entry's data (docs/v3-interface.md). `leavesChanged` counts the
 * leaf values `data` changed relative to the old data (0 without `data`).
 */
export function applyCorrection(
  data: Record<string, unknown>,
  request: { data?: object; patches?: readonly Patch[] },
): CorrectionResult {
  if (request.data !== undefined && !isObject(request.data)) {
    return { ok: false, index: null, path: '', message: '`data` must be an object' };
  }
  let working: Json;
  let leavesChanged = 0;
  try {
    // Round-trip through JSON: a clean clone without prototypes, and only JSON values.
    working = jsonClone(request.data ?? data);
    if (request.data) leavesChanged = countLeafChanges(jsonClone(data), working);
  } catch (error) {
    return { ok: false, index: null, path: '', message: `\`data\` is not JSON: ${(error as Error).message}` };
  }
  const patches = request.patches ?? [];
  for (const [index, patch] of patches.entries()) {
    try {
      working = setAt(working, parsePointer(patch.path), jsonClone(patch.value));
    } catch (error) {
      const message =
        error instanceof PointerError ? error.message : `value is not JSON: ${(error as Error).message}`;
      return { ok: false, index, path: patch.path, message };
    }
  }
  return {
    ok: true,
    data: working as Record<string, unknown>,
    patchesApplied: patches.length,
    leavesChanged,
  };
}
