// `npm run bench:hostile`: issue 11's attacks and the classics against the real service over HTTP
// (a fresh PGlite, production defaults), each timed with the server's peak RSS growth and a normal
// request after it; then a real 40-page scanned PDF through the same server. Writes BENCHMARKS.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { closeReaders, extractIsolated, inspectIsolated, readIsolated } from '@/lib/isolation/readers';
import { inspectDocument, readDocument } from '@/lib/service/engine/read';
import { extractWithRules } from '@/lib/service/engine/rule-extractor';
import { SEEDED } from '@/lib/service/seed';
import { seedDefinition } from '@/lib/service/structures';
import { attacks, healthy, sampled, startHostileServer } from '../../tests/hostile/attacks';
import { scannedPdf } from '../../tests/support/hostile-files';
import { textInvoice } from '../../tests/support/service-harness';
import { machineLine, writeBenchSection } from './markdown';

const MB = 1024 * 1024;

const server = await startHostileServer();
await healthy(server);
const rows: string[] = [];
let crashes = 0;
for (const attack of attacks) {
  let answer: string;
  let ok = false;
  // The attack's file is built first: its time is the client's, not the server's.
  const file = attack.file?.();
  const { ms, growth } = await sampled(server, async () => {
    try {
      const result = await attack.run(server, file);
      ok = attack.accept(result);
      answer = `${result.status} ${result.outcome}${result.price !== undefined ? `, ${result.price} EUR` : ''}${result.note ? ` (${result.note})` : ''}`;
    } catch (error) {
      // fetch's own message ("fetch failed") hides why: its cause says (a reset, a timeout…).
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      answer = `error: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
    }
  });
  const alive = await healthy(server).catch(() => false);
  if (!alive) crashes++;
  rows.push(
    `| ${attack.name} | ${answer!}${ok ? '' : ' ⚠ unexpected'} | ${(ms / 1000).toFixed(2)} s | ${Math.max(0, Math.round(growth / MB))} MB | ${alive ? 'yes' : '**no**'} |`,
  );
  console.log(rows.at(-1));
}

// A real scan still extracts: 40 pages of typed text rendered to images, no text layer.
const scan = await scannedPdf(40, (n) =>
  n === 1
    ? textInvoice()
    : `Page ${n} of 40\nTerms and conditions\nPayment within 30 days of the invoice date.`,
);
const {
  value: res,
  ms: scanMs,
  growth: scanGrowth,
} = await sampled(server, () =>
  fetch(`${server.base}/v3/deployments/${SEEDED.invoice.deploymentId}`, {
    method: 'POST',
    headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
    body: JSON.stringify({
      documents: [{ content: Buffer.from(scan).toString('base64'), filename: 'scan-40.pdf' }],
    }),
    signal: AbortSignal.timeout(600_000),
  }),
);
const entry = (await res.json()) as {
  status: string;
  price: number;
  documents: { pages: number }[];
  data: Record<string, unknown>;
  errors: { code: string; path: string }[] | null;
};
await server.stop();

// What isolation costs a normal document (measured last: once pdf.js has run in this process, a
// large request body sent with fetch is cut off — ECONNRESET / EPIPE — and the attacks above would
// measure that): a one-page text-layer PDF inspected and read in a
// reader process (two round trips) versus in this process, 30 times each after a warm-up.
const invoicePdf = new Uint8Array(
  readFileSync(path.resolve(import.meta.dirname, '../../tests/fixtures/documents/invoice-basic.pdf')),
);
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const timed = async (run: () => Promise<unknown>) => {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return p50(times);
};
const inline = await timed(async () => {
  await inspectDocument({ bytes: invoicePdf });
  await readDocument({ bytes: invoicePdf });
});
const isolated = await timed(async () => {
  await inspectIsolated({ bytes: invoicePdf });
  await readIsolated({ bytes: invoicePdf });
});
// And its extraction by the rules, here and in a reader process (one more round trip).
const invoiceRead = await readDocument({ bytes: invoicePdf });
const invoiceStructure = seedDefinition('invoice');
const ruledInline = await timed(async () => extractWithRules([invoiceRead], invoiceStructure));
const ruledIsolated = await timed(() => extractIsolated([invoiceRead], invoiceStructure));
closeReaders();

const lines = [
  machineLine(),
  '',
  `Method: \`npm run bench:hostile\` starts the real service (\`tests/support/hostile-server.ts\`: @hono/node-server, a fresh PGlite, the production defaults of every limit, ${process.env.EMEND_READER_PROCESSES ?? 2} reader processes) and sends each attack of \`tests/hostile/attacks.ts\` over HTTP with an ordinary API key, one after another. Time is until the answer; RSS growth is the server process's peak resident memory during the attack over its level just before (sampled every 20 ms from /proc; the reader processes are separate and capped at \`EMEND_READER_MEMORY_MB\`); healthy means the next normal request (a text invoice) is extracted. The same attacks are asserted in \`tests/hostile\` on PGlite and PostgreSQL.`,
  '',
  '| Attack | Answer | Time | Peak RSS growth | Healthy after |',
  '| --- | --- | ---: | ---: | --- |',
  ...rows,
  '',
  `Crashes: ${crashes}. Before (issue 11, a fresh \`npm start\`): the 300-blank-page PDF took 115 s and was charged 0, its upload 50 s for free; the 331:1 DOCX was accepted after 11 s as 4,112 pages; the server held 13.8 GB afterwards; the webhook receiver read a 64 MB chunked body and \`/v3/documents\` parsed 100 MB before refusing.`,
  '',
  `A real scan still extracts: a 40-page scanned PDF (typed invoice on page 1, 150 dpi greyscale images, no text layer) through the same server: **${res.status} ${entry.status}** in ${(scanMs / 1000).toFixed(1)} s, ${entry.documents?.[0]?.pages} pages, ${entry.price} EUR, invoice number ${JSON.stringify(entry.data?.invoice_number)}, total ${JSON.stringify(entry.data?.total)}${entry.errors?.length ? ` (errors: ${entry.errors.map((e) => `${e.code} ${e.path}`).join(', ')})` : ''}, server RSS growth ${Math.round(scanGrowth / MB)} MB (OCR runs in a reader process, one page per OCR worker at a time and one more on a core left free).`,
];
lines.push(
  '',
  "The desk's own doors (`tests/hostile/desk-input.test.ts`, in-process): an unsigned 64 MB chunked body to the webhook receiver is answered 401 after at most 128 KB was pulled; a signed one is cut off at 16 MB with 413; a run upload's ZIP with a nested archive, 100,000 entries, overlapping entries or 500 MB of zeros is refused from its directory, in a reader process.",
  '',
  `What isolation costs a normal document: a one-page text-layer PDF inspected and read takes ${inline.toFixed(1)} ms p50 in the server's own process and ${isolated.toFixed(1)} ms p50 through the reader processes (two round trips, the bytes copied each way), 30 runs each after a warm-up; its extraction by the rules ${ruledInline.toFixed(1)} ms p50 in the server's process and ${ruledIsolated.toFixed(1)} ms p50 in a reader process (the read pages sent, the values sent back), which bounds it by the document's time budget and keeps it off the server's event loop.`,
);
writeBenchSection('hostile', '## Hostile input: attack → answer', lines);
console.log(lines.slice(-1)[0]);
