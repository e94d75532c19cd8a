// Rows keep their identity: after a line-item row is removed, the rows below keep their own
// typed text and their own place on the page.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type InvoiceFixture, renderInvoicePdf } from './fixtures/invoice';
import { signIn } from './fixtures/session';

const artifacts = path.join(import.meta.dirname, '.artifacts');
const shots = path.join(artifacts, 'screenshots');
const apiKey = () => fs.readFileSync(path.join(artifacts, 'api-key'), 'utf8').trim();
const ENTRY_URL = /\/entries\/([0-9a-f-]{36})(\?.*)?$/;

const invoice: InvoiceFixture = {
  number: 'INV-ROWS-6001',
  issueDate: '2026-11-05',
  dueDate: '2026-12-05',
  seller: 'Fabrikam Tools GmbH',
  buyer: 'Contoso Ltd',
  currency: 'EUR',
  lines: [
    { description: 'Torque wrench', quantity: 2, unitPrice: 80 },
    { description: 'Calibration', quantity: 1, unitPrice: 40 },
    { description: 'Express delivery', quantity: 1, unitPrice: 15 },
  ],
  taxRate: 0.2,
};

const field = (page: Page, pointer: string) => page.locator(`[data-pointer="${pointer}"]`);

/** Where the highlight sits on the page (its box in page fractions; the pane may scroll). */
const highlightPlace = (page: Page) => page.getByTestId('source-highlight').getAttribute('style');

test('removing a row: the rows below keep their typed text and highlight their own place', async ({
  page,
  browser,
}) => {
  fs.mkdirSync(shots, { recursive: true });
  const pdf = path.join(artifacts, 'rows-invoice.pdf');
  await renderInvoicePdf(browser, invoice, pdf);
  await signIn(page);
  await page.goto('/upload');
  await page.getByLabel('Deployment').selectOption({ label: 'Invoices' });
  await page.getByLabel('Document').setInputFiles(pdf);
  await page.getByRole('button', { name: 'Extract' }).click();
  await expect(page).toHaveURL(ENTRY_URL, { timeout: 90_000 });
  const id = page.url().match(ENTRY_URL)![1];
  await expect(field(page, '/line_items/2/description')).toHaveValue('Express delivery');

  // Where row 3 was read, before anything moves.
  await field(page, '/line_items/2/description').focus();
  await expect(page.getByTestId('source-highlight')).toBeVisible();
  const row3 = await highlightPlace(page);
  await field(page, '/line_items/1/description').focus();
  await expect.poll(() => highlightPlace(page)).not.toBe(row3);

  // Half-typed text in row 3's quantity (not a number yet) must move with the row.
  await field(page, '/line_items/2/quantity').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1,5,', { delay: 20 });

  await page.getByRole('button', { name: 'Remove row 2' }).click();
  await expect(field(page, '/line_items/1/description')).toHaveValue('Express delivery');
  await expect(field(page, '/line_items/1/quantity')).toHaveValue('1,5,');
  await expect(field(page, '/line_items/1/quantity')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, '/line_items/2/description')).toHaveCount(0);

  // The new row 2 highlights where "Express delivery" was read, not the removed row's place.
  await field(page, '/line_items/1/description').focus();
  await expect.poll(() => highlightPlace(page)).toBe(row3);
  await page.screenshot({ path: path.join(shots, 'rows-after-remove.png') });

  await field(page, '/line_items/1/quantity').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1', { delay: 20 });
  await page.keyboard.press('Control+s');
  const preview = page.getByRole('dialog', { name: /Save \d+ changes?\?/ });
  await preview.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Saved/)).toBeVisible();
  const response = await page.request.get(`/v3/entries/${id}`, { headers: { 'x-api-key': apiKey() } });
  const entry = await response.json();
  expect(entry.data.line_items.map((l: { description: string }) => l.description)).toEqual([
    'Torque wrench',
    'Express delivery',
  ]);
});
