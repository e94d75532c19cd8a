import { describe, expect, it } from 'vitest';
import { isSameOrigin } from '@/lib/http/same-origin';

const post = (headers: Record<string, string>) =>
  new Request('http://desk.example:3000/api/runs', { method: 'POST', headers });

describe('isSameOrigin', () => {
  it('accepts this site and requests without an Origin', () => {
    expect(isSameOrigin(post({ origin: 'http://desk.example:3000', host: 'desk.example:3000' }))).toBe(true);
    expect(isSameOrigin(post({ host: 'desk.example:3000' }))).toBe(true);
  });

  it('refuses another site, another port, and opaque origins', () => {
    expect(isSameOrigin(post({ origin: 'https://evil.example', host: 'desk.example:3000' }))).toBe(false);
    expect(isSameOrigin(post({ origin: 'http://desk.example:4000', host: 'desk.example:3000' }))).toBe(false);
    expect(isSameOrigin(post({ origin: 'null', host: 'desk.example:3000' }))).toBe(false);
  });
});
