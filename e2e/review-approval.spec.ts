// Approval gates: an entry with errors is approved only with a reason; bulk approve says what
// it will do, skips entries with errors and can be undone; a deployment can require zero errors.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './fixtures/session';

const artifacts = path.join(import.meta.dirname, '.artifacts');
const shots = path.join(artifacts, 'screenshots');
const ENTRY_URL = /\/entries\/([0-9a-f-]{36})(\?.*)?$/;

const invoiceText = (number: string, total: string) => `Fabrikam Tools GmbH
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

/**
 * Flips the Invoices deployment's zero-errors switch and waits until the server has it: the box
 * shows the new state at once, before its action lands, and a page closed before then left the
 * old setting for every later spec (CI once saw the next spec's approval refused).
 */
async function setZeroErrors(page: Page, required: boolean) {
  const box = () => page.getByRole('checkbox', { name: 'Require zero errors to approve Invoices' });
  const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/settings'));
  await box().setChecked(required);
  await saved;
  await page.reload();
  await expect(box()).toBeChecked({ checked: required });
}

test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));

test('approving an entry with errors asks for a reason, kept with the approval', async ({ page }) => {
  await signIn(page);
  await uploadText(page, 'INV-GATE-7001', '250.00');
  await expect(page.getByText(/Total is 250\.00 but subtotal \+ tax = 240\.00/).first()).toBeVisible();

  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve with errors?' });
  await expect(dialog).toContainText('This entry still has 1 error.');
  await dialog.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Approving with errors needs a reason.');
  await dialog
    .getByLabel(/Why is it right as it is/)
    .fill('The document itself adds up wrong; supplier confirmed 250');
  await page.screenshot({ path: path.join(shots, 'approve-with-errors.png') });
  await dialog.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('latest-decision')).toContainText('Approved');
  await expect(page.getByTestId('latest-decision')).toContainText('supplier confirmed 250');
});

test('bulk approve shows what it will do, skips entries with errors, and can be undone', async ({ page }) => {
  await signIn(page);
  await uploadText(page, 'INV-BULK-8001');
  await uploadText(page, 'INV-BULK-8002');
  await uploadText(page, 'INV-BULK-8003', '999.00');
  await page.goto('/entries?q=INV-BULK');
  const rows = page.locator('tr[data-entry-id]');
  await expect(rows).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select every entry on this page' }).check();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+A');
  const confirm = page.getByRole('dialog', { name: 'Approve 2 entries?' });
  await expect(confirm.getByTestId('bulk-with-errors')).toHaveText(
    '1 entry with errors will be skipped: open them to approve each with a reason.',
  );
  await page.screenshot({ path: path.join(shots, 'bulk-approve-confirm.png') });
  await confirm.getByRole('button', { name: 'Approve 2 entries' }).click();
  await expect(page.getByText(/Approved 2 entries\. Skipped 1 \(1 with errors/)).toBeVisible();
  await expect(rows.filter({ hasText: 'approved' })).toHaveCount(2);

  const undo = page.getByRole('button', { name: /^Undo \(\d+ s\)$/ });
  await expect(undo).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'bulk-approve-undo.png') });
  await undo.click();
  await expect(page.getByText('Undone: 2 entries are back as before.')).toBeVisible();
  await expect(rows.filter({ hasText: 'approved' })).toHaveCount(0);
});

test('a deployment that requires zero errors refuses approval until they are fixed', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/deployments');
  const invoices = page.getByRole('checkbox', { name: 'Require zero errors to approve Invoices' });
  await setZeroErrors(page, true);
  await expect(invoices).toBeChecked();
  await page.screenshot({ path: path.join(shots, 'settings-deployments.png') });
  try {
    await uploadText(page, 'INV-GATE-7002', '260.00');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText(/requires zero errors to approve: fix them first/)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    // The later specs approve Invoices entries with a reason: the setting must be off for them.
    await page.goto('/settings/deployments');
    await setZeroErrors(page, false);
  }
});
