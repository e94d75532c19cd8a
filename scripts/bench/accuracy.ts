/**
 * Field-level accuracy and speed of the offline engine on the evaluation corpora:
 *   - `train`: the project's synthetic corpus (`scripts/corpus/generate.ts`, data/corpus);
 *   - `held-out`: the independent corpus (`scripts/corpus/held-out/generate.ts`, data/corpus-held-out),
 *     never tuned on: only aggregates (structure, format, language, field) are printed for it.
 *
 *   npx tsx scripts/bench/accuracy.ts [--corpora train=data/corpus,held-out=data/corpus-held-out]
 *        [--formats pdf,txt,png,png-scan,pdf-scan,jpg-worn] [--structures invoice,...] [--verbose]
 *        [--out scripts/bench/accuracy-results.md] [--learning] [--ocr-language auto|eng|deu|…]
 *
 * A full run (all formats and structures, held-out included) also rewrites BENCHMARKS.md's section.
 *
 * Missing corpora are skipped with a note. `--verbose` prints mismatches of training corpora only.
 * `--learning` adds the correction-learning measurement (held-out A/B pairs through the v3 API).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ocrSettings } from '@/lib/env';
import { readDocument, ruleExtractor, shutdownOcr, UnreadableDocumentError } from '@/lib/service/engine';
import type { OcrLanguageOption } from '@/lib/service/engine/readers/ocr-settings';
import type { StructureDefinition } from '@/lib/service/engine/types';
import { seedDefinition, seedStructures } from '@/lib/service/structures';
import { LOCALES } from '../corpus/locales';
import { type BenchEntry, p50, p90, pct, scoreDocument, Tallies } from './accuracy-score';
import { writeBenchSection } from './markdown';

export { getAt, leaves, sameValue } from './accuracy-score';

const OCR_FORMATS = new Set(['png', 'png-scan', 'pdf-scan', 'jpg-worn']);
const FORMATS = 'pdf,txt,png,png-scan,pdf-scan,jpg-worn';

export const definitions = new Map<string, StructureDefinition>(
  seedStructures.map((s) => [s.key, seedDefinition(s.key)]),
);

export async function loadCorpus(dir: string): Promise<BenchEntry[]> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as {
    entries: (Omit<BenchEntry, 'language'> & { language?: string; locale?: string })[];
  };
  return manifest.entries.map((e) => ({
    ...e,
    language: e.language ?? LOCALES.find((l) => l.id === e.locale)?.language ?? e.locale ?? '?',
  }));
}

async function main() {
  const { values } = parseArgs({
    options: {
      corpora: {
        type: 'string',
        default: 'train=data/corpus,held-out=data/corpus-held-out',
      },
      formats: { type: 'string', default: FORMATS },
      structures: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      learning: { type: 'boolean', default: false },
      'ocr-language': { type: 'string', default: 'auto' },
      out: { type: 'string', default: 'scripts/bench/accuracy-results.md' },
    },
  });
  const formats = values.formats!.split(',');
  // The service's OCR settings (OCR_WORKERS, OCR_PSM, OCR_PDF_SCALE), in the language asked for.
  const readOptions = {
    ocrSettings: { ...ocrSettings(), language: values['ocr-language'] as OcrLanguageOption },
  };
  const only = values.structures?.split(',');
  const corpora: [string, string][] = values
    .corpora!.split(',')
    .map((c) => c.split('=') as [string, string])
    .filter(([name, dir]) => {
      const ok = existsSync(path.join(dir, 'manifest.json'));
      if (!ok) console.log(`(skipping ${name}: no ${dir}/manifest.json)`);
      return ok;
    });

  const bySplit = new Tallies(); // split|format
  const byStructure = new Tallies(); // split|structure|format
  const byLanguage = new Tallies(); // split|language|format
  const byField = new Tallies(); // split|structure|family|field
  const speed = new Map<string, number[]>(); // format → ms/page
  const loads: number[] = [];
  const mismatches: string[] = [];
  const unreadable: string[] = [];
  const warmed = new Set<string>();

  const jobs: [string, string, BenchEntry, string][] = [];
  for (const [split, dir] of corpora) {
    for (const e of await loadCorpus(dir)) {
      if (only && !only.includes(e.structure)) continue;
      for (const f of formats) if (e.files[f]) jobs.push([split, dir, e, f]);
    }
  }
  console.log(`${jobs.length} documents × formats to read (${cpus().length} cores)`);
  const started = Date.now();
  // A training corpus' own held-out layouts (never tuned on) are reported apart from the rest.
  const splitOf = ([corpus, , entry]: (typeof jobs)[number]) =>
    corpus !== 'held-out' && entry.heldOut ? `${corpus} (held-out layouts)` : corpus;
  const used = new Set(jobs.map(splitOf));
  for (const [i, job] of jobs.entries()) {
    const [, dir, entry, format] = job;
    const split = splitOf(job);
    const bytes = new Uint8Array(await readFile(path.join(dir, entry.files[format]!)));
    const structure = definitions.get(entry.structure)!;
    const family = OCR_FORMATS.has(format) ? 'ocr' : format;
    // A document the engine cannot read at all (a page too worn for OCR) scores every field missed.
    const read = async () => {
      try {
        const doc = await readDocument({ bytes, filename: entry.files[format] }, readOptions);
        return { pages: doc.pages.length, data: (await ruleExtractor.extract([doc], structure)).data };
      } catch (error) {
        if (!(error instanceof UnreadableDocumentError)) throw error;
        unreadable.push(`${split} [${format}]`);
        return { pages: 0, data: {} };
      }
    };
    if (!warmed.has(family)) {
      // The first document of each kind pays for loading pdf.js / starting tesseract: not timed.
      await read();
      warmed.add(family);
    }
    const t0 = performance.now();
    const result = await read();
    const ms = performance.now() - t0;
    if (result.pages > 0) speed.set(format, [...(speed.get(format) ?? []), ms / result.pages]);
    loads.push(loadavg()[0]);

    const outcome = scoreDocument(entry.truth, result.data);
    bySplit.add([`${split}|${format}`, `${split}|all`], outcome);
    byStructure.add([`${split}|${entry.structure}|${format}`], outcome);
    byLanguage.add([`${split}|${entry.language}|${format}`, `${split}|${entry.language}|all`], outcome);
    byField.addFields(`${split}|${entry.structure}|${family}`, outcome);
    if (values.verbose && !entry.heldOut)
      for (const o of outcome.filter((x) => !x.ok))
        mismatches.push(
          `${split} ${entry.id} [${format}] ${o.pointer}: expected ${JSON.stringify(o.expected)}, got ${JSON.stringify(o.actual)}`,
        );
    if ((i + 1) % 25 === 0)
      console.log(`  ${i + 1}/${jobs.length} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await shutdownOcr();

  const splits = corpora
    .map(([s]) => s)
    .flatMap((s) => [s, `${s} (held-out layouts)`])
    .filter((s) => used.has(s));
  const md: string[] = [
    '## Extraction accuracy (offline engine)',
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}); corpora: ${corpora.map(([s, d]) => `\`${s}\` (${d})`).join(', ')}. Reproduce: \`npm run bench:accuracy\`.`,
    '',
    "A field is one leaf of the ground truth (every line-item cell counts); exact = equal value (numbers to the cent, strings after collapsing whitespace). `held-out` is the independent corpus nobody tunes on; `train (held-out layouts)` is the third of the training corpus's layouts (and wordings) kept out of tuning.",
    '',
    `| Format | ${splits.join(' | ')} |`,
    `|---|${splits.map(() => '---:').join('|')}|`,
    ...[...formats, 'all'].map(
      (f) =>
        `| ${f} | ${splits
          .map((s) => {
            const t = bySplit.get(`${s}|${f}`);
            return t ? `${pct(t)} (${t.exact}/${t.fields}, ${t.docsPerfect}/${t.docs} docs right)` : '–';
          })
          .join(' | ')} |`,
    ),
    '',
  ];
  for (const split of splits) {
    const structures = [...new Set(jobs.filter((j) => splitOf(j) === split).map((j) => j[2].structure))];
    const languages = [...new Set(jobs.filter((j) => splitOf(j) === split).map((j) => j[2].language))];
    md.push(`### ${split}: per structure and format`, '');
    md.push(`| Structure | ${formats.join(' | ')} |`, `|---|${formats.map(() => '---:').join('|')}|`);
    for (const s of structures)
      md.push(`| ${s} | ${formats.map((f) => pct(byStructure.get(`${split}|${s}|${f}`))).join(' | ')} |`);
    md.push('', `### ${split}: per language and format`, '');
    md.push(
      `| Language | ${formats.join(' | ')} | all |`,
      `|---|${formats.map(() => '---:').join('|')}|---:|`,
    );
    for (const l of languages)
      md.push(
        `| ${l} | ${[...formats, 'all'].map((f) => pct(byLanguage.get(`${split}|${l}|${f}`))).join(' | ')} |`,
      );
    md.push('', `### ${split}: per field (text-layer PDF / OCR / plain text)`, '');
    md.push('| Structure | Field | pdf | ocr | txt |', '|---|---|---:|---:|---:|');
    const fieldKeys = new Set<string>();
    for (const key of byField.map.keys()) {
      const [sp, s, , field] = key.split('|');
      if (sp === split) fieldKeys.add(`${s}|${field}`);
    }
    for (const k of [...fieldKeys].sort()) {
      const [s, field] = k.split('|');
      md.push(
        `| ${s} | ${field} | ${['pdf', 'ocr', 'txt'].map((fam) => pct(byField.get(`${split}|${s}|${fam}|${field}`))).join(' | ')} |`,
      );
    }
    md.push('');
  }
  md.push('### Speed (readDocument + extract, per page)', '');
  for (const [f, xs] of speed)
    md.push(
      `- ${f}: **${p50(xs) >= 1000 ? `${(p50(xs) / 1000).toFixed(2)} s` : `${p50(xs).toFixed(0)} ms`}/page p50** (p90 ${p90(xs).toFixed(0)} ms, ${xs.length} documents)`,
    );
  md.push(
    `- Machine load while measuring: 1-minute load average p50 ${p50(loads).toFixed(1)} on ${cpus().length} cores (other work was running; times grow with it).`,
    '',
  );
  if (unreadable.length > 0)
    md.push(
      `Unreadable (no text at all; every field scored missed): ${[...new Set(unreadable)].map((u) => `${u} ${unreadable.filter((x) => x === u).length}`).join(', ')}.`,
      '',
    );
  if (values.learning) {
    const { measureLearning } = await import('./accuracy-learning');
    for (const [split, dir] of corpora) {
      const entries = (await loadCorpus(dir)).filter((e) => !only || only.includes(e.structure));
      if (split === 'held-out') md.push(...(await measureLearning(split, dir, entries)));
      else {
        const tuned = entries.filter((e) => !e.heldOut);
        md.push(...(await measureLearning(split, dir, tuned, values.verbose ? mismatches : undefined)));
        const kept = entries.filter((e) => e.heldOut);
        md.push(...(await measureLearning(`${split} (held-out layouts)`, dir, kept)));
      }
    }
  }
  const text = md.join('\n');
  console.log(`\n${text}`);
  if (values.verbose) console.log(mismatches.join('\n'));
  await writeFile(path.resolve(values.out!), text);
  // A partial run (some formats or structures) does not replace the published figures.
  if (!values.structures && values.formats === FORMATS && corpora.some(([s]) => s === 'held-out'))
    writeBenchSection('accuracy', '## Extraction accuracy and speed', md.slice(2));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
