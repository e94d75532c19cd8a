import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './fixtures/session';

const shots = path.join(import.meta.dirname, '.artifacts', 'screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `service-${name}.png`), fullPage: true });

// Names unique to this run, so the spec also passes against a server that kept earlier data.
const run = Date.now().toString(36);
const structureName = `E2E delivery note ${run}`;
const accountName = `E2E customer ${run}`;

const structureDocument = {
  name: structureName,
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      note_number: { type: 'string', title: 'Note number' },
      delivered_on: { type: 'string', format: 'date', title: 'Delivered on' },
    },
    required: ['note_number'],
  },
  hints: {
    fields: {
      '/note_number': { labels: ['Delivery note', 'Note no.'], type: 'string' },
      '/delivered_on': { labels: ['Delivered'], type: 'date' },
    },
  },
};

test('an admin manages structures, deployments, accounts and API keys of the local service', async ({
  page,
  request,
}) => {
  fs.mkdirSync(shots, { recursive: true });
  await signIn(page);

  // Structures: the seeded ones are listed; each shows its schema and hints.
  await page.getByRole('link', { name: 'Service', exact: true }).click();
  await expect(page).toHaveURL(/\/service\/structures$/);
  const structures = page.getByRole('table', { name: 'Structures' });
  await expect(structures).toContainText('Invoice');
  await shot(page, 'structures');
  await structures.getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page.getByRole('region', { name: 'JSON Schema of version 1' })).toContainText(
    'invoice_number',
  );
  await expect(page.getByRole('region', { name: 'Extraction hints of version 1' })).toContainText('labels');
  await shot(page, 'structure');

  // The export is a JSON download of the version, for admins.
  const exportResponse = await page.request.get(`${new URL(page.url()).pathname}/versions/1/export`);
  expect(exportResponse.status()).toBe(200);
  expect(exportResponse.headers()['content-disposition']).toMatch(/attachment; filename="invoice-v1\.json"/);
  const exported = await exportResponse.json();
  expect(exported).toMatchObject({ name: 'Invoice', version: 1 });
  expect(exported.hints.fields).toBeTruthy();

  // Import: bad JSON gets a clear error and the text stays; then a valid document is imported.
  await page.getByRole('link', { name: 'Structures' }).first().click();
  await page.getByRole('link', { name: 'Import a structure' }).click();
  const json = page.getByLabel('…or paste the structure as JSON');
  await json.fill('{"name": "E2E", "schema": {,}');
  await page.getByRole('button', { name: 'Import structure' }).click();
  await expect(page.locator('#json-error')).toContainText('This is not valid JSON (line 1, column 28)');
  await expect(page.locator('main').getByRole('alert')).toContainText('Nothing was saved');
  await expect(json).toHaveValue('{"name": "E2E", "schema": {,}');
  await shot(page, 'structure-import-error');
  await json.fill(JSON.stringify({ ...structureDocument, hints: { tables: {} } }));
  await page.getByRole('button', { name: 'Import structure' }).click();
  await expect(page.locator('#json-error')).toContainText('hints.fields: is required');
  // Uploading a .json file puts its text in the box, to check before importing.
  await page.getByLabel('Upload a .json file').setInputFiles({
    name: 'delivery-note.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(structureDocument, null, 2)),
  });
  await expect(json).toHaveValue(/"hints"/);
  await expect(json).toHaveValue(new RegExp(structureName));
  await page.getByRole('button', { name: 'Import structure' }).click();
  await expect(page).toHaveURL(/\/service\/structures\/[0-9a-f-]{36}\?version=1$/);
  await expect(page.getByRole('heading', { name: structureName })).toBeVisible();

  // A second version, starting from the first; version 1 stays as it was.
  const versionJson = page.getByLabel('…or paste the structure as JSON');
  const v2 = {
    schema: { ...structureDocument.schema, required: ['note_number', 'delivered_on'] },
    hints: structureDocument.hints,
  };
  await versionJson.fill(JSON.stringify(v2, null, 2));
  await page.getByRole('button', { name: 'Save as new version' }).click();
  await expect(page).toHaveURL(/\?version=2$/);
  await expect(page.getByRole('region', { name: 'JSON Schema of version 2' })).toContainText('delivered_on');
  await expect(page.getByRole('table', { name: 'Versions' }).locator('tbody tr')).toHaveCount(2);
  await shot(page, 'structure-versions');

  // Deployments: create one on version 1 of the new structure.
  await page.getByRole('link', { name: 'Deployments' }).first().click();
  await expect(page.getByRole('table', { name: 'Deployments' })).toContainText('Invoices');
  await page.getByLabel('Name').fill('E2E staging');
  await page.getByLabel('Structure version').selectOption({ label: `${structureName} — version 1` });
  await page.getByLabel('Price per page (EUR)').fill('-1');
  await page.getByRole('button', { name: 'Create deployment' }).click();
  await expect(page.getByText('The price per page cannot be negative.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('E2E staging');
  await page.getByLabel('Price per page (EUR)').fill('0.05');
  await shot(page, 'deployments');
  await page.getByRole('button', { name: 'Create deployment' }).click();
  await expect(page).toHaveURL(/\/service\/deployments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'E2E staging' })).toBeVisible();

  // Rename it and point it to version 2: the history shows both changes.
  await page.getByLabel('Name').fill('E2E production');
  await page.getByLabel('Structure version').selectOption({ label: `${structureName} — version 2 (latest)` });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('main').getByRole('status')).toContainText('name, structure version changed');
  const history = page.getByRole('table', { name: 'Deployment history' });
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText('E2E staging → E2E production');
  await expect(history.locator('tbody tr').first()).toContainText(
    `${structureName} v1 → ${structureName} v2`,
  );
  await expect(history.locator('tbody tr').last()).toContainText('Created');
  await expect(page.getByRole('heading', { name: 'E2E production' })).toBeVisible();
  await shot(page, 'deployment-history');

  // Accounts: create one, a bad top-up keeps what was typed, a good one adds to the balance.
  await page.getByRole('link', { name: 'Accounts & keys' }).first().click();
  await expect(page.getByRole('table', { name: 'Accounts' })).toContainText('e2e');
  await page.getByLabel('Name').fill(accountName);
  await page.getByLabel('Starting credits (EUR)').fill('10');
  await shot(page, 'accounts');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/service\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('account-credits')).toHaveText('€10.00');

  const amount = page.getByLabel('Amount (EUR)');
  await amount.fill('-5');
  await page.getByRole('button', { name: 'Top up' }).click();
  await expect(page.getByText('The amount must be more than 0.').first()).toBeVisible();
  await expect(amount).toHaveValue('-5');
  await amount.fill('250');
  await page.getByRole('button', { name: 'Top up' }).click();
  await expect(page.locator('main').getByRole('status')).toContainText('The balance is now €260.00');
  await expect(page.getByTestId('account-credits')).toHaveText('€260.00');

  // A key is shown once, works, and stops working when revoked.
  await page.getByLabel('Key name').fill('CI');
  await page.getByRole('button', { name: 'Create key' }).click();
  const keyBox = page.getByTestId('new-api-key');
  await expect(keyBox).toHaveValue(/^emk_/);
  await expect(page.getByText('it will not be shown again')).toBeVisible();
  const key = await keyBox.inputValue();
  await shot(page, 'api-key-created');
  const keys = page.getByRole('table', { name: 'API keys' });
  await expect(keys).toContainText(key.slice(0, 10));
  expect((await request.get('/v3/deployments', { headers: { 'x-api-key': key } })).status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  await keys.getByRole('button', { name: 'Revoke CI' }).click();
  await expect(page.getByText('Revoke “CI”?')).toBeVisible();
  await shot(page, 'api-key-revoke-confirm');
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(keys.locator('tbody tr').first()).toContainText('Revoked');
  expect((await request.get('/v3/deployments', { headers: { 'x-api-key': key } })).status()).toBe(401);
  await shot(page, 'account');

  // Back to the desk.
  await page.getByRole('link', { name: '← Back to the desk' }).click();
  await expect(page).toHaveURL(/\/entries$/);
});

test('the service pages and the export are for admins only', async ({ request }) => {
  const response = await request.get(
    '/service/structures/686efa4b-90ad-4c40-a985-b9805fba6652/versions/1/export',
    { maxRedirects: 0 },
  );
  // Without a session the proxy sends the browser to the login page; the handler itself says 401.
  expect([302, 303, 307, 401]).toContain(response.status());
  expect(response.status() === 401 || /\/login/.test(response.headers().location ?? '')).toBe(true);
});
