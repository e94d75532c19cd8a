import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { invoiceTotals, renderInvoicePdf } from './fixtures/invoice';

const artifacts = path.join(import.meta.dirname, '.artifacts');
const shots = path.join(artifacts, 'screenshots');

const invoice = {
  number: 'INV-E2E-1042',
  issueDate: '2026-11-02',
  dueDate: '2026-12-02',
  seller: 'Acme Widgets Ltd',
  buyer: 'Globex Corporation',
  currency: 'EUR',
  lines: [
    { description: 'Widget, large', quantity: 4, unitPrice: 125 },
    { description: 'Installation service', quantity: 1, unitPrice: 300 },
  ],
  taxRate: 0.2,
};

test('a new user uploads an invoice PDF, corrects the total and the service records it', async ({
  page,
  browser,
  request,
}) => {
  fs.mkdirSync(shots, { recursive: true });
  const pdf = path.join(artifacts, 'acme-invoice.pdf');
  await renderInvoicePdf(browser, invoice, pdf);
  const { total } = invoiceTotals(invoice);

  // Sign in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.screenshot({ path: path.join(shots, 'login.png') });
  await page.getByLabel('Email').fill('admin@emend.local');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/:\d+\/$/); // the dashboard

  // Upload the PDF to the invoice deployment.
  await page.getByRole('link', { name: 'New extraction' }).first().click();
  await page.getByLabel('Deployment').selectOption({ label: 'Invoices' });
  await page.getByLabel('Document').setInputFiles(pdf);
  await page.screenshot({ path: path.join(shots, 'upload.png') });
  await page.getByRole('button', { name: 'Extract' }).click();
  await expect(page).toHaveURL(/\/entries\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const entryId = page.url().split('/').pop()!;

  // The extracted total is what the PDF says.
  const totalInput = page.locator('[data-pointer="/total"]');
  await expect(totalInput).toHaveValue(total.toFixed(2));
  await expect(page.locator('[data-pointer="/invoice_number"]')).toHaveValue(invoice.number);
  // The PDF itself is shown beside the data, and focusing a field highlights where it was read.
  await expect(page.getByText('1 page', { exact: true })).toBeVisible();
  await totalInput.focus();
  await expect(page.getByTestId('source-highlight')).toBeVisible();
  await page.waitForTimeout(500); // let pdf.js finish painting for the screenshot
  await page.screenshot({ path: path.join(shots, 'review.png') });

  // It is listed with its status.
  await page.getByRole('link', { name: '← Entries' }).click();
  const row = page.locator(`tr[data-entry-id="${entryId}"]`);
  await expect(row).toContainText('acme-invoice.pdf');
  await expect(row).toContainText('completed');
  await page.screenshot({ path: path.join(shots, 'entries.png') });

  // Correct the total and save.
  await row.getByRole('link', { name: 'acme-invoice.pdf' }).click();
  await totalInput.fill('1234.56');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('/total')).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'patch-preview.png') });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Saved/)).toBeVisible();

  // A reload shows the corrected value, now from the service.
  await page.reload();
  await expect(page.locator('[data-pointer="/total"]')).toHaveValue('1234.56');

  // The service has the correction as a JSON Pointer patch.
  const apiKey = fs.readFileSync(path.join(artifacts, 'api-key'), 'utf8').trim();
  const response = await request.get(`/v3/entries/${entryId}`, { headers: { 'x-api-key': apiKey } });
  expect(response.status()).toBe(200);
  const entry = await response.json();
  expect(entry.data.total).toBe(1234.56);
  expect(entry.corrected).toBe(true);
  expect(entry.corrections.at(-1).patches).toEqual([{ path: '/total', value: 1234.56 }]);
  // The new total no longer matches subtotal + tax: re-validation says so.
  expect(entry.status).toBe('completed_with_errors');
  expect(entry.errors.map((e: { path: string }) => e.path)).toContain('/total');
});

test('a wrong password gets a clear, generic error and no session', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@emend.local');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/Wrong email or password/)).toBeVisible();
  await page.goto('/entries');
  await expect(page).toHaveURL(/\/login/);
});
