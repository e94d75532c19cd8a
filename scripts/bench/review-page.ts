// `npm run bench:review-page`: the review page as a reviewer meets it, in Chromium against a
// production build (`node scripts/start.mjs` on a fresh data folder). Records the JavaScript the
// page loads (gzipped, as `next start` serves it) and the time of the
// interactions a reviewer repeats all day: open an entry (PDF rendered, form ready), edit a
// field, open the patch preview, save, approve and land on the next entry. Writes BENCHMARKS.md.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { openDatabase } from '@/lib/db/client';
import { chromiumLaunchOptions } from '../../e2e/fixtures/chromium';
import { invoiceHtml, renderInvoicePdf } from '../../e2e/fixtures/invoice';
import { BENCH_VIEWPORT, signedInAsAdmin } from './desk-session';
import { startEmend } from './emend-server';
import { seedEntries } from './entries-seed';
import { machineLine, writeBenchSection } from './markdown';

const PORT = Number(process.env.BENCH_PORT ?? 3230);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUNDS = Number(process.env.BENCH_REVIEW_ROUNDS ?? 8);
const PASSWORD = 'bench-admin-password';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs: number[]) => Math.max(...xs);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function upload(page: Page, file: string): Promise<string> {
  await page.goto(`${BASE}/upload`);
  await page.getByLabel('Deployment').selectOption({ label: 'Invoices' });
  await page.getByLabel('Document').setInputFiles(file);
  await page.getByRole('button', { name: 'Extract' }).click();
  await page.waitForURL(/\/entries\/[0-9a-f-]{36}/, { timeout: 120_000 });
  return page.url().match(/[0-9a-f-]{36}/)![0];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emend-bench-review-'));
// The desk under load: 100,000 entries in its index before it starts (the embedded database
// is one process's at a time, so they go in first).
const LIST_ENTRIES = Number(process.env.BENCH_LIST_ENTRIES ?? 100_000);
{
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
  const database = await openDatabase({ dir: path.join(dir, 'data', 'pglite') });
  await seedEntries(database, LIST_ENTRIES, [randomUUID(), randomUUID(), randomUUID()]);
  await database.close();
}
const server = await startEmend({
  dataDir: path.join(dir, 'data'),
  port: PORT,
  env: { EMEND_ADMIN_PASSWORD: PASSWORD },
});
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const { context, page } = await signedInAsAdmin(browser, BASE, PASSWORD);

  // Documents to review: invoice PDFs with a text layer, rendered by Chromium.
  const ids: string[] = [];
  for (let i = 0; i < ROUNDS + 1; i++) {
    const pdf = path.join(dir, `invoice-${i}.pdf`);
    await renderInvoicePdf(
      browser,
      {
        number: `INV-BENCH-${1000 + i}`,
        issueDate: '2026-11-05',
        dueDate: '2026-12-05',
        seller: 'Fabrikam Tools GmbH',
        buyer: 'Contoso Ltd',
        currency: 'EUR',
        lines: Array.from({ length: 6 }, (_, n) => ({
          description: `Part ${n}`,
          quantity: n + 1,
          unitPrice: 12.5,
        })),
        taxRate: 0.2,
      },
      pdf,
    );
    ids.push(await upload(page, pdf));
  }

  // JavaScript of a cold review page: a new browser context (empty cache) with the session's
  // cookie, straight to the review page; every .js/.mjs response, including the pdf.js worker.
  // Sizes are the bodies gzipped (level 6), the form `next start` serves them in.
  const coldContext = await browser.newContext({ viewport: BENCH_VIEWPORT });
  await coldContext.addCookies(await context.cookies());
  const cold = await coldContext.newPage();
  const scripts: { url: string; gzip: number; raw: number }[] = [];
  const pendingBodies: Promise<void>[] = [];
  cold.on('response', (response) => {
    if (!/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) return;
    pendingBodies.push(
      response
        .body()
        .then((body) => {
          scripts.push({ url: response.url(), gzip: gzipSync(body, { level: 6 }).length, raw: body.length });
        })
        .catch(() => {}),
    );
  });
  const coldOpen = await timed(async () => {
    await cold.goto(`${BASE}/entries/${ids[0]}`);
    await cold.locator('[data-pointer="/invoice_number"]').waitFor();
    await cold.locator('.emend-text-layer span').first().waitFor();
  });
  await cold.waitForLoadState('networkidle');
  await Promise.all(pendingBodies);
  const gzip = scripts.reduce((s, x) => s + x.gzip, 0);
  const raw = scripts.reduce((s, x) => s + x.raw, 0);
  const pdfWorker = scripts.filter((s) => s.url.includes('pdf.worker'));
  await coldContext.close();

  // The interactions, on fresh entries, in a warm browser (as during a day of review).
  const open: number[] = [];
  const preview: number[] = [];
  const save: number[] = [];
  const approve: number[] = [];
  const next: number[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    open.push(
      await timed(async () => {
        // The queue is this bench's invoices, so "next entry" stays among documents the service has
        // (the 100,000 list entries exist only in the desk's index).
        await page.goto(`${BASE}/entries/${ids[i]}?queue=${encodeURIComponent('q=INV-BENCH')}`);
        await page.locator('[data-pointer="/invoice_number"]').waitFor();
        await page.locator('.emend-text-layer span').first().waitFor();
      }),
    );
    await page.locator('[data-pointer="/buyer/name"]').fill(`Contoso Ltd ${i}`);
    preview.push(
      await timed(async () => {
        await page.keyboard.press('Control+s');
        await page.getByRole('dialog', { name: /Save \d+ changes?\?/ }).waitFor();
      }),
    );
    save.push(
      await timed(async () => {
        await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
        await page.getByText(/Saved/).first().waitFor();
      }),
    );
    approve.push(
      await timed(async () => {
        await page.keyboard.press('Control+Enter');
        await page
          .getByTestId('latest-decision')
          .getByText(/Approved/)
          .waitFor();
      }),
    );
    next.push(
      await timed(async () => {
        const before = page.url();
        await page.keyboard.press('Alt+n');
        await page.waitForURL((url) => url.toString() !== before, { timeout: 30_000 });
        await page.locator('[data-pointer="/invoice_number"]').waitFor();
      }),
    );
  }

  // A long PDF: an invoice followed by 119 pages of terms. Pages render only near the view.
  const longPdf = path.join(dir, 'long.pdf');
  const terms = Array.from(
    { length: 119 },
    (_, n) =>
      `<section style="page-break-before: always"><h2>Terms and conditions, part ${n + 1}</h2>${'<p>Goods remain the property of the seller until paid in full. Claims must be made within 14 days of delivery. Late payments bear interest at the statutory rate.</p>'.repeat(12)}</section>`,
  ).join('');
  const printer = await browser.newPage();
  await printer.setContent(
    invoiceHtml({
      number: 'INV-BENCH-LONG',
      issueDate: '2026-11-05',
      dueDate: '2026-12-05',
      seller: 'Fabrikam Tools GmbH',
      buyer: 'Contoso Ltd',
      currency: 'EUR',
      lines: [{ description: 'Annual maintenance', quantity: 1, unitPrice: 1200 }],
      taxRate: 0.2,
    }).replace('</body>', `${terms}</body>`),
  );
  await printer.pdf({ path: longPdf, format: 'A4' });
  await printer.close();
  const longId = await upload(page, longPdf);
  const longOpen = await timed(async () => {
    await page.goto(`${BASE}/entries/${longId}`);
    await page.locator('[data-pointer="/invoice_number"]').waitFor();
    await page.locator('[data-page="1"] .emend-text-layer span').first().waitFor();
  });
  const longJump = await timed(async () => {
    await page.getByRole('button', { name: 'Go to page 120' }).click();
    await page.locator('[data-page="120"] .emend-text-layer span').first().waitFor();
  });
  const longPages = await page.locator('[data-page]').count();
  await page.waitForTimeout(1_000);
  // Pages drawn right now: their text layer holds spans (it is emptied when a page leaves).
  const longPainted = await page
    .locator('[data-page] .emend-text-layer')
    .evaluateAll((layers) => layers.filter((l) => l.childElementCount > 0).length);
  // The entries list over HTTP with the session cookie: server time as the browser sees it
  // (auth, queries, React server rendering), HTML only.
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const listViews: [string, string][] = [
    ['newest first', '/entries'],
    ['status = failed', '/entries?status=failed'],
    ['sorted by errors', '/entries?sort=errors'],
    ['search "northwind"', '/entries?q=northwind'],
    ['search an invoice number', '/entries?q=INV-0054321'],
  ];
  const listRows: string[] = [];
  for (const [label, url] of listViews) {
    const times: number[] = [];
    for (let i = 0; i < 23; i++) {
      const t0 = performance.now();
      const response = await fetch(`${BASE}${url}`, { headers: { cookie } });
      const html = await response.text();
      if (!response.ok || !html.includes('data-testid="entry-total"'))
        throw new Error(`${url}: ${response.status}`);
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.ceil(0.95 * times.length) - 1];
    listRows.push(`| ${label} | ${median(times).toFixed(0)} | ${p95.toFixed(0)} |`);
  }

  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const row = (label: string, xs: number[]) =>
    `| ${label} | ${median(xs).toFixed(0)} | ${max(xs).toFixed(0)} |`;
  const lines = [
    machineLine(),
    '',
    'Chromium (headless, 1280×800) against a production build on loopback (`npm run bench:review-page`,',
    `scripts/bench/review-page.ts), invoice PDFs with a text layer and 6 line items, ${ROUNDS} rounds.`,
    '',
    `**JavaScript of the review page**, cold cache: ${scripts.length} scripts, **${kb(gzip)} gzip** (${kb(raw)} uncompressed)` +
      (pdfWorker.length
        ? `, of which the pdf.js worker ${kb(pdfWorker.reduce((s, x) => s + x.gzip, 0))} (loaded off the main thread).`
        : '.'),
    `Cold open (first visit, empty cache, until the form and the PDF text layer are ready): ${coldOpen.toFixed(0)} ms.`,
    '',
    '| Interaction (warm browser) | median ms | max ms |',
    '|---|---:|---:|',
    row('Open an entry: PDF page and text layer rendered, form ready', open),
    row('Ctrl+S: patch preview shown', preview),
    row('Confirm: correction posted to the service, page updated', save),
    row('Ctrl+Enter: approval recorded and shown', approve),
    row('Alt+N: next entry to review open, form ready', next),
    '',
    `A 120-page PDF: open until page 1 and the form are ready ${longOpen.toFixed(0)} ms; thumbnail "page 120" until`,
    `that page's text layer is drawn ${longJump.toFixed(0)} ms; a second later ${longPainted} of ${longPages} pages are drawn`,
    '(pages are drawn only while near the view and give their canvas and text back when far from it).',
    '',
    `**The entries list page over HTTP** with ${LIST_ENTRIES.toLocaleString('en-GB')} entries in the embedded PGlite`,
    '(`GET /entries…` with the session cookie, whole HTML response; 20 requests per view after 3 warm-up ones):',
    '',
    '| View | median ms | p95 ms |',
    '|---|---:|---:|',
    ...listRows,
  ];
  console.log(writeBenchSection('review-page', '## Review page: JavaScript and interaction timings', lines));
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
