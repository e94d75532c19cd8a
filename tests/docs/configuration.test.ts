import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingNames } from '@/lib/env';

// Every setting lib/env.ts validates is documented for people: one row in the README's
// configuration table and one commented line in .env.example. A new setting fails here until
// both say what it does.
const root = path.join(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');

// Set by `npm start` / `next dev` themselves; a .env must not change it.
const notForPeople = new Set(['NODE_ENV']);
const documented = settingNames.filter((name) => !notForPeople.has(name));

describe('configuration docs', () => {
  it.each(documented.map((n) => [n]))('the README table has a row for %s', (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  it.each(documented.map((n) => [n]))('.env.example shows %s', (name) => {
    expect(example).toMatch(new RegExp(`^# ${name}=`, 'm'));
  });

  it('.env.example shows nothing Emend does not read', () => {
    const shown = [...example.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    // AUTH_SECRET is read by Auth.js itself, not through lib/env.ts.
    const known = new Set<string>([...settingNames, 'AUTH_SECRET']);
    expect(shown.filter((name) => !known.has(name))).toEqual([]);
  });
});
