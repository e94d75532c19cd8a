import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { recordDecision } from '@/lib/desk/decisions';
import { indexEntry } from '@/lib/desk/entry-index';
import { tempDir } from '../support/database';
import { fakeEntry } from '../support/entries';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

describe('the emend CLI on the embedded database', () => {
  let dataDir: string;
  const cli = (...args: string[]) =>
    run(tsx, ['scripts/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, EMEND_DATA_DIR: dataDir, DATABASE_URL: '' },
    });

  beforeAll(() => {
    dataDir = tempDir('cli');
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an API key and prints only the key', async () => {
    const { stdout } = await cli('api-key', 'create', '--account', 'acme', '--credits', '25');
    expect(stdout).toMatch(/^emk_[A-Za-z0-9_-]{43}\n$/);
  });

  it('lists the seeded deployments as JSON', async () => {
    const { stdout } = await cli('deployments', 'list', '--json');
    const list = JSON.parse(stdout);
    expect(list).toContainEqual({
      id: 'e1a96427-7d36-457a-bdbf-85f8f35aa6e8',
      name: 'Invoices',
      structure_id: '686efa4b-90ad-4c40-a985-b9805fba6652',
      version: 1,
    });
    for (const d of list) expect(Object.keys(d).sort()).toEqual(['id', 'name', 'structure_id', 'version']);
  });

  it('registers a deployment by id for a service that does not list them, refusing bad input clearly', async () => {
    const schemaFile = path.join(dataDir, 'schema.json');
    fs.writeFileSync(
      schemaFile,
      JSON.stringify({ type: 'object', properties: { total: { type: 'number' } } }),
    );
    const id = '0b9f2d64-5a1e-4c53-9a8e-4f1d2b3c4d5e';
    const { stdout } = await cli(
      'deployments',
      'add',
      '--id',
      id,
      '--name',
      'Remote invoices',
      '--schema',
      schemaFile,
    );
    expect(stdout).toBe(`Registered ${id}  Remote invoices (with its schema)\n`);
    await expect(cli('deployments', 'add', '--id', 'nope', '--name', 'X')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('The deployment id is a UUID'),
    });
    fs.writeFileSync(schemaFile, '{ not json');
    await expect(
      cli('deployments', 'add', '--id', id, '--name', 'X', '--schema', schemaFile),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('The schema is not valid JSON'),
    });
    await expect(
      cli('deployments', 'add', '--id', id, '--name', 'X', '--schema', '/no/such.json'),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Cannot read /no/such.json') });
  });

  it('creates users and refuses a duplicate or a bad role clearly', async () => {
    const { stdout } = await cli('users', 'create', '--email', 'ana@example.com', '--role', 'reviewer');
    expect(stdout).toMatch(/Created reviewer ana@example.com with password \S{12,}/);
    await expect(
      cli('users', 'create', '--email', 'ANA@example.com', '--role', 'admin'),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('already exists'),
    });
    await expect(cli('users', 'create', '--email', 'bo@example.com', '--role', 'boss')).rejects.toMatchObject(
      {
        code: 2,
        stderr: expect.stringContaining('--role must be admin or reviewer'),
      },
    );
  });

  it('refuses with a clear message while a server holds the database', async () => {
    // The same lock a running server holds: a live process id in the lock file.
    const lock = path.join(dataDir, 'pglite.lock');
    fs.writeFileSync(lock, String(process.pid));
    try {
      await expect(cli('deployments', 'list', '--json')).rejects.toMatchObject({
        code: 3,
        stderr: expect.stringContaining(`in use by another Emend process (pid ${process.pid})`),
      });
    } finally {
      fs.rmSync(lock);
    }
    // A lock left by a process that is gone does not block.
    fs.writeFileSync(lock, '999999');
    await expect(cli('deployments', 'list', '--json')).resolves.toMatchObject({
      stdout: expect.stringContaining('Invoices'),
    });
  });

  it('exports the entries matching its filters as CSV on stdout, and refuses bad filters', async () => {
    const deployment = 'e1a96427-7d36-457a-bdbf-85f8f35aa6e8';
    const database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
    const approved = fakeEntry(new Date('2026-05-01T10:00:00Z'), {
      deployment_id: deployment,
      data: { total: 42 },
    });
    const other = fakeEntry(new Date('2026-05-01T11:00:00Z'), { deployment_id: deployment });
    try {
      for (const entry of [approved, other])
        await indexEntry(database.db, entry, { documentId: null, documentName: 'a.pdf', createdBy: null });
      await recordDecision(database.db, { entryId: approved.entry_id, userId: null, decision: 'approved' });
    } finally {
      await database.close();
    }
    const { stdout, stderr } = await cli(
      'export',
      '--deployment',
      deployment,
      '--review',
      'approved',
      '--format',
      'csv',
    );
    const lines = stdout.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^entry_id,.*,\/total$/);
    expect(lines[1]).toMatch(
      new RegExp(`^${approved.entry_id},${deployment},,a.pdf,completed,approved,.*,42$`),
    );
    expect(stderr).toContain('Exported 1 entry.');
    await expect(cli('export', '--format', 'pdf')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--format must be one of zip, csv, items-csv, xlsx, jsonl'),
    });
    await expect(cli('export', '--deployment', 'Invoices')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--deployment "Invoices" is not a valid value.'),
    });
  });
});
