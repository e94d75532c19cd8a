import { describe, expect, it } from 'vitest';
import { applyCorrection, countLeafChanges, formatPointer, parsePointer } from '@/lib/contract/patches';

const data = {
  total: 1,
  seller: { name: 'A' },
  line_items: [{ amount: 1 }, { amount: 2 }],
  'a/b': { '~k': 0 },
  nothing: null,
};
const snapshot = structuredClone(data);

const apply = (...patches: { path: string; value: unknown }[]) => applyCorrection(data, { patches });

describe('applyCorrection: patches set values', () => {
  it('sets values at pointers, creating members whose parent exists', () => {
    const r = apply(
      { path: '/total', value: 2 },
      { path: '/seller/vat_id', value: 'X' },
      { path: '/line_items/1/amount', value: 5 },
      { path: '/line_items/2', value: { amount: 3 } },
      { path: '/line_items/-', value: { amount: 4 } },
      { path: '/a~1b/~0k', value: 9 },
    );
    expect(r).toMatchObject({ ok: true, patchesApplied: 6, leavesChanged: 0 });
    if (!r.ok) return;
    expect(r.data).toEqual({
      total: 2,
      seller: { name: 'A', vat_id: 'X' },
      line_items: [{ amount: 1 }, { amount: 5 }, { amount: 3 }, { amount: 4 }],
      'a/b': { '~k': 9 },
      nothing: null,
    });
    expect(data).toEqual(snapshot); // the input is untouched
  });

  it('replaces an existing array element at index < length and appends at index == length', () => {
    const r = apply({ path: '/line_items/0', value: 'x' }, { path: '/line_items/2', value: 'y' });
    expect(r.ok && r.data.line_items).toEqual(['x', { amount: 2 }, 'y']);
  });

  it('sets a member of a new container created by an earlier patch (order matters)', () => {
    const r = apply({ path: '/buyer', value: {} }, { path: '/buyer/name', value: 'B' });
    expect(r.ok && r.data.buyer).toEqual({ name: 'B' });
    expect(apply({ path: '/buyer/name', value: 'B' }, { path: '/buyer', value: {} })).toMatchObject({
      ok: false,
      index: 0,
    });
  });

  it('unescapes ~1 before ~0, so "~01" is the key "~1"', () => {
    const r = apply({ path: '/~01', value: 1 }, { path: '/~10', value: 2 }, { path: '/~0~1', value: 3 });
    expect(r.ok && Object.keys(r.data).slice(-3)).toEqual(['~1', '/0', '~/']);
  });

  it('treats "-" as a plain key in an object, and "" as a key', () => {
    const r = apply({ path: '/seller/-', value: 1 }, { path: '/', value: 2 }, { path: '/seller/', value: 3 });
    expect(r.ok && r.data.seller).toEqual({ name: 'A', '-': 1, '': 3 });
    expect(r.ok && r.data['']).toBe(2);
  });

  it('sets null, and a missing value as null', () => {
    const r = apply({ path: '/total', value: null }, { path: '/seller/name', value: undefined });
    expect(r.ok && [r.data.total, (r.data.seller as { name: unknown }).name]).toEqual([null, null]);
  });

  it('keeps a copy of the patch value, not the value itself', () => {
    const value = { amount: 7 };
    const r = apply({ path: '/line_items/0', value });
    value.amount = 8;
    expect(r.ok && r.data.line_items).toEqual([{ amount: 7 }, { amount: 2 }]);
  });

  it('replaces the whole document with "" (objects only)', () => {
    expect(apply({ path: '', value: { x: 1 } })).toMatchObject({ ok: true, data: { x: 1 } });
    expect(apply({ path: '', value: { x: 1 } }, { path: '/y', value: 2 })).toMatchObject({
      ok: true,
      data: { x: 1, y: 2 },
    });
    for (const value of [[1], 'text', 3, null]) {
      expect(apply({ path: '', value })).toMatchObject({ ok: false, index: 0, path: '' });
    }
  });

  it('accepts no patches at all', () => {
    expect(applyCorrection(data, {})).toEqual({ ok: true, data, patchesApplied: 0, leavesChanged: 0 });
  });
});

describe('applyCorrection: refusals name the patch and apply nothing', () => {
  it.each([
    ['a missing parent', '/missing/child', /\/missing does not exist/],
    ['a missing array element as parent', '/line_items/5/amount', /\/line_items\/5 does not exist/],
    ['"-" as a parent', '/line_items/-/amount', /not an array index/],
    ['an index past the end', '/line_items/3', /past the end/],
    ['a leading zero', '/line_items/01', /not an array index/],
    ['a negative index', '/line_items/-1', /not an array index/],
    ['a non-numeric index', '/line_items/x', /not an array index/],
    ['an index with spaces', '/line_items/ 1', /not an array index/],
    ['a huge index', '/line_items/99999999999999999999', /too large|past the end/],
    ['a primitive parent', '/total/x', /\/total is a number/],
    ['a null parent', '/nothing/x', /\/nothing is null/],
    ['no leading slash', 'total', /must be "" or start with "\/"/],
    ['a bad escape', '/a~2', /invalid escape/],
    ['a trailing ~', '/a~', /invalid escape/],
    ['__proto__', '/__proto__/polluted', /"__proto__" may not be used/],
    ['__proto__ as the last key', '/__proto__', /"__proto__"/],
    ['nested __proto__', '/seller/__proto__', /"__proto__"/],
    ['constructor', '/seller/constructor', /"constructor"/],
    ['constructor.prototype', '/constructor/prototype/polluted', /"constructor"/],
    ['prototype', '/prototype', /"prototype"/],
  ])('refuses %s', (_, path, message) => {
    const r = apply({ path: '/total', value: 99 }, { path, value: { polluted: true } });
    expect(r).toMatchObject({ ok: false, index: 1, path });
    if (!r.ok) expect(r.message).toMatch(message);
    expect(data).toEqual(snapshot);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a value that is not JSON, naming the patch', () => {
    const r = apply({ path: '/total', value: 1n });
    expect(r).toMatchObject({ ok: false, index: 0, path: '/total' });
  });

  it('refuses `data` that is not an object', () => {
    expect(applyCorrection(data, { data: [1, 2] })).toMatchObject({ ok: false, index: null, path: '' });
  });
});

describe('applyCorrection: prototype pollution through values', () => {
  it('accepts keys that merely look like forbidden ones', () => {
    const r = apply({ path: '/__proto~1__', value: 1 }, { path: '/seller/Constructor', value: 2 });
    expect(r.ok && r.data['__proto/__']).toBe(1);
  });

  it('keeps a "__proto__" key inside a value as ordinary data', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}');
    const r = apply({ path: '/seller', value });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const seller = r.data.seller as Record<string, unknown>;
    expect(Object.getPrototypeOf(seller)).toBe(Object.prototype);
    expect(Object.hasOwn(seller, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps a "__proto__" key inside `data` as ordinary data', () => {
    const r = applyCorrection(data, { data: JSON.parse('{"__proto__": {"polluted": true}}') });
    expect(r.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('applyCorrection: data replaces, then patches apply', () => {
  it('counts the leaves `data` changed', () => {
    const r = applyCorrection(data, { data: { ...data, total: 5, seller: { name: 'B', city: 'C' } } });
    expect(r).toMatchObject({ ok: true, leavesChanged: 3, patchesApplied: 0 });
  });

  it('applies patches on top of the new data', () => {
    const r = applyCorrection(data, { data: { x: [1] }, patches: [{ path: '/x/-', value: 2 }] });
    expect(r).toEqual({ ok: true, data: { x: [1, 2] }, patchesApplied: 1, leavesChanged: 7 });
  });

  it('applies nothing when a patch after `data` fails', () => {
    const r = applyCorrection(data, { data: { x: 1 }, patches: [{ path: '/y/z', value: 2 }] });
    expect(r).toMatchObject({ ok: false, index: 0, path: '/y/z' });
    expect(data).toEqual(snapshot);
  });
});

describe('countLeafChanges', () => {
  it.each([
    [{ a: 1 }, { a: 1 }, 0],
    [{ a: 1 }, { a: 2 }, 1],
    [{ a: 1 }, {}, 1],
    [{}, { a: { b: 1, c: [1, 2] } }, 3],
    [{ a: [1, 2, 3] }, { a: [1] }, 2],
    [{ a: [] }, { a: {} }, 1],
    [{ a: [1] }, { a: { 0: 1 } }, 2],
    [{ a: null }, { a: {} }, 1],
    [{ a: 'x' }, { a: { b: 'x', c: 'y' } }, 3],
    [{ 'a[0': 1 }, { a: [1] }, 2],
  ])('%j → %j changes %i', (before, after, n) => {
    expect(countLeafChanges(before, after)).toBe(n);
  });
});

describe('pointers', () => {
  it('round-trip', () => {
    expect(parsePointer('/a~1b/~0k/0')).toEqual(['a/b', '~k', '0']);
    expect(formatPointer(['a/b', '~k', 0])).toBe('/a~1b/~0k/0');
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('/')).toEqual(['']);
    expect(formatPointer([])).toBe('');
    for (const tokens of [['~1'], ['/'], ['~', '/', '~0~1'], ['', ''], ['a.b', '0']]) {
      expect(parsePointer(formatPointer(tokens))).toEqual(tokens);
    }
  });

  it('throw on malformed input', () => {
    expect(() => parsePointer('a')).toThrow(/JSON Pointer/);
    expect(() => parsePointer('/~x')).toThrow(/escape/);
  });
});
