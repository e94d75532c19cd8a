import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../index';

const DOCUMENTS = path.join(process.cwd(), 'tests/fixtures/documents');

/**
 * The service reads several uploads at once (a batch, two reviewers, the worker beside a
 * synchronous request). pdf.js 5.4.624 shares state between documents and, read two at a time,
 * threw "Invalid page request" for some (fixed upstream in 5.5, mozilla/pdf.js#20629): a
 * document that reads alone must read the same beside others.
 */
describe('text-layer PDFs read at the same time', () => {
  it('read each exactly as they read alone', async () => {
    // Text-layer PDFs of one page and of several (the scan would only add OCR time).
    const names = (await readdir(DOCUMENTS, { recursive: true })).filter(
      (n) => n.endsWith('.pdf') && !n.includes('scanned'),
    );
    const files = await Promise.all(
      names.map(async (name) => ({
        name,
        bytes: new Uint8Array(await readFile(path.join(DOCUMENTS, name))),
      })),
    );
    const text = async (f: (typeof files)[number]) =>
      (await readDocument({ bytes: f.bytes, filename: f.name })).pages
        .flatMap((p) => p.lines.map((l) => l.text))
        .join('\n');
    const alone = new Map<string, string>();
    for (const f of files) alone.set(f.name, await text(f));
    // Two at a time, as a two-core worker does, three rounds: each read starts as another ends.
    const together = new Map<string, string>();
    const queue = [...files, ...files, ...files];
    const failures: string[] = [];
    await Promise.all(
      [0, 1].map(async () => {
        for (let f = queue.shift(); f; f = queue.shift()) {
          try {
            const read = await text(f);
            if (read !== alone.get(f.name)) failures.push(`${f.name}: read differently`);
            together.set(f.name, read);
          } catch (error) {
            failures.push(`${f.name}: ${(error as Error).message}`);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(together.size).toBe(names.length);
  }, 120_000);
});
