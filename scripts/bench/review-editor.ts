// Part of `npm run bench:review-page`: the review editor under a large entry. In Chromium against
// a production build on a fresh data folder: keystroke-to-paint while typing in a 1,000-field
// entry, the review page's JavaScript without the pdf.js worker, and (in Node, the same code the
// browser runs) the live validation of a 1,000-field entry. Writes BENCHMARKS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { compileSchema, rulesOf, validateData, withRules } from '@/lib/contract/validation';
import { openDatabase } from '@/lib/db/client';
import { buildFormModel } from '@/lib/review/form-model';
import { toFormValues } from '@/lib/review/form-values';
import { findProblems } from '@/lib/review/problems';
import { createApiKey, ensureAccount } from '@/lib/service/accounts';
import { seedService } from '@/lib/service/seed';
import { invoiceHints, invoiceSchema } from '@/lib/service/structures/invoice';
import { chromiumLaunchOptions } from '../../e2e/fixtures/chromium';
import { renderInvoicePdf } from '../../e2e/fixtures/invoice';
import { BENCH_VIEWPORT, signedInAsAdmin } from './desk-session';
import { startEmend } from './emend-server';
import { machineLine, writeBenchSection } from './markdown';

const PORT = Number(process.env.BENCH_EDITOR_PORT ?? 3231);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-admin-password';
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 120);
/** 248 line items × 4 cells + 8 header fields = 1,000 inputs. */
const ROWS = 248;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};

function bigInvoice(): Record<string, unknown> {
  const line_items = Array.from({ length: ROWS }, (_, i) => ({
    description: `Part ${i + 1}`,
    quantity: (i % 5) + 1,
    unit_price: 12.5,
    amount: ((i % 5) + 1) * 12.5,
  }));
  const subtotal = line_items.reduce((s, l) => s + l.amount, 0);
  return {
    invoice_number: 'INV-BENCH-BIG',
    issue_date: '2026-11-05',
    due_date: '2026-12-05',
    currency: 'EUR',
    line_items,
    subtotal,
    tax: Math.round(subtotal * 20) / 100,
    total: Math.round(subtotal * 120) / 100,
  };
}

// Live validation, as the editor runs it on each change: schema + rules, then the form's own checks.
const data = bigInvoice();
const schema = withRules(invoiceSchema as unknown as Record<string, unknown>, invoiceHints.rules);
const validate = compileSchema(schema);
const rules = rulesOf(schema);
const model = buildFormModel(schema, data);
const values = toFormValues(data);
const live = (d: Record<string, unknown>) => validateData(d, validate, rules);
const validation: number[] = [];
for (let i = 0; i < 220; i++) {
  const t0 = performance.now();
  findProblems({ errors: null, saveFieldErrors: {}, model, values, live });
  if (i >= 20) validation.push(performance.now() - t0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emend-bench-editor-'));
fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
// The desk's own API key, known to the bench, so it can put the large data into its entry.
let apiKey: string;
{
  const database = await openDatabase({ dir: path.join(dir, 'data', 'pglite') });
  await seedService(database.db);
  const account = await ensureAccount(database.db, 'bench-desk', 1000);
  apiKey = (await createApiKey(database.db, account.id, 'bench')).key;
  await database.close();
}
const server = await startEmend({
  dataDir: path.join(dir, 'data'),
  port: PORT,
  env: { EMEND_ADMIN_PASSWORD: PASSWORD, EXTRACTION_API_KEY: apiKey, EMEND_SEED_DEMO: '0' },
});
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const { context, page } = await signedInAsAdmin(browser, BASE, PASSWORD);

  const pdf = path.join(dir, 'invoice.pdf');
  await renderInvoicePdf(
    browser,
    {
      number: 'INV-BENCH-BIG',
      issueDate: '2026-11-05',
      dueDate: '2026-12-05',
      seller: 'Fabrikam Tools GmbH',
      buyer: 'Contoso Ltd',
      currency: 'EUR',
      lines: [{ description: 'Part 1', quantity: 1, unitPrice: 12.5 }],
      taxRate: 0.2,
    },
    pdf,
  );
  await page.goto(`${BASE}/upload`);
  await page.getByLabel('Deployment').selectOption({ label: 'Invoices' });
  await page.getByLabel('Document').setInputFiles(pdf);
  await page.getByRole('button', { name: 'Extract' }).click();
  await page.waitForURL(/\/entries\/[0-9a-f-]{36}/, { timeout: 120_000 });
  const id = page.url().match(/[0-9a-f-]{36}/)![0];
  const corrected = await fetch(`${BASE}/v3/entries/${id}/correction`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ data, notes: 'bench: a 1,000-field entry' }),
  });
  if (!corrected.ok) throw new Error(`correction: ${corrected.status} ${await corrected.text()}`);

  // JavaScript of a cold review page, as in the review-page bench, told apart: the pdf.js
  // worker (off the main thread), and what loads after the page is interactive (live validation).
  const coldContext = await browser.newContext({ viewport: BENCH_VIEWPORT });
  await coldContext.addCookies(await context.cookies());
  const cold = await coldContext.newPage();
  const scripts: { url: string; gzip: number; late: boolean }[] = [];
  let interactive = false;
  const bodies: Promise<void>[] = [];
  cold.on('response', (response) => {
    if (!/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) return;
    const late = interactive;
    bodies.push(
      response
        .body()
        .then(
          (body) =>
            void scripts.push({ url: response.url(), gzip: gzipSync(body, { level: 6 }).length, late }),
        )
        .catch(() => {}),
    );
  });
  const coldOpen = performance.now();
  await cold.goto(`${BASE}/entries/${id}`);
  await cold.locator('[data-pointer="/line_items/247/amount"]').waitFor({ timeout: 60_000 });
  const coldMs = performance.now() - coldOpen;
  interactive = true;
  await cold.waitForLoadState('networkidle');
  await Promise.all(bodies);
  await coldContext.close();
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const sum = (xs: { gzip: number }[]) => xs.reduce((s, x) => s + x.gzip, 0);
  const worker = scripts.filter((s) => s.url.includes('pdf.worker'));
  const pageJs = scripts.filter((s) => !s.url.includes('pdf.worker'));
  const late = pageJs.filter((s) => s.late);

  // Keystroke-to-paint: from the key's event time to the frame after React has updated the
  // input (a rAF, then a task once that frame is painted), typing into a cell of row 124.
  await page.goto(`${BASE}/entries/${id}`);
  const cell = page.locator('[data-pointer="/line_items/123/description"]');
  await cell.waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1_500); // the PDF, the text layer and live validation settle
  await page.evaluate(() => {
    const w = window as unknown as { __keyLatency: number[] };
    w.__keyLatency = [];
    document.addEventListener(
      'keydown',
      (e) => {
        const t0 = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.__keyLatency.push(performance.now() - t0), 0));
      },
      true,
    );
  });
  await cell.click();
  await page.keyboard.press('End');
  const text = 'Replacement part with a longer description, typed key by key '.repeat(3).slice(0, KEYSTROKES);
  await page.keyboard.type(text, { delay: 40 });
  await page.waitForTimeout(300);
  const latency = await page.evaluate(() => (window as unknown as { __keyLatency: number[] }).__keyLatency);
  const inputs = await page.locator('[data-pointer]').count();

  const ms = (x: number) => x.toFixed(1);
  const lines = [
    machineLine(),
    '',
    `Chromium (headless, 1280×800) against a production build (\`npm run bench:review-page\`, scripts/bench/review-editor.ts);`,
    `an invoice entry of ${inputs.toLocaleString('en-GB')} inputs (${ROWS} line items × 4 cells and the header fields).`,
    '',
    '| Measure | median | p95 | max |',
    '|---|---:|---:|---:|',
    `| Keystroke to paint, ${latency.length} keys typed into a table cell (ms) | ${ms(percentile(latency, 0.5))} | ${ms(percentile(latency, 0.95))} | ${ms(Math.max(...latency))} |`,
    `| Live validation of the 1,000-field entry: schema + rules + required, as on each change (ms, Node) | ${ms(percentile(validation, 0.5))} | ${ms(percentile(validation, 0.95))} | ${ms(Math.max(...validation))} |`,
    '',
    `**Review page JavaScript without the pdf.js worker**: ${kb(sum(pageJs))} gzip in ${pageJs.length} scripts, of which` +
      ` ${kb(sum(late))} load once the form is shown (pdf.js for the page, Ajv and the rules for live validation)` +
      ` (the worker: ${kb(sum(worker))}, off the main thread). Cold open of this entry until its last row is shown: ${coldMs.toFixed(0)} ms.`,
  ];
  console.log(
    writeBenchSection(
      'review-editor',
      '## Review editor: keystrokes and live validation, 1,000 fields',
      lines,
    ),
  );
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
