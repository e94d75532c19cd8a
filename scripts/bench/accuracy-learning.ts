/**
 * Learning from corrections, measured on A/B pairs (two documents of one issuer):
 * through the v3 API of a fresh service (PGlite), extract B (before), extract A and correct every
 * wrong field of it with one correction, extract B again (after), and extract B from another
 * account (which must not benefit). Text-layer PDFs; only aggregates are reported.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SEEDED } from '@/lib/service/seed';
import { databaseKinds } from '../../tests/support/database';
import { startServiceHarness } from '../../tests/support/service-harness';
import { type BenchEntry, getAt, leaves, pct, sameValue, scoreDocument, Tallies } from './accuracy-score';

const FORMAT = 'pdf';

export async function measureLearning(
  title: string,
  dir: string,
  entries: BenchEntry[],
  /** Where B after learning is still wrong, printed (only for pairs one may tune on). */
  misses?: string[],
): Promise<string[]> {
  const byIssuer = new Map<string, BenchEntry[]>();
  for (const e of entries) {
    if (!e.issuer || !e.files[FORMAT]) continue;
    byIssuer.set(e.issuer, [...(byIssuer.get(e.issuer) ?? []), e]);
  }
  const pairs = [...byIssuer.values()]
    .filter((docs) => docs.length >= 2)
    .map((docs) => docs.sort((a, b) => a.id.localeCompare(b.id)).slice(0, 2) as [BenchEntry, BenchEntry]);
  const h = await startServiceHarness(databaseKinds[0].target);
  const other = await h.newAccount('learning-bench-other');
  const tallies = new Tallies();
  const worse = new Map<string, number>();
  let corrected = 0;
  let learned = 0;
  try {
    const extract = async (entry: BenchEntry, key?: string) => {
      const bytes = await readFile(path.join(dir, entry.files[FORMAT]!));
      const deployment = SEEDED[entry.structure as keyof typeof SEEDED].deploymentId;
      const res = await h.call('POST', `/v3/deployments/${deployment}`, {
        key,
        body: {
          documents: [{ type: 'base64', content: bytes.toString('base64'), filename: entry.files[FORMAT] }],
        },
      });
      if (res.status !== 200)
        throw new Error(`extract ${entry.id}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { entry_id: string; data: Record<string, unknown> };
    };
    for (const [n, [a, b]] of pairs.entries()) {
      // Each issuer in an account of its own: the corpora draw issuers' names from small pools, so
      // two layouts' issuers can share a name that real issuers would not.
      const { apiKey } = await h.newAccount(`learning-bench-${n}`);
      const keys = (k: string) => [`${k}|all`, `${k}|${a.structure}`, `${k}|${a.language}`];
      // Fields outside tables (what a correction can teach today) are also counted apart.
      const add = (k: string, outcome: ReturnType<typeof scoreDocument>) => {
        tallies.add(keys(k), outcome);
        tallies.add(
          [`${k}|fields outside tables`],
          outcome.filter((o) => !/\/\d+\//.test(o.pointer)),
        );
      };
      const before = scoreDocument(b.truth, (await extract(b, apiKey)).data);
      add('before', before);
      const first = await extract(a, apiKey);
      // One correction with every wrong or missing value of A, as a reviewer's Save sends it.
      const patches = leaves(a.truth)
        .filter(([pointer, value]) => !sameValue(value, getAt(first.data, pointer)))
        .map(([pointer, value]) => ({ path: pointer, value }));
      if (patches.length > 0) {
        const res = await h.call('POST', `/v3/entries/${first.entry_id}/correction`, {
          key: apiKey,
          body: { data: a.truth, notes: 'learning bench' },
        });
        if (res.status !== 200) throw new Error(`correct ${a.id}: ${res.status} ${JSON.stringify(res.body)}`);
        corrected += patches.length;
        learned += (res.body.learned_fields as string[] | undefined)?.length ?? 0;
      }
      const after = scoreDocument(b.truth, (await extract(b, apiKey)).data);
      add('after', after);
      // Fields right before the correction and wrong after it: what learning broke, by field.
      const wasRight = new Set(before.filter((o) => o.ok).map((o) => o.pointer));
      for (const o of after.filter((x) => !x.ok && wasRight.has(x.pointer))) {
        const field = `${a.structure} ${o.pointer.replace(/\/\d+\//g, '/*/')}`;
        worse.set(field, (worse.get(field) ?? 0) + 1);
      }
      for (const o of misses ? after.filter((x) => !x.ok) : [])
        misses?.push(
          `learning ${b.id} ${o.pointer}: expected ${JSON.stringify(o.expected)}, got ${JSON.stringify(o.actual)}`,
        );
      add('other', scoreDocument(b.truth, (await extract(b, other.apiKey)).data));
    }
  } finally {
    await h.close();
  }
  const groups = [...new Set([...tallies.map.keys()].map((k) => k.split('|')[1]))];
  return [
    `### Learning from corrections (${title} A/B pairs, text-layer PDF)`,
    '',
    `${pairs.length} issuers: B extracted before A is corrected, A corrected once through \`POST /v3/entries/{id}/correction\` (the whole truth as \`data\`: ${corrected} fields were wrong; the answer named ${learned} fields learned, corrected or confirmed; a table counts once, its columns learned from its captions), B extracted again, and B extracted by another account. Each issuer is learned in an account of its own.`,
    '',
    '| Documents | B before | B after one correction of A | B, another account |',
    '|---|---:|---:|---:|',
    ...groups.map((g) => {
      // The whole set with its counts: a target is met by the fields, not by the rounding.
      const cell = (when: string) => {
        const t = tallies.get(`${when}|${g}`);
        return g === 'all' && t ? `${pct(t)} (${t.exact}/${t.fields})` : pct(t);
      };
      return `| ${g} | ${cell('before')} | ${cell('after')} | ${cell('other')} |`;
    }),
    '',
    `Fields of B right before the correction and wrong after it: ${
      worse.size === 0
        ? 'none.'
        : [...worse]
            .sort((x, y) => y[1] - x[1])
            .map(([field, n]) => `\`${field}\` ${n}`)
            .join(', ')
    }`,
    '',
  ];
}
