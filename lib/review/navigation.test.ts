import { describe, expect, it } from 'vitest';
import { exceptionFirstOrder, nextInOrder, searchFields } from '@/lib/review/navigation';

const inputs = ['/a', '/b', '/c', '/d', '/e'];

describe('exception-first navigation', () => {
  it('visits flagged fields first, in form order, then the rest', () => {
    const order = exceptionFirstOrder(inputs, new Set(['/d', '/b']));
    expect(order).toEqual(['/b', '/d', '/a', '/c', '/e']);
    expect(nextInOrder(order, '/d', false)).toBe('/a');
    expect(nextInOrder(order, '/b', true)).toBeNull();
    expect(nextInOrder(order, '/e', false)).toBeNull();
    expect(nextInOrder(order, '/zz', false)).toBeNull();
  });

  it('finds fields by any words of their name, accents and case ignored', () => {
    const labels = new Map([
      ['/total', 'Total'],
      ['/tax', 'Tax'],
      ['/line_items/0/amount', 'Line items, row 1: Amount'],
      ['/line_items/1/amount', 'Line items, row 2: Amount'],
      ['/buyer/name', 'Buyer › Name'],
      ['/payee', 'Bénéficiaire'],
    ]);
    const all = [...labels.keys()];
    expect(searchFields(labels, all, 'amount row 2').map((f) => f.pointer)).toEqual(['/line_items/1/amount']);
    expect(searchFields(labels, all, 'TOT').map((f) => f.pointer)).toEqual(['/total']);
    expect(searchFields(labels, all, 'benef').map((f) => f.pointer)).toEqual(['/payee']);
    expect(searchFields(labels, all, 'name').map((f) => f.label)).toEqual(['Buyer › Name']);
    expect(searchFields(labels, all, 'nothing like it')).toEqual([]);
    expect(searchFields(labels, all, '', 3)).toHaveLength(3);
  });
});
