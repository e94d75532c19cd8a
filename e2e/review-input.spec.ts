// What a reviewer types is what is saved: numbers, money and dates typed key by key (never
// `fill`, which sets the whole text at once and hides re-formatting while typing).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './fixtures/session';

const artifacts = path.join(import.meta.dirname, '.artifacts');
const shots = path.join(artifacts, 'screenshots');
const apiKey = () => fs.readFileSync(path.join(artifacts, 'api-key'), 'utf8').trim();
const ENTRY_URL = /\/entries\/([0-9a-f-]{36})(\?.*)?$/;

const invoiceText = (number: string, total: string) => `Fabrikam Tools GmbH
Hauptstrasse 5, 10115 Berlin

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
Total: ${total}
`;

async function uploadText(page: Page, number: string, total = '240.00'): Promise<string> {
  const file = path.join(artifacts, `${number}.txt`);
  fs.writeFileSync(file, invoiceText(number, total));
  await page.goto('/upload');
  await page.getByLabel('Deployment').selectOption({ label: 'Invoices' });
  await page.getByLabel('Document').setInputFiles(file);
  await page.getByRole('button', { name: 'Extract' }).click();
  await expect(page).toHaveURL(ENTRY_URL, { timeout: 90_000 });
  return page.url().match(ENTRY_URL)![1];
}

async function serviceEntry(page: Page, id: string) {
  const response = await page.request.get(`/v3/entries/${id}`, { headers: { 'x-api-key': apiKey() } });
  expect(response.status()).toBe(200);
  return response.json();
}

const field = (page: Page, pointer: string) => page.locator(`[data-pointer="${pointer}"]`);

/** Replaces a field's text the way a reviewer does: select all, then one key at a time. */
async function typeInto(page: Page, pointer: string, text: string) {
  await field(page, pointer).click();
  await page.keyboard.press('ControlOrMeta+a');
  if (text === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(text, { delay: 20 });
}

test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));

test('numbers and money typed key by key are stored exactly as typed, in any notation', async ({ page }) => {
  await signIn(page);
  const id = await uploadText(page, 'INV-KEYS-5001');
  await expect(field(page, '/total')).toHaveValue('240.00');
  await expect(page.locator('label[for] >> text=EUR').first()).toBeVisible();

  const typed: [string, string, number, string][] = [
    // pointer, typed, stored, shown after leaving the field
    ['/total', '100.05', 100.05, '100.05'],
    ['/subtotal', '999.00', 999, '999.00'],
    ['/tax', '0.10', 0.1, '0.10'],
    ['/line_items/0/amount', '1.234,56', 1234.56, '1234.56'],
    ['/line_items/1/amount', '12,50', 12.5, '12.50'],
    ['/line_items/1/unit_price', '12.50 €', 12.5, '12.50'],
  ];
  for (const [pointer, text] of typed) {
    await typeInto(page, pointer, text);
    // Never re-written while typing: the text is exactly the keys pressed.
    await expect(field(page, pointer)).toHaveValue(text);
  }
  await page.keyboard.press('Tab');
  for (const [pointer, , , shown] of typed) await expect(field(page, pointer)).toHaveValue(shown);
  await page.screenshot({ path: path.join(shots, 'input-numbers.png') });

  await page.keyboard.press('Control+s');
  const preview = page.getByRole('dialog', { name: /Save \d+ changes?\?/ });
  await expect(preview).toContainText('100.05');
  await expect(preview).toContainText('1234.56');
  await preview.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Saved/)).toBeVisible();

  const entry = await serviceEntry(page, id);
  for (const [pointer, , stored] of typed) {
    const value = pointer
      .split('/')
      .slice(1)
      .reduce((v: Record<string, unknown>, k) => v[k] as Record<string, unknown>, entry.data);
    expect(value, pointer).toBe(stored);
  }
});

test('an impossible date stays on screen, is marked invalid and blocks saving until fixed', async ({
  page,
}) => {
  await signIn(page);
  const id = await uploadText(page, 'INV-KEYS-5002');
  await page.getByLabel('Dates').selectOption('mdy');
  await expect(field(page, '/issue_date')).toHaveValue('10/02/2026');

  await typeInto(page, '/issue_date', '02/31/2026');
  await page.keyboard.press('Tab');
  const date = field(page, '/issue_date');
  await expect(date).toHaveValue('02/31/2026');
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('February 2026 has no day 31').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/fix or clear them before saving/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'input-bad-date.png') });

  await typeInto(page, '/issue_date', '02/28/2026');
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.keyboard.press('Control+s');
  const preview = page.getByRole('dialog', { name: /Save \d+ changes?\?/ });
  await preview.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Saved/)).toBeVisible();
  expect((await serviceEntry(page, id)).data.issue_date).toBe('2026-02-28');

  // Day-first reviewers see and type the same date their way.
  await page.getByLabel('Dates').selectOption('dmy');
  await expect(date).toHaveValue('28/02/2026');
});

test('emptying a required field shows it as an error at once', async ({ page }) => {
  await signIn(page);
  await uploadText(page, 'INV-KEYS-5003');
  const number = field(page, '/invoice_number');
  await expect(number).toHaveValue('INV-KEYS-5003');
  await typeInto(page, '/invoice_number', '');
  await expect(number).toHaveValue('');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Required: it cannot be empty.').first()).toBeVisible();
  await typeInto(page, '/invoice_number', 'INV-KEYS-5003B');
  await expect(number).not.toHaveAttribute('aria-invalid', 'true');
});

test('the browser validates as you type with the service rules; the save preview lists what remains', async ({
  page,
}) => {
  await signIn(page);
  await uploadText(page, 'INV-KEYS-5004');
  const summary = page.locator('section[aria-labelledby="error-summary"]');
  await expect(summary).toHaveCount(0);

  // subtotal + tax = total breaks as soon as the total is typed, and mends as it is fixed.
  await typeInto(page, '/total', '250');
  await expect(summary).toContainText('Total is 250.00 but subtotal + tax = 240.00.');
  await expect(field(page, '/total')).toHaveAttribute('aria-invalid', 'true');
  await typeInto(page, '/total', '240');
  await expect(summary).toHaveCount(0);

  // The due date before the issue date: the date-order rule, live.
  await page.getByLabel('Dates').selectOption('dmy');
  await typeInto(page, '/due_date', '01/09/2026');
  await expect(summary).toContainText('Due date (2026-09-01) is before issue date (2026-10-02).');
  await page.screenshot({ path: path.join(shots, 'input-live-validation.png') });

  await page.keyboard.press('Control+s');
  const preview = page.getByRole('dialog', { name: /Save \d+ changes?\?/ });
  await expect(preview).toContainText('1 error remains after this save');
  await expect(preview).toContainText('Due date (2026-09-01) is before issue date');
  // Ctrl+Enter confirms.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(/Saved/)).toBeVisible();
});

test('Tab visits the flagged fields first; Ctrl+K jumps to any field by its name', async ({ page }) => {
  await signIn(page);
  await uploadText(page, 'INV-KEYS-5005', '250.00');
  const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pointer);
  // The last control before the fields is the error summary: Tab from there lands on the flagged total.
  await page.getByRole('button', { name: /Total is 250\.00 but subtotal \+ tax/ }).focus();
  await page.keyboard.press('Tab');
  await expect.poll(focused).toBe('/total');
  // Then the next flagged field (low confidence) or the first of the rest; Shift+Tab comes back.
  await page.keyboard.press('Tab');
  await expect.poll(focused).not.toBe('/total');
  await page.keyboard.press('Shift+Tab');
  await expect.poll(focused).toBe('/total');

  await page.keyboard.press('Control+k');
  const jump = page.getByRole('dialog', { name: 'Jump to field' });
  await expect(jump).toBeVisible();
  await page.keyboard.type('due', { delay: 20 });
  await expect(jump.getByRole('button', { name: 'Due date' })).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'jump-to-field.png') });
  await page.keyboard.press('Enter');
  await expect(jump).toHaveCount(0);
  await expect.poll(focused).toBe('/due_date');
});
