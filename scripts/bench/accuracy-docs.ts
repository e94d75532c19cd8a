/**
 * Per-document field scores of one corpus in one format, for working on the engine: quicker than
 * the full accuracy bench, and with the engine's readings kept so that a change to the rules alone
 * is scored again in seconds.
 *
 *   npx tsx scripts/bench/accuracy-docs.ts <corpus dir> <format> [--cache dir] [--cached-only]
 *        [--scores out.json] [--against before.json] [--show] [--ids a,b] [--structures s,t]
 *        [--concurrency 2]
 *
 * `--cache` keeps each document's reading (its text: never share a held-out corpus's);
 * `--cached-only` scores only documents read before. `--scores` writes {id: {ok, total, miss}};
 * `--against` counts the fields gained and lost since an earlier `--scores` file. `--show` prints
 * the misses of documents not held out (a held-out document's values are never printed).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ocrSettings } from '@/lib/env';
import {
  type ReadDocument,
  readDocument,
  ruleExtractor,
  shutdownOcr,
  UnreadableDocumentError,
} from '@/lib/service/engine';
import { definitions, loadCorpus } from './accuracy';
import { type BenchEntry, scoreDocument } from './accuracy-score';

type Scores = Record<string, { ok: number; total: number; miss: string[] }>;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    cache: { type: 'string' },
    'cached-only': { type: 'boolean', default: false },
    scores: { type: 'string' },
    against: { type: 'string' },
    show: { type: 'boolean', default: false },
    ids: { type: 'string' },
    structures: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
  },
});
const [dir, format] = positionals;
if (!dir || !format) {
  console.error('usage: accuracy-docs.ts <corpus dir> <format> [options]');
  process.exit(2);
}
const ids = values.ids?.split(',');
const structures = values.structures?.split(',');
const entries = (await loadCorpus(dir)).filter(
  (e) => e.files[format] && (!ids || ids.includes(e.id)) && (!structures || structures.includes(e.structure)),
);
if (values.cache) mkdirSync(values.cache, { recursive: true });

/** The engine's reading of one document, from the cache when it holds one (null: not read). */
async function reading(entry: BenchEntry): Promise<ReadDocument | null> {
  const cached = values.cache && path.join(values.cache, `${entry.id}.${format}.json`);
  if (cached && existsSync(cached)) return JSON.parse(await readFile(cached, 'utf8')) as ReadDocument;
  if (values['cached-only']) return null;
  const bytes = new Uint8Array(await readFile(path.join(dir, entry.files[format]!)));
  let doc: ReadDocument;
  try {
    doc = await readDocument({ bytes, filename: entry.files[format] }, { ocrSettings: ocrSettings() });
  } catch (error) {
    // A document the engine cannot read at all scores every field missed, as in the bench.
    if (!(error instanceof UnreadableDocumentError)) throw error;
    doc = { pages: [], text: '' } as unknown as ReadDocument;
  }
  if (cached) await writeFile(cached, JSON.stringify(doc));
  return doc;
}

const scores: Scores = {};
async function score(entry: BenchEntry) {
  const doc = await reading(entry);
  if (!doc) return;
  const data = doc.pages.length
    ? (await ruleExtractor.extract([doc], definitions.get(entry.structure)!)).data
    : {};
  const outcome = scoreDocument(entry.truth, data);
  scores[entry.id] = {
    ok: outcome.filter((o) => o.ok).length,
    total: outcome.length,
    miss: outcome.filter((o) => !o.ok).map((o) => o.pointer),
  };
  if (values.show && !entry.heldOut)
    for (const o of outcome.filter((o) => !o.ok))
      console.log(
        `${entry.id} ${o.pointer}: want ${JSON.stringify(o.expected)} got ${JSON.stringify(o.actual)}`,
      );
}

let next = 0;
await Promise.all(
  Array.from({ length: Number(values.concurrency) }, async () => {
    while (next < entries.length) await score(entries[next++]);
  }),
);
await shutdownOcr();

const all = Object.values(scores);
const ok = all.reduce((s, x) => s + x.ok, 0);
const total = all.reduce((s, x) => s + x.total, 0);
console.log(
  `${dir} ${format}: ${ok}/${total} fields (${((100 * ok) / (total || 1)).toFixed(1)} %, ${all.length} documents)`,
);
if (values.scores) await writeFile(values.scores, JSON.stringify(scores, null, 1));
if (values.against) {
  const before = JSON.parse(await readFile(values.against, 'utf8')) as Scores;
  let gained = 0;
  let lost = 0;
  for (const [id, now] of Object.entries(scores)) {
    if (!before[id]) continue;
    const missedBefore = new Set(before[id].miss);
    const missedNow = new Set(now.miss);
    gained += [...missedBefore].filter((p) => !missedNow.has(p)).length;
    lost += [...missedNow].filter((p) => !missedBefore.has(p)).length;
  }
  console.log(`against ${values.against}: +${gained} −${lost} fields`);
}
