import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's folder table is a newcomer's map: every folder it names exists, and every
// folder of the parts below is on it, so a new room cannot be added without saying what it holds.
const root = path.join(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const table = readme
  .slice(readme.indexOf('| Folder |'))
  .split('\n')
  .filter((line) => line.startsWith('| `'));
const mapped = table.join('\n');

const foldersIn = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules')
    .map((d) => d.name);

/** The parts whose folders each get a word in the table. */
const described = ['components', 'lib', 'lib/service', 'lib/desk', 'lib/service/engine'];

describe("README's folder table", () => {
  it('is found', () => {
    expect(table.length).toBeGreaterThan(10);
  });

  it.each(described.flatMap((parent) => foldersIn(parent).map((name) => [`${parent}/${name}/`, name])))(
    'names %s',
    (full, name) => {
      // Either its own row (`lib/blobs/`) or inside its parent's row (`review/`).
      expect(mapped.includes(`\`${full}\``) || mapped.includes(`\`${name}/\``)).toBe(true);
    },
  );

  it('names only folders that exist', () => {
    const firstColumns = table.map((line) => line.split(' | ')[0]);
    const paths = firstColumns.flatMap((cell) => [...cell.matchAll(/`([a-z0-9/_-]+\/)`/g)].map((m) => m[1]));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
  });
});
