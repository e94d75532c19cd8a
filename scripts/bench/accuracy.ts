/**
 * Field-level accuracy and speed of the offline engine on the synthetic corpus
 * (`npx tsx scripts/corpus/generate.ts` first).
 *
 *   npx tsx scripts/bench/accuracy.ts [--corpus data/corpus] [--formats pdf,png,png-scan,pdf-scan]
 *                                      [--structures invoice,...] [--verbose] [--out scripts/bench/accuracy-results.md]
 *
 * A field is every leaf of the ground truth (line-item cells included); it counts as exact when
 * the extracted value is equal (numbers to the cent, strings after collapsing whitespace).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readDocument, ruleExtractor, shutdownOcr } from '@/lib/service/engine';
import type { StructureDefinition } from '@/lib/service/engine/types';
import { seedStructures } from '@/lib/service/structures';
import type { CorpusEntry, CorpusFormat, Manifest } from '../corpus/generate';

export function leaves(value: unknown, pointer = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${pointer}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      leaves(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
  }
  return [[pointer, value]];
}

export function getAt(data: unknown, pointer: string): unknown {
  let node = data;
  for (const t of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[t.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

export function sameValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'number') return typeof actual === 'number' && Math.abs(expected - actual) < 0.005;
  if (typeof expected === 'string')
    return (
      typeof actual === 'string' &&
      expected.replace(/\s+/g, ' ').trim() === actual.replace(/\s+/g, ' ').trim()
    );
  return expected === actual;
}

interface Tally {
  fields: number;
  exact: number;
  missing: number;
  docs: number;
  docsPerfect: number;
}
const tally = (): Tally => ({ fields: 0, exact: 0, missing: 0, docs: 0, docsPerfect: 0 });

const pct = (t: Tally) => (t.fields ? `${((100 * t.exact) / t.fields).toFixed(1)} %` : '–');
const p50 = (xs: number[]) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const p90 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];

async function main() {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: 'data/corpus' },
      formats: { type: 'string', default: 'pdf,png,png-scan,pdf-scan' },
      structures: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      out: { type: 'string', default: 'scripts/bench/accuracy-results.md' },
    },
  });
  const dir = path.resolve(values.corpus!);
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const formats = values.formats!.split(',') as CorpusFormat[];
  const only = values.structures?.split(',');
  const definitions = new Map<string, StructureDefinition>(
    seedStructures.map((s) => [
      s.key,
      { id: s.key, version: 1, name: s.name, schema: s.schema as Record<string, unknown>, hints: s.hints },
    ]),
  );

  const cells = new Map<string, Tally>(); // `${structure}|${format}|${split}`
  const byField = new Map<string, Tally>(); // `${structure}|${field pattern}` (held-out + train, text PDF only)
  const speed: Record<string, number[]> = { pdf: [], ocr: [] };
  const ocrByFormat: Record<string, number[]> = {};
  const loads: number[] = [];
  const mismatches: string[] = [];
  let warmedPdf = false;
  let warmedOcr = false;

  const jobs: [CorpusEntry, CorpusFormat][] = [];
  for (const e of manifest.entries) {
    if (only && !only.includes(e.structure)) continue;
    for (const f of formats) if (e.files[f]) jobs.push([e, f]);
  }
  console.log(`${jobs.length} documents × formats to read (${cpus().length} cores)`);
  const started = Date.now();
  for (const [i, [entry, format]] of jobs.entries()) {
    const bytes = new Uint8Array(await readFile(path.join(dir, entry.files[format]!)));
    const ocr = format !== 'pdf';
    if (ocr ? !warmedOcr : !warmedPdf) {
      // The first document of each kind pays for loading pdf.js / starting tesseract: not timed.
      await ruleExtractor.extract([await readDocument({ bytes })], definitions.get(entry.structure)!);
      if (ocr) warmedOcr = true;
      else warmedPdf = true;
    }
    const t0 = performance.now();
    const doc = await readDocument({ bytes, filename: entry.files[format] });
    const result = await ruleExtractor.extract([doc], definitions.get(entry.structure)!);
    const ms = performance.now() - t0;
    (ocr ? speed.ocr : speed.pdf).push(ms / doc.pages.length);
    if (ocr) {
      ocrByFormat[format] = ocrByFormat[format] ?? [];
      ocrByFormat[format].push(ms / doc.pages.length);
    }
    loads.push(loadavg()[0]);

    const split = entry.heldOut ? 'held-out' : 'train';
    const key = `${entry.structure}|${format}|${split}`;
    const t = cells.get(key) ?? tally();
    cells.set(key, t);
    t.docs++;
    let perfect = true;
    for (const [pointer, expected] of leaves(entry.truth)) {
      const actual = getAt(result.data, pointer);
      const ok = sameValue(expected, actual);
      t.fields++;
      if (ok) t.exact++;
      else {
        perfect = false;
        if (actual === undefined) t.missing++;
        if (values.verbose)
          mismatches.push(
            `${entry.id} [${format}] ${pointer}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
          );
      }
      const fieldKey = `${entry.structure}|${format}|${pointer.replace(/\/\d+\//, '/*/')}`;
      const ft = byField.get(fieldKey) ?? tally();
      byField.set(fieldKey, ft);
      ft.fields++;
      if (ok) ft.exact++;
    }
    if (perfect) t.docsPerfect++;
    if ((i + 1) % 20 === 0)
      console.log(`  ${i + 1}/${jobs.length} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await shutdownOcr();

  const structures = [...new Set(jobs.map(([e]) => e.structure))];
  const rows: string[] = [];
  const total = (format: CorpusFormat, split: string) => {
    const t = tally();
    for (const s of structures) {
      const c = cells.get(`${s}|${format}|${split}`);
      if (!c) continue;
      t.fields += c.fields;
      t.exact += c.exact;
      t.docs += c.docs;
      t.docsPerfect += c.docsPerfect;
    }
    return t;
  };
  rows.push(
    '| Structure | Format | Train: fields exact | Held-out: fields exact | Held-out docs fully right |',
  );
  rows.push('|---|---|---:|---:|---:|');
  for (const s of structures) {
    for (const f of formats) {
      const tr = cells.get(`${s}|${f}|train`);
      const ho = cells.get(`${s}|${f}|held-out`);
      if (!tr && !ho) continue;
      rows.push(
        `| ${s} | ${f} | ${tr ? `${pct(tr)} (${tr.exact}/${tr.fields}, ${tr.docs} docs)` : '–'} | ${ho ? `${pct(ho)} (${ho.exact}/${ho.fields}, ${ho.docs} docs)` : '–'} | ${ho ? `${ho.docsPerfect}/${ho.docs}` : '–'} |`,
      );
    }
  }
  for (const f of formats) {
    const tr = total(f, 'train');
    const ho = total(f, 'held-out');
    if (tr.docs + ho.docs === 0) continue;
    rows.push(
      `| **all** | **${f}** | **${pct(tr)}** (${tr.docs} docs) | **${pct(ho)}** (${ho.docs} docs) | ${ho.docsPerfect}/${ho.docs} |`,
    );
  }

  const worst = [...byField.entries()]
    .filter(([, t]) => t.exact < t.fields)
    .sort((a, b) => a[1].exact / a[1].fields - b[1].exact / b[1].fields)
    .slice(0, 15)
    .map(([k, t]) => `| ${k.split('|').join(' | ')} | ${pct(t)} (${t.exact}/${t.fields}) |`);

  const speedLines = [
    `- Text-layer PDF, readDocument + extract: **${p50(speed.pdf).toFixed(0)} ms/page p50** (p90 ${p90(speed.pdf)?.toFixed(0) ?? '–'} ms, ${speed.pdf.length} documents)`,
    speed.ocr.length
      ? `- OCR (PNG screenshots, scan-look PNGs, image-only PDFs), readDocument + extract: **${(p50(speed.ocr) / 1000).toFixed(2)} s/page p50** (p90 ${(p90(speed.ocr) / 1000).toFixed(2)} s, ${speed.ocr.length} pages, ${process.env.OCR_WORKERS ?? 'default'} OCR workers, documents read one after another)`
      : '- OCR: not run',
    ...Object.entries(ocrByFormat).map(
      ([f, xs]) => `  - ${f}: ${(p50(xs) / 1000).toFixed(2)} s/page p50 (${xs.length} pages)`,
    ),
    `- Machine load while measuring: 1-minute load average p50 ${p50(loads).toFixed(1)} on ${cpus().length} cores (other work was running; times grow with it).`,
  ];

  const md = [
    '## Extraction accuracy (offline rule engine)',
    '',
    `Synthetic corpus from \`scripts/corpus/generate.ts\` (seed ${manifest.seed}, ${manifest.entries.length} documents, 8 layouts per structure of which 2 are held out: \`modern\`, \`letter\`). Measured on ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}). Reproduce: \`npx tsx scripts/corpus/generate.ts && npm run bench:accuracy\`.`,
    '',
    'A field is one leaf of the ground truth (every line-item cell counts); exact = equal value (numbers to the cent, strings after collapsing whitespace).',
    '',
    ...rows,
    '',
    '### Speed',
    '',
    ...speedLines,
    '',
    '### Weakest fields',
    '',
    '| Structure | Format | Field | Exact |',
    '|---|---|---|---:|',
    ...worst,
    '',
  ].join('\n');
  console.log(`\n${md}`);
  if (values.verbose) console.log(mismatches.join('\n'));
  await writeFile(path.resolve(values.out!), md);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
