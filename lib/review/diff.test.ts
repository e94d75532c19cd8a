import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCorrection, FORBIDDEN_TOKENS, parsePointer } from '@/lib/contract/patches';
import { deepEqual, describePatches, diffToPatches, valueAt, withValueAt } from '@/lib/review/diff';

/** Keys that stress pointer escaping, array-looking keys, and the keys the service refuses. */
const key = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 2, arbitrary: fc.constantFrom('a/b', '~', '~1', '~01', '/', 'x.y', '', '0', '01', '-', ' ') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype') },
);

/** Objects made with defineProperty so that "__proto__" is an ordinary own key, as JSON.parse makes it. */
const toObject = (entries: [string, unknown][]) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
};
const dict = (value: fc.Arbitrary<unknown>, maxKeys: number) =>
  fc.uniqueArray(fc.tuple(key, value), { maxLength: maxKeys, selector: ([k]) => k }).map(toObject);

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    dict(tie('value'), 4),
  ),
  object: dict(tie('value'), 5),
}));

/** A random edit of a value: change leaves or kinds, drop or add members, shrink or grow arrays. */
const edit = (value: unknown): fc.Arbitrary<unknown> => {
  const replace = json.value;
  if (Array.isArray(value)) {
    const edited = fc
      .tuple(
        fc.tuple(...value.map(edit)),
        fc.integer({ min: 0, max: value.length }),
        fc.array(json.value, { maxLength: 2 }),
      )
      .map(([items, keep, extra]) => [...items.slice(0, keep), ...extra]);
    return fc.oneof({ weight: 5, arbitrary: edited }, { weight: 1, arbitrary: replace });
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const edited = fc
      .tuple(
        fc.tuple(...entries.map(([, v]) => fc.tuple(fc.nat(5), edit(v)))),
        fc.uniqueArray(fc.tuple(key, json.value), { maxLength: 2, selector: ([k]) => k }),
      )
      .map(([kept, extra]) => {
        const out: [string, unknown][] = [];
        entries.forEach(([k], i) => {
          if (kept[i][0] > 0) out.push([k, kept[i][1]]); // drop about one member in six
        });
        for (const [k, v] of extra) if (!out.some(([o]) => o === k)) out.push([k, v]);
        return toObject(out);
      });
    return fc.oneof({ weight: 5, arbitrary: edited }, { weight: 1, arbitrary: replace });
  }
  return fc.oneof(fc.constant(value), json.value);
};

const pair = json.object.chain((original) =>
  fc.tuple(
    fc.constant(original),
    edit(original).filter((e) => e !== null && typeof e === 'object' && !Array.isArray(e)),
  ),
);

describe('diffToPatches (property)', () => {
  it('yields patches that turn the original into exactly the edited value', () => {
    fc.assert(
      fc.property(pair, ([original, edited]) => {
        const patches = diffToPatches(original, edited);
        const result = applyCorrection(original, { patches });
        if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
        expect(deepEqual(result.data, edited)).toBe(true);
        expect(deepEqual(JSON.parse(JSON.stringify(result.data)), JSON.parse(JSON.stringify(edited)))).toBe(
          true,
        );
        // Never a pointer the service would refuse.
        for (const p of patches)
          expect(parsePointer(p.path).some((t) => FORBIDDEN_TOKENS.has(t))).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('emits nothing when nothing changed', () => {
    fc.assert(
      fc.property(json.object, (original) => {
        expect(diffToPatches(original, structuredClone(original))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('emits patches exactly when the values differ', () => {
    fc.assert(
      fc.property(pair, ([original, edited]) => {
        expect(diffToPatches(original, edited).length === 0).toBe(deepEqual(original, edited));
      }),
      { numRuns: 300 },
    );
  });
});

describe('diffToPatches (examples)', () => {
  const data = {
    total: 10,
    seller: { name: 'A', vat_id: 'X' },
    line_items: [{ amount: 1 }, { amount: 2 }],
  };

  it('emits one patch per changed leaf', () => {
    const edited = structuredClone(data);
    edited.total = 12;
    edited.line_items[1].amount = 3;
    expect(diffToPatches(data, edited)).toEqual([
      { path: '/total', value: 12 },
      { path: '/line_items/1/amount', value: 3 },
    ]);
  });

  it('replaces a container that lost members, and appends new rows in order', () => {
    expect(diffToPatches(data, { ...data, line_items: [{ amount: 1 }], seller: { name: 'A' } })).toEqual([
      { path: '/seller', value: { name: 'A' } },
      { path: '/line_items', value: [{ amount: 1 }] },
    ]);
    expect(diffToPatches(data, { ...data, line_items: [...data.line_items, { a: 3 }, { a: 4 }] })).toEqual([
      { path: '/line_items/2', value: { a: 3 } },
      { path: '/line_items/3', value: { a: 4 } },
    ]);
  });

  it('adds new members one by one', () => {
    expect(
      diffToPatches(data, { ...data, due_date: '2024-01-01', seller: { ...data.seller, city: 'C' } }),
    ).toEqual([
      { path: '/seller/city', value: 'C' },
      { path: '/due_date', value: '2024-01-01' },
    ]);
  });

  it('sets the whole value when its kind changed', () => {
    expect(diffToPatches(data, { ...data, seller: 'A', total: null })).toEqual([
      { path: '/total', value: null },
      { path: '/seller', value: 'A' },
    ]);
    expect(diffToPatches({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: '/a', value: { 0: 1 } }]);
  });

  it('sets the whole document when a top-level member is gone', () => {
    expect(diffToPatches({ a: 1, b: 2 }, { a: 1 })).toEqual([{ path: '', value: { a: 1 } }]);
  });

  it('escapes keys with / and ~ in paths', () => {
    expect(diffToPatches({ 'a/b': 1, '~': 2 }, { 'a/b': 3, '~': 4 })).toEqual([
      { path: '/a~1b', value: 3 },
      { path: '/~0', value: 4 },
    ]);
  });

  it('changes a "constructor" member through its parent, which the service accepts', () => {
    const original = { meta: { constructor: 'x', other: 1 } };
    const edited = { meta: { constructor: 'y', other: 1 } };
    const patches = diffToPatches(original, edited);
    expect(patches).toEqual([{ path: '/meta', value: edited.meta }]);
    expect(applyCorrection(original, { patches })).toMatchObject({ ok: true, data: edited });
  });
});

describe('describePatches', () => {
  it('lists path: old → new', () => {
    expect(
      describePatches({ total: 1, a: { 'b/c': 2 } }, [
        { path: '/total', value: 2 },
        { path: '/a/b~1c', value: 3 },
        { path: '/new', value: 'x' },
        { path: '', value: {} },
      ]),
    ).toEqual([
      { path: '/total', before: 1, after: 2 },
      { path: '/a/b~1c', before: 2, after: 3 },
      { path: '/new', before: undefined, after: 'x' },
      { path: '(whole document)', before: { total: 1, a: { 'b/c': 2 } }, after: {} },
    ]);
  });
});

describe('valueAt and withValueAt', () => {
  const data = { a: { 'x/y': [1, { b: 2 }] } };

  it('reads by pointer', () => {
    expect(valueAt(data, '/a/x~1y/1/b')).toBe(2);
    expect(valueAt(data, '/a/x~1y/01')).toBeUndefined();
    expect(valueAt(data, '/a/missing/b')).toBeUndefined();
    expect(valueAt(data, 'bad')).toBeUndefined();
    expect(valueAt(data, '')).toBe(data);
  });

  it('writes a copy, creating missing parents as objects', () => {
    const next = withValueAt(data, '/a/x~1y/1/b', 3);
    expect(next.a['x/y'][1]).toEqual({ b: 3 });
    expect(data.a['x/y'][1]).toEqual({ b: 2 });
    expect(withValueAt({}, '/p/q', 1)).toEqual({ p: { q: 1 } });
    expect(withValueAt({}, '/rows/0/q', 1, new Set(['/rows']))).toEqual({ rows: [{ q: 1 }] });
    expect(withValueAt({ a: 1, b: 2 }, '/a', undefined)).toEqual({ b: 2 });
  });

  it('writes "__proto__" as an ordinary key', () => {
    const next = withValueAt({} as Record<string, unknown>, '/__proto__/polluted', true);
    expect(Object.hasOwn(next, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(next)).toBe(Object.prototype);
  });
});
