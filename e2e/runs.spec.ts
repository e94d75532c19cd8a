import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe';
import { signIn } from './fixtures/session';

const artifacts = path.join(import.meta.dirname, '.artifacts');
const shots = path.join(artifacts, 'screenshots');
const RUN_URL = /\/runs\/[0-9a-f-]{36}$/;

// Uploading, extracting 20 documents and (in the second test) polling take longer than the default.
test.setTimeout(180_000);

/** A small text invoice like the service tests' `textInvoice`, numbered. */
const textInvoice = (n: number) => `Acme Widgets Ltd
1 Market Street, Springfield

INVOICE
Invoice number: INV-RUN-${String(n).padStart(3, '0')}
Invoice date: 2026-10-01
Due date: 2026-10-31
Bill to: Globex Corporation
Currency: EUR

Description          Quantity   Unit price   Amount
Widget               4          125.00       500.00
Installation         1          300.00       300.00

Subtotal: 800.00
Tax: 160.00
Total: 960.00
`;

function writeInvoices(folder: string, count: number): string[] {
  const dir = path.join(artifacts, folder);
  fs.mkdirSync(dir, { recursive: true });
  return Array.from({ length: count }, (_, i) => {
    const file = path.join(dir, `invoice-${String(i + 1).padStart(2, '0')}.txt`);
    fs.writeFileSync(file, textInvoice(i + 1));
    return file;
  });
}

/** Starts a run of these files from the "Many documents" tab; returns the run page's id. */
async function startRun(page: Page, files: string[], options: { name: string; webhooksOff?: boolean }) {
  await page.getByRole('link', { name: 'New extraction' }).first().click();
  await page.getByRole('link', { name: 'Many documents' }).click();
  await expect(page).toHaveURL(/\/upload\?mode=many$/);
  // The button is enabled once the form is interactive.
  await expect(page.getByRole('button', { name: 'Start run' })).toBeEnabled();
  await page.getByLabel('Deployment').selectOption({ label: 'Invoices' });
  await page.getByLabel('Files').setInputFiles(files);
  await expect(page.getByText(`${files.length} selected`)).toBeVisible();
  await page.getByText('Name and metadata (optional)').click();
  await page.getByLabel('Run name').fill(options.name);
  await page.getByLabel('Metadata for every document (JSON object)').fill('{"source": "e2e"}');
  if (options.webhooksOff) await page.getByLabel(/Switch webhooks off for this run/).check();
  return page;
}

test('twenty invoices go as one run: live progress to the end, then the run’s review queue', async ({
  page,
}, testInfo) => {
  fs.mkdirSync(shots, { recursive: true });
  const files = writeInvoices('run-invoices', 20);
  await signIn(page);
  await startRun(page, files, { name: 'E2E twenty invoices' });
  await page.screenshot({ path: path.join(shots, 'runs-upload.png') });

  // The page must update itself: count navigations after the run page has opened.
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 60_000 });
  const runId = page.url().split('/').pop()!;
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  await expect(page.getByRole('heading', { name: 'E2E twenty invoices' })).toBeVisible();
  await expect(page.locator('[data-run-item]')).toHaveCount(20);
  await page.screenshot({ path: path.join(shots, 'runs-progress.png') });

  const progress = page.getByTestId('run-progress-text');
  await expect(progress).toHaveText('20 of 20 finished', { timeout: 90_000 });
  await expect(page.getByText(/Webhooks on: last event received/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Review these entries' })).toBeVisible();
  // Every row reached a final status and links to its review page.
  await expect(page.locator('[data-run-item][data-status="completed"]')).toHaveCount(20);
  await expect(page.getByRole('link', { name: 'Review', exact: true })).toHaveCount(20, { timeout: 15_000 });
  expect(navigations).toBe(0);
  await page.screenshot({ path: path.join(shots, 'runs-finished.png'), fullPage: true });
  await expectNoAxeViolations(page, testInfo, 'the run page');

  // The run's review queue: the entries list filtered to it.
  await page.getByRole('link', { name: 'Review these entries' }).click();
  await expect(page).toHaveURL(new RegExp(`/entries\\?run=${runId}$`));
  await expect(page.getByRole('link', { name: /Remove the run filter/ })).toBeVisible();
  await expect(page.locator('tr[data-entry-id]')).toHaveCount(20);
  await expect(page.getByTestId('entry-total')).toHaveText('20');
  await page.screenshot({ path: path.join(shots, 'runs-queue.png') });
  await page.getByRole('link', { name: /Remove the run filter/ }).click();
  await expect(page).toHaveURL(/\/entries$/);

  // Listed with its progress, and counted on the dashboard.
  await page.getByRole('link', { name: 'Runs', exact: true }).click();
  const row = page.locator(`tr[data-run-id="${runId}"]`);
  await expect(row).toContainText('E2E twenty invoices');
  await expect(row).toContainText('completed');
  await expect(row).toContainText('20 / 20');
  await page.screenshot({ path: path.join(shots, 'runs-list.png') });
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Reachable', { exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'runs-dashboard.png') });
  await expectNoAxeViolations(page, testInfo, 'the dashboard');
});

test('a run whose webhooks are refused still finishes, through the desk’s polling', async ({ page }) => {
  fs.mkdirSync(shots, { recursive: true });
  const files = writeInvoices('run-invoices-polled', 20);
  await signIn(page);
  await startRun(page, files, { name: 'E2E polled run', webhooksOff: true });
  await page.getByRole('button', { name: 'Start run' }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 60_000 });
  await expect(page.getByText(/Webhooks off for this run/)).toBeVisible();
  await expect(page.getByTestId('run-progress-text')).toHaveText('20 of 20 finished', { timeout: 110_000 });
  await expect(page.getByRole('link', { name: 'Review these entries' })).toBeVisible();
  await expect(page.getByText(/last event received/)).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'runs-polled.png'), fullPage: true });
  await page.getByRole('link', { name: 'Review these entries' }).click();
  await expect(page.locator('tr[data-entry-id]')).toHaveCount(20);
});
