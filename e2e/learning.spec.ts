import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './fixtures/session';

const artifacts = path.join(import.meta.dirname, '.artifacts');
const shots = path.join(artifacts, 'screenshots');
const apiKey = () => fs.readFileSync(path.join(artifacts, 'api-key'), 'utf8').trim();
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `learning-${name}.png`), fullPage: true });

const INVOICES = 'e1a96427-7d36-457a-bdbf-85f8f35aa6e8';
const run = Date.now().toString(36);
const issuer = `Kestrel ${run.toUpperCase()} Analytics Pty Ltd`;
const invoice = (ref: string, total: string) => `${issuer}
12 Wharf Road
Sydney NSW 2000

Our ref.       ${ref}
Issued         2 March 2026

Sum to remit
${total}`;

test('a correction teaches the service; the dashboard lists the lesson and forgets it', async ({ page }) => {
  fs.mkdirSync(shots, { recursive: true });
  const headers = { 'x-api-key': apiKey() };
  const extract = async (text: string) => {
    const res = await page.request.post(`/v3/deployments/${INVOICES}`, {
      headers,
      data: { documents: [{ text }] },
    });
    expect(res.status()).toBe(200);
    return res.json();
  };
  const a = await extract(invoice('KA-1', 'A$1,100.00'));
  const corrected = await page.request.post(`/v3/entries/${a.entry_id}/correction`, {
    headers,
    data: {
      patches: [
        { path: '/invoice_number', value: 'KA-1' },
        { path: '/total', value: 1100 },
      ],
    },
  });
  expect((await corrected.json()).learned_fields).toEqual(
    expect.arrayContaining(['/invoice_number', '/total']),
  );
  const b = await extract(invoice('KA-2', 'A$2,420.50'));
  expect(b.data).toMatchObject({ invoice_number: 'KA-2', total: 2420.5 });
  expect(b.sources['/invoice_number'].method).toBe('learned');

  await signIn(page);
  await page.goto('/service/memory');
  const card = page.locator(`[data-issuer="${issuer}"]`);
  await expect(card).toContainText('/invoice_number');
  await expect(card).toContainText('right of “Our ref.”');
  await expect(card).toContainText('under “Sum to remit”');
  await shot(page, 'memory');

  await card.getByRole('button', { name: `Forget everything learned about ${issuer}` }).click();
  await expect(page.locator(`[data-issuer="${issuer}"]`)).toHaveCount(0);
  const c = await extract(invoice('KA-3', 'A$3.00'));
  expect(c.sources['/invoice_number']?.method).toBeUndefined();
});
