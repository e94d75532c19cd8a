/**
 * Generates the synthetic accuracy corpus: for every seeded structure and every layout, several
 * documents with their ground truth, rendered by Chromium to a text-layer PDF, and some to PNG
 * (clean and with a scanned look), to a worn-scan JPEG (worn-scan.ts) and to image-only PDFs.
 * Layouts marked held-out are reported apart.
 * The first document of each layout has a sibling from the same issuer (same name, ids, wording and
 * formats; other numbers, dates and items), so that learning from corrections can be measured here.
 *
 *   npx tsx scripts/corpus/generate.ts [--out data/corpus] [--per-layout 3] [--seed 7]
 *
 * Writes <out>/manifest.json and the files next to it (data/ is not committed).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LAYOUTS } from './layouts';
import { WORLD_LAYOUTS } from './layouts-world';
import type { StructureKey } from './model';
import { rng } from './random';
import { htmlToJpeg, htmlToPdf, htmlToPng, imagePageHtml, launchBrowser, scanLook } from './render';
import { SAMPLERS } from './samplers';
import { wornScan, wornScanParams } from './worn-scan';

export type CorpusFormat = 'pdf' | 'png' | 'png-scan' | 'pdf-scan' | 'jpg-worn';

/** What a format adds to a document's file name (`invoice-classic-1-scan.png`). */
const FILE_SUFFIX: Record<CorpusFormat, string> = {
  pdf: '',
  png: '',
  'png-scan': '-scan',
  'pdf-scan': '-scan',
  'jpg-worn': '-worn',
};

export interface CorpusEntry {
  id: string;
  structure: StructureKey;
  layout: string;
  heldOut: boolean;
  locale: string;
  long: boolean;
  /** Documents of one issuer (the first of a layout and its sibling) share it: learning is measured on them. */
  issuer?: string;
  files: Partial<Record<CorpusFormat, string>>;
  truth: Record<string, unknown>;
}

export interface Manifest {
  generatedAt: string;
  seed: number;
  entries: CorpusEntry[];
}

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'data/corpus' },
      'per-layout': { type: 'string', default: '3' },
      seed: { type: 'string', default: '7' },
      structures: { type: 'string', default: 'invoice,receipt,purchase_order,bank_statement' },
    },
  });
  const out = path.resolve(values.out!);
  const perLayout = Number(values['per-layout']);
  const seed = Number(values.seed);
  const structures = values.structures!.split(',') as StructureKey[];
  await mkdir(out, { recursive: true });
  const browser = await launchBrowser();
  const entries: CorpusEntry[] = [];
  const t0 = Date.now();
  try {
    for (const structure of structures) {
      for (const [li, layout] of LAYOUTS.entries()) {
        if (layout.structures && !layout.structures.includes(structure)) continue;
        // Documents 0…perLayout-1, then the sibling of document 0 (same issuer, pdf only).
        for (let n = 0; n <= perLayout; n++) {
          const sibling = n === perLayout;
          const docSeed = seed * 100_003 + structures.indexOf(structure) * 10_007 + li * 101 + n;
          const r = rng(docSeed);
          const issuer = rng(sibling ? docSeed - n + 50 : docSeed + 50);
          // Every third document of the multi-row structures runs over a page.
          const long = structure !== 'receipt' && n % 3 === 2 && !sibling;
          const { model, truth } = SAMPLERS[structure](r, { heldOut: layout.heldOut, long, issuer });
          const html = layout.render(model);
          const id = `${structure}-${layout.id}-${sibling ? '0b' : n}`;
          const files: CorpusEntry['files'] = {};
          const write = async (format: CorpusFormat, ext: string, bytes: Uint8Array) => {
            const name = `${id}${FILE_SUFFIX[format]}.${ext}`;
            await writeFile(path.join(out, name), bytes);
            files[format] = name;
          };
          await write('pdf', 'pdf', await htmlToPdf(browser, html));

          // The first eight layouts get a clean and a scanned image per structure; the world
          // layouts alternate the two over the structures, so that the run stays a few minutes.
          const world = WORLD_LAYOUTS.includes(layout);
          const si = structures.indexOf(structure);
          const clean = !world || (si + li) % 2 === 0;
          const scanned = !world || (si + li) % 2 === 1;
          if (!sibling && !long && n === 0 && clean) {
            const png = await htmlToPng(browser, html, 2);
            await write('png', 'png', png);
            await write('jpg-worn', 'jpg', await wornScan(png, wornScanParams(docSeed)));
          }
          if (!sibling && !long && n === 1 && scanned) {
            const degrees = (r.chance(0.5) ? -1 : 1) * (0.3 + r.next() * 0.6);
            await write('png-scan', 'png', await htmlToPng(browser, scanLook(html, degrees, n + li), 2));
            if ((li % 4 === 0 && !world) || layout.heldOut) {
              const jpeg = await htmlToJpeg(browser, scanLook(html, -degrees, li), 2, 70);
              await write('pdf-scan', 'pdf', await htmlToPdf(browser, imagePageHtml(jpeg)));
            }
          }
          entries.push({
            id,
            structure,
            layout: layout.id,
            heldOut: layout.heldOut,
            locale: model.locale.id,
            long,
            ...(n === 0 || sibling ? { issuer: `${structure}-${layout.id}` } : {}),
            files,
            truth,
          });
          await writeFile(path.join(out, `${id}.html`), html);
        }
      }
      console.log(`${structure}: ${entries.filter((e) => e.structure === structure).length} documents`);
    }
  } finally {
    await browser.close();
  }
  const manifest: Manifest = { generatedAt: new Date().toISOString(), seed, entries };
  await writeFile(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  console.log(`Wrote ${entries.length} documents to ${out} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
