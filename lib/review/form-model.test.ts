import { describe, expect, it } from 'vitest';
import { entryErrorsByPointer, errorsOutsideFields, lowConfidencePointers } from '@/lib/review/errors';
import {
  buildFormModel,
  emptyRow,
  fieldPointers,
  focusTargetFor,
  formPointers,
  humanise,
} from '@/lib/review/form-model';

const schema = {
  type: 'object',
  required: ['total'],
  properties: {
    invoice_number: { type: 'string', title: 'Invoice number' },
    issue_date: { type: 'string', format: 'date' },
    paid_at: { type: ['string', 'null'], format: 'date-time' },
    contact: { type: 'string', format: 'email', description: 'Where to send it' },
    currency: { type: 'string', enum: ['EUR', 'USD'] },
    pages: { type: 'integer' },
    total: { type: 'number' },
    tax_rate: { type: 'number' },
    paid: { type: 'boolean' },
    seller: { $ref: '#/$defs/party' },
    line_items: { type: 'array', items: { $ref: '#/$defs/line' } },
    tags: { type: 'array', items: { type: 'string' } },
  },
  $defs: {
    party: {
      anyOf: [
        {
          type: 'object',
          title: 'Seller',
          properties: { name: { type: 'string' }, vat_id: { title: 'VAT ID', type: 'string' } },
        },
        { type: 'null' },
      ],
    },
    line: {
      type: 'object',
      required: ['amount'],
      properties: { description: { type: 'string' }, amount: { type: 'number' } },
    },
  },
};

const byKey = (nodes: ReturnType<typeof buildFormModel>) => Object.fromEntries(nodes.map((n) => [n.key, n]));

describe('buildFormModel from a JSON Schema', () => {
  const model = buildFormModel(schema, {
    total: 5,
    extra_note: 'kept',
    line_items: [{ amount: 1, sku: 'A-1' }],
  });
  const nodes = byKey(model);

  it('keeps the schema order, then the data the schema does not name', () => {
    expect(model.map((n) => [n.key, n.kind])).toEqual([
      ['invoice_number', 'field'],
      ['issue_date', 'field'],
      ['paid_at', 'field'],
      ['contact', 'field'],
      ['currency', 'field'],
      ['pages', 'field'],
      ['total', 'field'],
      ['tax_rate', 'field'],
      ['paid', 'field'],
      ['seller', 'object'],
      ['line_items', 'table'],
      ['tags', 'list'],
      ['extra_note', 'field'],
    ]);
  });

  it('types fields by type and format, labels them by title or key', () => {
    expect(nodes.invoice_number).toMatchObject({
      label: 'Invoice number',
      fieldType: 'string',
      required: false,
    });
    expect(nodes.issue_date).toMatchObject({
      fieldType: 'date',
      pointer: '/issue_date',
      label: 'Issue date',
    });
    expect(nodes.paid_at).toMatchObject({ fieldType: 'datetime' });
    expect(nodes.contact).toMatchObject({ fieldType: 'email', description: 'Where to send it' });
    expect(nodes.currency).toMatchObject({ fieldType: 'enum', enumValues: ['EUR', 'USD'] });
    expect(nodes.pages).toMatchObject({ fieldType: 'integer' });
    expect(nodes.total).toMatchObject({ required: true, fieldType: 'money' });
    expect(nodes.tax_rate).toMatchObject({ fieldType: 'number' });
    expect(nodes.paid).toMatchObject({ fieldType: 'boolean' });
    expect(nodes.tags).toMatchObject({ kind: 'list', fieldType: 'string' });
    expect(nodes.extra_note).toMatchObject({ fieldType: 'string', label: 'Extra note' });
  });

  it('follows $ref into $defs and nullable anyOf', () => {
    expect(nodes.seller).toMatchObject({
      kind: 'object',
      label: 'Seller',
      children: [
        { key: 'name', pointer: '/seller/name' },
        { key: 'vat_id', label: 'VAT ID', pointer: '/seller/vat_id' },
      ],
    });
  });

  it('builds table columns from the item schema plus keys only the data has', () => {
    expect(nodes.line_items).toMatchObject({
      columns: [
        { key: 'description', fieldType: 'string', required: false },
        { key: 'amount', fieldType: 'money', required: true },
        { key: 'sku', fieldType: 'string', required: false },
      ],
    });
  });

  it('shows a value whose kind the schema does not expect instead of hiding it', () => {
    const odd = byKey(
      buildFormModel(schema, { seller: 'Acme Ltd', line_items: 'see attachment', total: '12,50' }),
    );
    expect(odd.seller).toMatchObject({ kind: 'field', fieldType: 'json' });
    expect(odd.line_items).toMatchObject({ kind: 'field', fieldType: 'json' });
    // A primitive of the wrong type keeps its widget; the editor shows the raw value.
    expect(odd.total).toMatchObject({ kind: 'field', fieldType: 'money' });
    const shaped = byKey(buildFormModel(schema, { invoice_number: { a: 1 } }));
    expect(shaped.invoice_number).toMatchObject({ kind: 'object', children: [{ key: 'a' }] });
  });

  it('survives a recursive schema with no data', () => {
    const tree = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/node' } },
      $defs: {
        node: { type: 'object', properties: { label: { type: 'string' }, child: { $ref: '#/$defs/node' } } },
      },
    };
    expect(() => buildFormModel(tree, {})).not.toThrow();
  });

  it('merges allOf', () => {
    const s = {
      type: 'object',
      properties: {
        a: { allOf: [{ type: 'object', properties: { x: { type: 'number' } } }, { required: ['x'] }] },
      },
    };
    expect(buildFormModel(s, {})[0]).toMatchObject({
      kind: 'object',
      children: [{ key: 'x', required: true }],
    });
  });
});

describe("buildFormModel from the data's own shape", () => {
  const data = {
    a: 1,
    b: { c: true },
    rows: [
      { x: 'y', z: 2 },
      { x: 'w', amount: 3.5 },
    ],
    tags: ['t'],
    d: '2024-01-02',
    'a/b': 'slash',
    mixed: [1, { x: 1 }],
    nested: [[1, 2]],
    note: 'x'.repeat(100),
  };
  const model = buildFormModel(null, data);

  it('maps objects to fieldsets, arrays of objects to tables, primitives to lists', () => {
    expect(model.map((n) => [n.key, n.kind])).toEqual([
      ['a', 'field'],
      ['b', 'object'],
      ['rows', 'table'],
      ['tags', 'list'],
      ['d', 'field'],
      ['a/b', 'field'],
      ['mixed', 'field'],
      ['nested', 'field'],
      ['note', 'field'],
    ]);
    const nodes = byKey(model);
    expect(nodes.d).toMatchObject({ fieldType: 'date' });
    expect(nodes['a/b']).toMatchObject({ pointer: '/a~1b', label: 'A/b' });
    expect(nodes.mixed).toMatchObject({ fieldType: 'json' });
    expect(nodes.nested).toMatchObject({ fieldType: 'json' });
    expect(nodes.note).toMatchObject({ fieldType: 'text' });
    expect(nodes.rows).toMatchObject({
      columns: [
        { key: 'x', fieldType: 'string' },
        { key: 'z', fieldType: 'number' },
        { key: 'amount', fieldType: 'money' },
      ],
    });
  });

  it('lists inputs in form order, and every place errors can show', () => {
    expect(fieldPointers(model, data)).toEqual([
      '/a',
      '/b/c',
      '/rows/0/x',
      '/rows/0/z',
      '/rows/0/amount',
      '/rows/1/x',
      '/rows/1/z',
      '/rows/1/amount',
      '/tags/0',
      '/d',
      '/a~1b',
      '/mixed',
      '/nested',
      '/note',
    ]);
    expect(formPointers(model, data)).toEqual(
      expect.arrayContaining(['/b', '/rows', '/rows/0', '/rows/1', '/tags', '/tags/0']),
    );
  });

  it('makes empty rows from columns', () => {
    const table = byKey(model).rows;
    if (table.kind !== 'table') throw new Error('not a table');
    expect(emptyRow(table.columns)).toEqual({ x: null, z: null, amount: null });
  });
});

describe('humanise', () => {
  it.each([
    ['unit_price', 'Unit price'],
    ['vatId', 'Vat id'],
    ['due-date', 'Due date'],
    ['', '(empty key)'],
    ['__', '__'],
  ])('%s → %s', (key, label) => expect(humanise(key)).toBe(label));
});

describe('errors and confidence', () => {
  const errors = [
    { path: '/total', code: 'SUM_MISMATCH', message: 'x', severity: 'error' as const },
    { path: '/total', code: 'TYPE', message: 'y', severity: 'error' as const },
    { path: '', code: 'UNREADABLE_DOCUMENT', message: 'z', severity: 'error' as const },
    { path: '/line_items/1', code: 'REQUIRED_FIELD', message: 'w', severity: 'warning' as const },
    { path: '/line_items/7/amount', code: 'TYPE', message: 'v', severity: 'error' as const },
  ];
  const data = { total: 1, line_items: [{ amount: 1 }, { amount: 2 }] };
  const model = buildFormModel(schema, data);

  it('groups errors by pointer', () => {
    expect(
      entryErrorsByPointer(errors)
        .get('/total')
        ?.map((e) => e.code),
    ).toEqual(['SUM_MISMATCH', 'TYPE']);
    expect(entryErrorsByPointer(null).size).toBe(0);
  });

  it('finds the errors no field shows', () => {
    expect(errorsOutsideFields(errors, model, data)).toEqual([errors[2], errors[4]]);
    expect(errorsOutsideFields(null, model, data)).toEqual([]);
  });

  it('finds the input to focus for an error', () => {
    const inputs = fieldPointers(model, data);
    expect(focusTargetFor('/total', inputs)).toBe('/total');
    expect(focusTargetFor('/line_items/1', inputs)).toBe('/line_items/1/description');
    expect(focusTargetFor('/line_items/7/amount', inputs)).toBe('/line_items/0/description');
    expect(focusTargetFor('/seller', inputs)).toBe('/seller/name');
    expect(focusTargetFor('/nowhere/at/all', [])).toBeNull();
  });

  it('flags low confidence values', () => {
    expect(lowConfidencePointers({ '/a': 0.2, '/b': 0.95, '/c': 0.7 })).toEqual(new Map([['/a', 0.2]]));
    expect(lowConfidencePointers({ '/a': 0.2, '/b': 0.95 }, 0.99).size).toBe(2);
    expect(lowConfidencePointers(null).size).toBe(0);
  });
});
