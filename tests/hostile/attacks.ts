import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SEEDED } from '@/lib/service/seed';
import {
  docxBomb,
  malformed,
  manyEntriesZip,
  overlappingZip,
  pdfWithPages,
  pngOfSize,
  xlsxBomb,
} from '../support/hostile-files';
import { textInvoice } from '../support/service-harness';

/**
 * Issue 11's attacks and the classics, as an attacker with an ordinary API key would send them
 * to the real service over HTTP. Shared by tests/hostile (asserting) and `npm run bench:hostile`
 * (measuring, BENCHMARKS.md).
 */

const root = path.resolve(import.meta.dirname, '../..');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

export interface HostileServer {
  base: string;
  key: string;
  pid: number;
  /** The server process's resident memory now, in bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

/** Starts tests/support/hostile-server.ts on a fresh database: PostgreSQL at `databaseUrl`, else PGlite. */
export async function startHostileServer(
  databaseUrl?: string,
  settings: Record<string, string> = {},
): Promise<HostileServer> {
  const env = { ...process.env, NODE_ENV: 'production', ...settings } as NodeJS.ProcessEnv;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'tests/support/hostile-server.ts')],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const ready = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.match(/ready (\d+) (\S+)/);
      if (line) resolve(line[0]);
    });
    child.once('exit', (code) => reject(new Error(`hostile server exited (${code}) before it was ready`)));
  });
  const [, port, key] = ready.split(' ');
  return {
    base: `http://127.0.0.1:${port}`,
    key,
    pid: child.pid!,
    rss: () => {
      const kb = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m);
      return kb ? Number(kb[1]) * 1024 : 0;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** Runs `work` while sampling the server's RSS every 20 ms: its result, time, and peak growth. */
export async function sampled<T>(server: HostileServer, work: () => Promise<T>) {
  const baseline = server.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    return { value, ms: performance.now() - started, growth: Math.max(peak, server.rss()) - baseline };
  } finally {
    clearInterval(sampler);
  }
}

export interface Answer {
  status: number;
  /** The v3 error code, or the entry's status and first error code for a 200. */
  outcome: string;
  price?: number;
  /** Anything an attack wants to tell (bytes sent before the answer…). */
  note?: string;
  body?: unknown;
}

export interface Attack {
  name: string;
  /** What the answer must be, in words (the table's "answer" column). */
  expected: string;
  /** Time the answer may take at most, in ms (generous: CI machines are slow). */
  boundMs: number;
  /**
   * The file the attack sends, built before the clock starts: a 100,000-entry ZIP takes the client
   * seconds to make, which are no time of the server's.
   */
  file?: () => Uint8Array;
  /** Sends the attack (with `file`'s bytes, when it has one). */
  run(server: HostileServer, file?: Uint8Array): Promise<Answer>;
  accept(answer: Answer): boolean;
}

const sync = `/v3/deployments/${SEEDED.invoice.deploymentId}`;

async function call(server: HostileServer, route: string, init: RequestInit & { tenant?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-api-key', server.key);
  if (init.tenant) headers.set('x-tenant-id', init.tenant);
  const res = await fetch(`${server.base}${route}`, { ...init, headers });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { res, body };
}

function answerOf(status: number, body: Record<string, unknown> | null): Answer {
  if (status === 200 && body && typeof body.status === 'string') {
    const errors = (body.errors as { code: string }[] | null) ?? [];
    return {
      status,
      outcome: errors[0] ? `${body.status} ${errors[0].code}` : String(body.status),
      price: body.price as number,
      body,
    };
  }
  return { status, outcome: String(body?.error ?? ''), body };
}

/** One document through the sync endpoint, as base64. */
export async function processOne(
  server: HostileServer,
  bytes: Uint8Array,
  extra: Record<string, string> = {},
) {
  const { res, body } = await call(server, sync, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documents: [{ content: Buffer.from(bytes).toString('base64'), ...extra }] }),
  });
  return answerOf(res.status, body);
}

/** A PDF of 300 blank pages, 40 KB: sent to extraction, and uploaded. */
const blankPages = () => pdfWithPages(300);

/** An attack that is one document through the sync endpoint: its file, and how it is sent. */
function oneDocument(file: () => Uint8Array, extra: Record<string, string> = {}) {
  return { file, run: (s: HostileServer, bytes?: Uint8Array) => processOne(s, bytes ?? file(), extra) };
}

/** The next normal request: a text invoice, extracted and charged as usual. */
export async function healthy(server: HostileServer): Promise<boolean> {
  const { res, body } = await call(server, sync, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documents: [{ text: textInvoice() }] }),
  });
  return res.status === 200 && body?.status === 'completed';
}

/** Streams `total` bytes as a chunked body until the server answers; how many were sent by then. */
function chunkedFlood(server: HostileServer, route: string, total: number, type: string) {
  return new Promise<Answer>((resolve, reject) => {
    const url = new URL(`${server.base}${route}`);
    let sent = 0;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'x-api-key': server.key, 'content-type': type, 'transfer-encoding': 'chunked' },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          req.destroy();
          const body = JSON.parse(text || 'null');
          resolve({
            ...answerOf(res.statusCode ?? 0, body),
            note: `${Math.round(sent / MB)} MB sent of ${total / MB}`,
          });
        });
      },
    );
    req.on('error', (error) => {
      if (sent > 0) return; // the server closed the socket after answering: handled by the response
      reject(error);
    });
    const chunk = Buffer.alloc(MB, 0x20);
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const tooLarge = (a: Answer) => a.status === 400 && a.outcome === 'DOCUMENT_TOO_LARGE';
const unreadableFree = (a: Answer) =>
  a.status === 200 && a.outcome === 'failed UNREADABLE_DOCUMENT' && a.price === 0;

export const attacks: Attack[] = [
  {
    name: 'PDF of 10,000 pages (sync)',
    expected: '400 DOCUMENT_TOO_LARGE before reading',
    boundMs: 5000,
    ...oneDocument(() => pdfWithPages(10_000)),
    accept: tooLarge,
  },
  {
    name: 'PDF of 300 blank pages, 40 KB (sync)',
    expected: '200 failed DOCUMENT_TOO_LARGE (OCR limit), 300 pages charged',
    boundMs: 10_000,
    ...oneDocument(blankPages),
    accept: (a) => a.status === 200 && a.outcome === 'failed DOCUMENT_TOO_LARGE' && a.price === 30,
  },
  {
    name: 'PDF of 300 blank pages (upload)',
    expected: '201, inspected only: no free reading',
    boundMs: 5000,
    file: blankPages,
    run: async (s, file = blankPages()) => {
      const form = new FormData();
      form.set('file', new Blob([Buffer.from(file)], { type: 'application/pdf' }), 'blank.pdf');
      const { res, body } = await call(s, '/v3/documents', { method: 'POST', body: form });
      return { status: res.status, outcome: `${body?.pages} pages`, body };
    },
    accept: (a) => a.status === 201 && a.outcome === '300 pages',
  },
  {
    name: 'PNG of 20,000×20,000 pixels, a few KB',
    expected: '400 DOCUMENT_TOO_LARGE from the header',
    boundMs: 5000,
    ...oneDocument(() => pngOfSize(20_000, 20_000)),
    accept: tooLarge,
  },
  {
    name: 'DOCX bomb (XML inflating ~1,000:1)',
    expected: '400 DOCUMENT_TOO_LARGE from the ZIP directory',
    boundMs: 5000,
    ...oneDocument(() => docxBomb(400_000), { mime_type: DOCX }),
    accept: tooLarge,
  },
  {
    name: 'XLSX bomb',
    expected: '400 DOCUMENT_TOO_LARGE from the ZIP directory',
    boundMs: 5000,
    ...oneDocument(() => xlsxBomb(400_000), { mime_type: XLSX }),
    accept: tooLarge,
  },
  {
    name: 'DOCX of overlapping ZIP entries (250 × 1 MB declared)',
    expected: '400 DOCUMENT_TOO_LARGE',
    boundMs: 5000,
    ...oneDocument(() => overlappingZip(250), { mime_type: DOCX }),
    accept: tooLarge,
  },
  {
    name: 'DOCX with 100,000 ZIP entries',
    expected: '400 DOCUMENT_TOO_LARGE',
    boundMs: 10_000,
    ...oneDocument(() => manyEntriesZip(100_000), { mime_type: DOCX }),
    accept: tooLarge,
  },
  {
    name: '1 GB chunked JSON body (sync)',
    expected: '413 PAYLOAD_TOO_LARGE at the 80 MB cap',
    boundMs: 15_000,
    run: (s) => chunkedFlood(s, sync, 1024 * MB, 'application/json'),
    accept: (a) => a.status === 413 && a.outcome === 'PAYLOAD_TOO_LARGE',
  },
  {
    name: '200 MB chunked multipart upload',
    expected: '413 PAYLOAD_TOO_LARGE at the 80 MB cap',
    boundMs: 15_000,
    run: (s) => chunkedFlood(s, '/v3/documents', 200 * MB, 'multipart/form-data; boundary=x'),
    accept: (a) => a.status === 413 && a.outcome === 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'Malformed PDF',
    expected: '200 failed UNREADABLE_DOCUMENT, charged 0',
    boundMs: 5000,
    ...oneDocument(malformed.pdf),
    accept: unreadableFree,
  },
  {
    name: 'Malformed PNG (sane header, garbage pixels)',
    expected: '200 failed UNREADABLE_DOCUMENT, charged 0',
    boundMs: 10_000,
    ...oneDocument(malformed.png),
    accept: unreadableFree,
  },
  {
    name: 'Malformed DOCX (cut in half)',
    expected: '200 failed UNREADABLE_DOCUMENT, charged 0',
    boundMs: 5000,
    ...oneDocument(malformed.docx, { mime_type: DOCX }),
    accept: unreadableFree,
  },
  {
    name: 'PDF with JavaScript (an endless loop on open)',
    expected: '200, read as a document; the script never runs',
    boundMs: 10_000,
    ...oneDocument(() =>
      pdfWithPages(1, { javascript: true, text: () => 'Invoice number: INV-77 Total: 12.00 EUR' }),
    ),
    accept: (a) => a.status === 200 && a.price === 0.1,
  },
  {
    name: 'Text of one 990,000-character line of lone figures (sync)',
    expected: '200, the invoice around it read; the rules look at 2,000 characters of a line',
    boundMs: 20_000,
    run: async (s) => {
      const { res, body } = await call(s, sync, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ documents: [{ text: `${textInvoice()}${'7 '.repeat(495_000)}\n` }] }),
      });
      const answer = answerOf(res.status, body);
      const data = body?.data as Record<string, unknown> | undefined;
      return { ...answer, note: `invoice number ${String(data?.invoice_number ?? 'not found')}` };
    },
    accept: (a) =>
      a.status === 200 && a.outcome.startsWith('completed') && a.note === 'invoice number INV-100',
  },
  {
    name: 'Idempotency-Key replayed under another X-Tenant-ID',
    expected: "a new entry of tenant B, never tenant A's",
    boundMs: 5000,
    run: async (s) => {
      const send = (tenant: string) =>
        call(s, sync, {
          method: 'POST',
          tenant,
          headers: { 'content-type': 'application/json', 'idempotency-key': 'same-key' },
          body: JSON.stringify({ documents: [{ text: textInvoice({ number: `INV-${tenant}` }) }] }),
        });
      const a = await send('tenant-a');
      const b = await send('tenant-b');
      const leaked =
        b.body?.entry_id === a.body?.entry_id || b.res.headers.get('idempotent-replayed') !== null;
      const read = await call(s, `/v3/entries/${a.body?.entry_id}`, { tenant: 'tenant-b' });
      return {
        status: b.res.status,
        outcome: leaked ? "replayed tenant A's entry" : 'a new entry of its own',
        note: `A's entry as B: ${read.res.status}`,
      };
    },
    accept: (a) =>
      a.status === 200 && a.outcome === 'a new entry of its own' && a.note === "A's entry as B: 404",
  },
];
