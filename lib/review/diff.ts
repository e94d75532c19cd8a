import { FORBIDDEN_TOKENS, formatPointer, parsePointer } from '@/lib/contract/patches';
import type { Patch } from '@/lib/contract/schemas';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Structural JSON equality (key order ignored, array order not). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]))
    );
  }
  return false;
}

/**
 * The reviewer's edits as correction patches (docs/architecture.md, the desk): one `{path, value}` per changed
 * leaf; where an array shrank, an object lost a member or a value changed kind, one patch
 * setting the whole container. New members and array elements are set in order (index ==
 * length appends). Applying them with `applyCorrection` to `original` yields exactly
 * `edited` (property-tested).
 */
export function diffToPatches(original: unknown, edited: unknown): Patch[] {
  const patches: Patch[] = [];
  walk(original, edited, [], patches);
  return patches;
}

function walk(before: unknown, after: unknown, path: (string | number)[], out: Patch[]): void {
  if (deepEqual(before, after)) return;
  const here = formatPointer(path);
  if (isObject(before) && isObject(after)) {
    const lostMember = Object.keys(before).some((k) => !Object.hasOwn(after, k));
    // The service refuses pointers through "__proto__" & co.; such a key can only change
    // with its parent object.
    const forbiddenChange = Object.keys(after).some(
      (k) => FORBIDDEN_TOKENS.has(k) && !(Object.hasOwn(before, k) && deepEqual(before[k], after[k])),
    );
    if (lostMember || forbiddenChange) {
      out.push({ path: here, value: after });
      return;
    }
    for (const key of Object.keys(after)) {
      if (Object.hasOwn(before, key)) walk(before[key], after[key], [...path, key], out);
      else out.push({ path: formatPointer([...path, key]), value: after[key] });
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (after.length < before.length) {
      out.push({ path: here, value: after });
      return;
    }
    for (let i = 0; i < before.length; i++) walk(before[i], after[i], [...path, i], out);
    // Index == length appends, so new elements go in order.
    for (let i = before.length; i < after.length; i++)
      out.push({ path: formatPointer([...path, i]), value: after[i] });
    return;
  }
  out.push({ path: here, value: after });
}

/** `path: old → new` lines for the patch preview (`before` is undefined for a new member). */
export function describePatches(
  original: unknown,
  patches: readonly Patch[],
): { path: string; before: unknown; after: unknown }[] {
  return patches.map((p) => ({
    path: p.path || '(whole document)',
    before: valueAt(original, p.path),
    after: p.value,
  }));
}

/** The value at `pointer`, or undefined when there is none (or the pointer is malformed). */
export function valueAt(root: unknown, pointer: string): unknown {
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    return undefined;
  }
  let node: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(node)) node = /^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined;
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

/**
 * A copy of `root` with `value` set at `pointer` (`undefined` removes the member), creating
 * missing parents on the way: the reviewer may fill a field the extraction left out
 * entirely. A missing parent becomes an array only when the next token is an index and
 * the parent is known to be an array (`arrayParents`), an object otherwise.
 */
export function withValueAt<T>(
  root: T,
  pointer: string,
  value: unknown,
  arrayParents: ReadonlySet<string> = new Set(),
): T {
  const tokens = parsePointer(pointer);
  if (tokens.length === 0) return (value === undefined ? root : structuredClone(value)) as T;
  const copy = structuredClone(root) as unknown;
  let node = copy as Record<string, unknown> | unknown[];
  tokens.forEach((token, i) => {
    const last = i === tokens.length - 1;
    if (Array.isArray(node)) {
      const index = token === '-' ? node.length : Number(token);
      if (!Number.isInteger(index) || index < 0) throw new Error(`${pointer}: "${token}" is not an index`);
      if (last) {
        if (value === undefined) node.splice(index, 1);
        else node[index] = value;
        return;
      }
      if (typeof node[index] !== 'object' || node[index] === null)
        node[index] = arrayParents.has(formatPointer(tokens.slice(0, i + 1))) ? [] : {};
      node = node[index] as Record<string, unknown> | unknown[];
      return;
    }
    const container = node;
    if (last) {
      if (value === undefined) delete container[token];
      else setOwn(container, token, value);
      return;
    }
    const next = Object.hasOwn(container, token) ? container[token] : undefined;
    if (typeof next !== 'object' || next === null)
      setOwn(container, token, arrayParents.has(formatPointer(tokens.slice(0, i + 1))) ? [] : {});
    node = container[token] as Record<string, unknown> | unknown[];
  });
  return copy as T;
}

/** An own data property even for a key like "__proto__" (plain assignment would set the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
