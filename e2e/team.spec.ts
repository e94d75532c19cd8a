// The team's desk: export, desk webhooks, API tokens, routing, presence, analytics.
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { startWebhookReceiver, waitFor } from '../tests/support/webhook-receiver';
import { ADMIN, signIn } from './fixtures/session';

const artifacts = path.join(import.meta.dirname, '.artifacts');
const shots = path.join(artifacts, 'screenshots');
const ENTRY_URL = /\/entries\/([0-9a-f-]{36})(\?.*)?$/;

const invoiceText = (number: string) => `Northwind Traders
INVOICE
Invoice number: ${number}
Invoice date: 2026-10-02
Due date: 2026-11-01
Bill to: Contoso Ltd
Currency: EUR

Description            Quantity   Unit price   Amount
Torque wrench          2          80.00        160.00
Calibration            1          40.00        40.00

Subtotal: 200.00
Tax: 40.00
Total: 240.00
`;

async function uploadText(page: Page, number: string): Promise<string> {
  const file = path.join(artifacts, `${number}.txt`);
  fs.writeFileSync(file, invoiceText(number));
  await page.goto('/upload');
  await page.getByLabel('Deployment').selectOption({ label: 'Invoices' });
  await page.getByLabel('Document').setInputFiles(file);
  await page.getByRole('button', { name: 'Extract' }).click();
  await expect(page).toHaveURL(ENTRY_URL, { timeout: 90_000 });
  return page.url().match(ENTRY_URL)![1];
}

async function correct(page: Page, pointer: string, value: string) {
  await page.locator(`[data-pointer="${pointer}"]`).fill(value);
  await page.keyboard.press('Control+s');
  const preview = page.getByRole('dialog', { name: /Save \d+ changes?\?/ });
  await preview.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Saved/).first()).toBeVisible();
}

async function approve(page: Page) {
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByTestId('latest-decision')).toContainText('Approved');
}

async function newUser(page: Page, email: string, name: string): Promise<string> {
  await page.goto('/settings/users');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name (optional)').fill(name);
  await page.getByRole('button', { name: 'Create user' }).click();
  return (await page.getByTestId('initial-password').textContent())!.trim();
}

async function signedIn(browser: Browser, user = ADMIN) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));

test('an approved entry is in the export with its corrected value', async ({ page }) => {
  await signIn(page);
  const id = await uploadText(page, 'INV-TEAM-EXPORT-1');
  await correct(page, '/invoice_number', 'INV-TEAM-EXPORT-1-A');
  await approve(page);
  await page.goto('/entries?q=INV-TEAM-EXPORT-1&review=approved');
  await page.getByLabel('Export format').selectOption('zip');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await (await download).path();
  await expect(page.getByTestId('export-progress')).toHaveText('Exported 1 entry.');
  await page.screenshot({ path: path.join(shots, 'entries-export.png') });
  const files = unzipSync(new Uint8Array(fs.readFileSync(file)));
  const [header, row] = strFromU8(files['entries.csv']).trimEnd().split('\r\n');
  const cells = row.split(',');
  const col = (name: string) => cells[header.split(',').indexOf(name)];
  expect(col('entry_id')).toBe(id);
  expect(col('review_state')).toBe('approved');
  expect(col('reviewer')).toBe(ADMIN.email);
  expect(col('/invoice_number')).toBe('INV-TEAM-EXPORT-1-A');
  expect(strFromU8(files['line_items.csv'])).toContain(`${id},/line_items,0,`);
});

test('a registered endpoint on a local receiver gets a signed entry.approved', async ({ page }) => {
  const secret = 'e2e-webhook-secret-0123456789';
  const receiver = await startWebhookReceiver({ secret });
  try {
    await signIn(page);
    await page.goto('/settings/webhooks');
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Secret (empty: make one)').fill(secret);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByTestId('shown-once')).toHaveText(secret);
    const id = await uploadText(page, 'INV-TEAM-HOOK-1');
    await approve(page);
    const got = await waitFor(() => receiver.received.find((r) => r.body.data.entry_id === id), 30_000);
    expect(got).toMatchObject({ event: 'entry.approved', signatureOk: true });
    expect(got.body.data).toMatchObject({ review_state: 'approved', reviewer: ADMIN.email });
    await page.goto('/settings/webhooks');
    await expect(page.locator(`tr[data-delivery-id="${got.deliveryId}"]`)).toContainText('delivered');
    await page.screenshot({ path: path.join(shots, 'settings-webhooks.png'), fullPage: true });
    // Stop sending to a receiver that is about to go away.
    await page.getByRole('button', { name: 'Pause' }).first().click();
    await expect(page.getByRole('button', { name: 'Resume' }).first()).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('a personal API token lists approved entries', async ({ page, request }) => {
  await signIn(page);
  const id = await uploadText(page, 'INV-TEAM-API-1');
  await approve(page);
  await page.goto('/settings/tokens');
  await page.getByLabel('Name').fill('e2e sync');
  await page.getByRole('button', { name: 'Create token' }).click();
  const token = (await page.getByTestId('shown-once').textContent())!.trim();
  expect(token).toMatch(/^emd_/);
  await page.screenshot({ path: path.join(shots, 'settings-tokens.png') });
  const res = await request.get('/api/v1/entries?review=approved&q=INV-TEAM-API-1', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.entries.map((e: { id: string }) => e.id)).toEqual([id]);
  expect((await request.get('/api/v1/entries')).status()).toBe(401);
});

test('two browsers see each other’s claim on an entry', async ({ browser }) => {
  const admin = await signedIn(browser);
  const password = await newUser(admin.page, 'ana.team@emend.local', 'Ana');
  const id = await uploadText(admin.page, 'INV-TEAM-CLAIM-1');
  const ana = await signedIn(browser, { email: 'ana.team@emend.local', password });
  await ana.page.goto(`/entries/${id}`);
  await expect(ana.page.getByTestId('claim-banner')).toContainText('Administrator is reviewing this entry.');
  await ana.page.goto('/entries?q=INV-TEAM-CLAIM-1');
  await expect(ana.page.getByTestId('row-reviewing')).toHaveText('Administrator is reviewing');
  await ana.page.goto(`/entries/${id}`);
  await ana.page.getByRole('button', { name: 'Take over' }).click();
  await expect(ana.page.getByTestId('claim-banner')).toHaveCount(0);
  await admin.page.reload();
  await expect(admin.page.getByTestId('claim-banner')).toContainText('Ana is reviewing this entry.');
  await admin.page.screenshot({ path: path.join(shots, 'claim-banner.png') });
  await ana.context.close();
  await admin.context.close();
});

test('the analytics page names Total as the most-corrected field after three corrections', async ({
  page,
}) => {
  await signIn(page);
  for (const n of [1, 2, 3]) {
    await uploadText(page, `INV-TEAM-STATS-${n}`);
    // The total no longer adds up: corrected, left to review (analytics counts corrections too).
    await correct(page, '/total', `24${n}.5`);
  }
  await page.goto('/analytics');
  await expect(page.getByTestId('kpi-Most-corrected field')).toHaveText('Total');
  await expect(page.getByRole('img', { name: 'Most-corrected fields' })).toContainText('Total');
  await page.screenshot({ path: path.join(shots, 'analytics.png'), fullPage: true });
});

test('an auto-approved entry never reaches the review queue', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/routing');
  // Exactly the Invoices deployment: other specs add "E2E fresh invoices" and "Remote invoices".
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Invoices', exact: true }) });
  await card.getByLabel('Confidence threshold (0–1)').fill('0');
  await card.getByLabel(/Auto-approve/).check();
  // Saved on the server, not only ticked in the page.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/settings/routing'),
  );
  await card.getByRole('button', { name: 'Save' }).click();
  await saved;
  await page.reload();
  await expect(card.getByLabel(/Auto-approve/)).toBeChecked();
  try {
    const id = await uploadText(page, 'INV-TEAM-AUTO-1');
    await expect(page.getByTestId('latest-decision')).toContainText('system');
    await page.goto('/entries?review=to_review&q=INV-TEAM-AUTO-1');
    await expect(page.locator(`tr[data-entry-id="${id}"]`)).toHaveCount(0);
    await page.goto('/entries?by=system&q=INV-TEAM-AUTO-1');
    await expect(page.locator(`tr[data-entry-id="${id}"]`)).toHaveCount(1);
    await page.goto('/entries/review-next?q=INV-TEAM-AUTO-1');
    await expect(page).not.toHaveURL(new RegExp(id));
  } finally {
    // The rest of the suite reviews by hand.
    await page.goto('/settings/routing');
    await card.getByLabel(/Auto-approve/).uncheck();
    await card.getByRole('button', { name: 'Save' }).click();
  }
});
