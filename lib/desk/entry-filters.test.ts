import { describe, expect, it } from 'vitest';
import { countableExactly, hasFilters, parseEntryFilters, writeEntryFilters } from './entry-filters';

const DEPLOYMENT = '0b7f7a4e-58b4-4c43-9d1a-1f3a4c1d2e3f';

describe('the entry filter table', () => {
  it('reads a query string, drops malformed values, and writes it back the same', () => {
    const filters = parseEntryFilters(
      new URLSearchParams(
        `q=acme&status=completed,failed&review=approved,bogus&deployment=${DEPLOYMENT},nope&errors=maybe&from=2026-02-30x&to=2026-03-01`,
      ),
    );
    expect(filters).toEqual({
      q: 'acme',
      status: ['completed', 'failed'],
      review: ['approved'],
      deployment: [DEPLOYMENT],
      to: '2026-03-01',
    });
    const params = new URLSearchParams();
    writeEntryFilters(filters, params);
    expect(parseEntryFilters(params)).toEqual(filters);
  });

  it('knows which filters the counters answer exactly', () => {
    expect(countableExactly({ review: ['approved'], deployment: [DEPLOYMENT], status: ['failed'] })).toBe(
      true,
    );
    expect(countableExactly({ review: ['approved'], q: 'x' })).toBe(false);
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ status: [] })).toBe(false);
    expect(hasFilters({ errors: 'with' })).toBe(true);
  });
});
