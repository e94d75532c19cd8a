/**
 * Scanned copies of the hand-written `world` fixtures (tests/fixtures/documents/world), or of a
 * training corpus' tuned layouts (`--from data/corpus`: its single-page documents, never the third
 * of its layouts kept out of tuning): each page is rendered and spoiled with the held-out
 * generator's own scan model, so such scans can be studied document by document without opening a
 * single held-out document. The bench reads the manifest like any other corpus:
 *
 *   npx tsx scripts/corpus/world-scans.ts [--out data/world] [--copies 3] [--variant full] [--resume]
 *   npx tsx scripts/corpus/world-scans.ts --from data/corpus --out data/corpus-scans --copies 1
 *   npx tsx scripts/corpus/world-scans.ts --from data/corpus --kept-out --out data/corpus-kept-out-scans
 *   npx tsx scripts/bench/accuracy.ts --corpora world=data/world --formats png-scan --verbose
 *
 * `--resume` keeps the files an earlier run into the same folder wrote (same names, same seeds).
 * `--variant` applies one degradation at a time on top of the model's shading and dust, to see
 * which one costs what: full | clean | turn | dpi | blur | noise.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CorpusEntry, Manifest } from './generate';
import { scanParams as heldOutScanParams } from './held-out/plan';
import { rng } from './held-out/random';
import {
  type PageKind,
  renderPdf,
  renderPng,
  type ScanParams,
  scanImage,
  scanPdf,
} from './held-out/rendering';
import type { StructureKey } from './model';
import { launchBrowser } from './render';

const WORLD = 'tests/fixtures/documents/world';
const VARIANTS = ['full', 'clean', 'turn', 'dpi', 'blur', 'noise'] as const;
type Variant = (typeof VARIANTS)[number];

/** The fixture's structure, from its name's prefix. */
function structureOf(name: string): StructureKey {
  if (name.startsWith('receipt-')) return 'receipt';
  if (name.startsWith('statement-')) return 'bank_statement';
  return 'invoice';
}

/** Drawn as the held-out plan draws its scans' (seeded by the copy's id). */
function scanParams(id: string, kind: PageKind, variant: Variant): ScanParams {
  const p = heldOutScanParams(rng([...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)), kind);
  if (variant === 'full') return p;
  // One degradation alone: the others as a flat-bed scanner at full resolution would leave them.
  const clean: ScanParams = { ...p, degrees: 0, dpi: 150, blur: 0, noise: 0, jpegQuality: 95 };
  if (variant === 'turn') return { ...clean, degrees: p.degrees };
  if (variant === 'dpi') return { ...clean, dpi: p.dpi };
  if (variant === 'blur') return { ...clean, blur: p.blur };
  if (variant === 'noise') return { ...clean, noise: p.noise, jpegQuality: p.jpegQuality };
  return clean;
}

interface Source {
  name: string;
  html: string;
  truth: CorpusEntry['truth'];
  structure: StructureKey;
  locale: string;
}

async function* worldFixtures(): AsyncGenerator<Source> {
  const names = (await readdir(WORLD)).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5));
  for (const name of names) {
    yield {
      name,
      html: await readFile(path.join(WORLD, `${name}.html`), 'utf8'),
      truth: JSON.parse(await readFile(path.join(WORLD, `${name}.truth.json`), 'utf8')),
      structure: structureOf(name),
      locale: name.split('-')[1],
    };
  }
}

/**
 * A generated corpus' documents that fit on one page: those of tuned layouts, or with `keptOut`
 * only those of the third kept out of tuning (to be scored apart, never studied).
 */
async function* generatedDocuments(dir: string, keptOut: boolean): AsyncGenerator<Source> {
  const manifest: Manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  for (const entry of manifest.entries) {
    if (Boolean(entry.heldOut) !== keptOut || entry.long) continue;
    yield {
      name: entry.id,
      html: await readFile(path.join(dir, `${entry.id}.html`), 'utf8'),
      truth: entry.truth,
      structure: entry.structure,
      locale: entry.locale,
    };
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'data/world' },
      copies: { type: 'string', default: '3' },
      variant: { type: 'string', default: 'full' },
      from: { type: 'string' },
      'kept-out': { type: 'boolean', default: false },
      resume: { type: 'boolean', default: false },
    },
  });
  const variant = values.variant as Variant;
  if (!VARIANTS.includes(variant)) throw new Error(`--variant must be one of ${VARIANTS.join(', ')}`);
  const copies = Number(values.copies);
  if (!Number.isInteger(copies) || copies < 1) throw new Error('--copies must be a whole number ≥ 1');
  const out = path.resolve(values.out!);
  await mkdir(out, { recursive: true });
  const browser = await launchBrowser();
  const entries: CorpusEntry[] = [];
  let documents = 0;
  try {
    for await (const { name, html, truth, structure, locale } of values.from
      ? generatedDocuments(values.from, values['kept-out']!)
      : worldFixtures()) {
      documents += 1;
      const kind: PageKind = structure === 'receipt' ? 'receipt' : 'a4';
      const ids = Array.from({ length: copies }, (_, i) => `${name}-${i + 1}`);
      const files = [
        `${name}.png`,
        `${name}.pdf`,
        ...ids.flatMap((id) => [`${id}-scan.png`, `${id}-scan.pdf`]),
      ];
      // The scans are seeded by their id, so a run cut short (the canvas binding has crashed under
      // load) can be resumed without rendering again what it wrote.
      const done = values.resume && files.every((file) => existsSync(path.join(out, file)));
      const png = done ? undefined : await renderPng(browser, html, kind);
      if (png) {
        await writeFile(path.join(out, `${name}.png`), png);
        await writeFile(path.join(out, `${name}.pdf`), await renderPdf(browser, html, kind));
      }
      for (const id of ids) {
        if (png) {
          const scan = await scanImage(png, scanParams(id, kind, variant));
          await writeFile(path.join(out, `${id}-scan.png`), scan.png);
          await writeFile(path.join(out, `${id}-scan.pdf`), await scanPdf(browser, scan.jpeg, kind));
        }
        entries.push({
          id,
          structure,
          layout: name,
          // Tuned layouts' copies are not held out: the bench prints their mismatches with --verbose.
          heldOut: values['kept-out']!,
          locale,
          long: false,
          files: {
            pdf: `${name}.pdf`,
            png: `${name}.png`,
            'png-scan': `${id}-scan.png`,
            'pdf-scan': `${id}-scan.pdf`,
          },
          truth,
        });
      }
    }
  } finally {
    await browser.close();
  }
  const manifest: Manifest = { generatedAt: new Date().toISOString(), seed: 0, entries };
  await writeFile(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  console.log(`Wrote ${entries.length} scanned copies of ${documents} documents (${variant}) to ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
