/**
 * Generates the held-out evaluation corpus: invoices, receipts, purchase orders and bank statements
 * in layouts, wordings and languages written apart from the engine and its training corpus. Every
 * document is a text-layer PDF; single-page ones also as a clean PNG, a scanned PNG or an image-only
 * PDF; some as plain text. Deterministic for a seed (PDF metadata timestamps aside).
 *
 *   npx tsx scripts/corpus/held-out/generate.ts [--out data/corpus-held-out] [--seed 11]
 *                                               [--structures invoice,receipt,purchase_order,bank_statement] [--verbose]
 *
 * Writes <out>/manifest.json and the files next to it (data/ is not committed).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../render';
import type { HeldOutEntry, HeldOutFormat, HeldOutManifest } from './manifest';
import { DEFAULT_SEED, parseSeed, planCorpus, STRUCTURES } from './plan';
import { pdfPageCount, renderPdf, renderPng, scanImage, scanPdf } from './rendering';

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'data/corpus-held-out' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      structures: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const out = path.resolve(values.out!);
  const seed = parseSeed(values.seed!);
  const plan = planCorpus(seed, values.structures?.split(',') ?? STRUCTURES);
  await mkdir(out, { recursive: true });
  const browser = await launchBrowser();
  const entries: HeldOutEntry[] = [];
  const t0 = Date.now();
  try {
    for (const doc of plan) {
      const { model } = doc;
      const files: HeldOutEntry['files'] = {};
      const write = async (format: HeldOutFormat, name: string, bytes: Uint8Array | string) => {
        await writeFile(path.join(out, name), bytes);
        files[format] = name;
      };
      const pdf = await renderPdf(browser, doc.html, doc.page);
      const pages = pdfPageCount(pdf);
      // The plan decides which documents run over a page; a layout that breaks that is a bug here.
      if (model.long !== pages > 1)
        throw new Error(
          `${model.id}: planned ${model.long ? 'multi-page' : 'single-page'}, rendered ${pages} page(s)`,
        );
      await write('pdf', `${model.id}.pdf`, pdf);
      if (doc.image) {
        const png = await renderPng(browser, doc.html, doc.page);
        if (doc.image === 'png') await write('png', `${model.id}.png`, png);
        else {
          const scan = await scanImage(png, doc.scan);
          if (doc.image === 'png-scan') await write('png-scan', `${model.id}-scan.png`, scan.png);
          else await write('pdf-scan', `${model.id}-scan.pdf`, await scanPdf(browser, scan.jpeg, doc.page));
        }
      }
      if (doc.text !== undefined) await write('txt', `${model.id}.txt`, doc.text);
      entries.push({
        id: model.id,
        structure: doc.structure,
        layout: model.layout,
        heldOut: true,
        locale: model.locale,
        language: model.language,
        issuer: model.issuerId,
        long: model.long,
        files,
        truth: doc.truth,
      });
      if (values.verbose) console.log(`  ${model.id}: ${Object.values(files).join(', ')}`);
      else if (entries.length % 20 === 0) console.log(`  ${entries.length}/${plan.length}`);
    }
  } finally {
    await browser.close();
  }
  const manifest: HeldOutManifest = { generatedAt: new Date().toISOString(), seed, entries };
  await writeFile(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  const files = entries.reduce((n, e) => n + Object.keys(e.files).length, 0);
  console.log(
    `Wrote ${entries.length} documents (${files} files) to ${out} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
