// The desk's deployment registry follows the service without a restart, and admins can
// register deployments by id for a service that does not list them.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/session';

const artifacts = path.join(import.meta.dirname, '.artifacts');
const shots = path.join(artifacts, 'screenshots');

test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));

test('a deployment created in the dashboard is usable for a new extraction at once', async ({ page }) => {
  await signIn(page);
  // The registry has just been read: without the refresh, a new deployment would wait for a restart.
  await page.goto('/upload');
  await expect(
    page.getByLabel('Deployment').locator('option', { hasText: 'E2E fresh invoices' }),
  ).toHaveCount(0);

  await page.goto('/service/deployments');
  await page.getByLabel('Name').fill('E2E fresh invoices');
  await page.getByLabel('Structure version').selectOption({ index: 1 });
  await page.getByLabel('Price per page (EUR)').fill('0.05');
  await page.getByRole('button', { name: 'Create deployment' }).click();
  await expect(page).toHaveURL(/\/service\/deployments\/[0-9a-f-]{36}$/);

  await page.goto('/upload');
  await page.getByLabel('Deployment').selectOption({ label: 'E2E fresh invoices' });
  const file = path.join(artifacts, 'fresh-deployment.txt');
  fs.writeFileSync(file, 'INVOICE\nInvoice number: FRESH-1\nInvoice date: 2026-10-02\nTotal: 12.00\n');
  await page.getByLabel('Document').setInputFiles(file);
  await page.getByRole('button', { name: 'Extract' }).click();
  await expect(page).toHaveURL(/\/entries\/[0-9a-f-]{36}$/, { timeout: 90_000 });
  await expect(page.getByText('E2E fresh invoices').first()).toBeVisible();

  // The list's filters know it too.
  await page.goto('/entries');
  await expect(
    page.getByLabel('Deployment').locator('option', { hasText: 'E2E fresh invoices' }),
  ).toHaveCount(1);
});

test('an admin registers a deployment by id; bad input gets a clear error', async ({ page }) => {
  await signIn(page);
  await page.goto('/settings/deployments');
  await page.getByLabel('Deployment id').fill('not-an-id');
  await page.getByLabel('Name', { exact: true }).fill('Remote receipts');
  await page.getByRole('button', { name: 'Register deployment' }).click();
  await expect(page.getByText('The deployment id is a UUID, as the service gives it.').first()).toBeVisible();
  // Nothing typed is lost on a refusal.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Remote receipts');

  await page.getByLabel('Deployment id').fill('6f1f3a52-7c1b-4e0e-9d35-2b7a4c9e8d10');
  await page.getByLabel(/JSON Schema/).fill('{ "type": "object", ');
  await page.getByRole('button', { name: 'Register deployment' }).click();
  await expect(page.getByText(/The schema is not valid JSON/).first()).toBeVisible();

  await page.getByLabel('Deployment id').fill('6f1f3a52-7c1b-4e0e-9d35-2b7a4c9e8d10');
  await page.getByLabel('Name', { exact: true }).fill('Remote receipts');
  await page
    .getByLabel(/JSON Schema/)
    .fill('{ "type": "object", "properties": { "total": { "type": "number" } } }');
  await page.getByRole('button', { name: 'Register deployment' }).click();
  await expect(
    page.getByText('Registered “Remote receipts”: it can be used for new extractions now.'),
  ).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'settings-register-deployment.png') });
  await page.goto('/upload');
  await expect(page.getByLabel('Deployment').locator('option', { hasText: 'Remote receipts' })).toHaveCount(
    1,
  );
});
