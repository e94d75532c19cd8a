/**
 * Shows what the engine reads and extracts from one document: its lines (spans separated by " | ")
 * and the extracted data, optionally against the corpus ground truth.
 *
 *   npx tsx scripts/corpus/inspect.ts <file> [structure] [--lines]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ocrSettings } from '@/lib/env';
import { readDocument, ruleExtractor, shutdownOcr, validateExtraction } from '@/lib/service/engine';
import { type SeedStructureKey, seedDefinition } from '@/lib/service/structures';
import type { Manifest } from './generate';

const [file, structureArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const showLines = process.argv.includes('--lines');
const base = path.basename(file);
const manifestPath = path.join(path.dirname(file), 'manifest.json');
const manifest = (await readFile(manifestPath, 'utf8').then(JSON.parse, () => null)) as Manifest | null;
const entry = manifest?.entries.find((e) => Object.values(e.files).includes(base));
const key = structureArg ?? entry?.structure ?? 'invoice';
const def = seedDefinition(key as SeedStructureKey);
// OCR as the service runs it (EXTRACTION_OCR_LANGUAGE and the other OCR settings).
const doc = await readDocument(
  { bytes: new Uint8Array(await readFile(file)), filename: base },
  { ocrSettings: ocrSettings() },
);
if (showLines) {
  for (const p of doc.pages) {
    for (const l of p.lines) {
      console.log(
        `${p.number} ${l.bbox ? l.bbox.map((v) => v.toFixed(3)).join(',') : ''}  ${l.spans.map((s) => `${s.text}@${s.bbox?.[0].toFixed(3)}`).join(' | ')}`,
      );
    }
  }
}
const result = await ruleExtractor.extract([doc], def);
console.log(JSON.stringify(result.data));
console.log(
  validateExtraction(result.data, def)
    .map((e) => `${e.code} ${e.path}`)
    .join('; '),
);
if (entry) console.log(`truth: ${JSON.stringify(entry.truth)}`);
await shutdownOcr();
