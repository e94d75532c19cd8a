import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe';
import { type InvoiceFixture, invoiceHtml, renderInvoicePdf } from './fixtures/invoice';
import { signIn } from './fixtures/session';

const artifacts = path.join(import.meta.dirname, '.artifacts');
const shots = path.join(artifacts, 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `flow-${name}.png`) });
const apiKey = () => fs.readFileSync(path.join(artifacts, 'api-key'), 'utf8').trim();
const ENTRY_URL = /\/entries\/([0-9a-f-]{36})(\?.*)?$/;

const pdfInvoice: InvoiceFixture = {
  number: 'INV-FLOW-3001',
  issueDate: '2026-11-05',
  dueDate: '2026-12-05',
  seller: 'Fabrikam Tools GmbH',
  buyer: 'Contoso Ltd',
  currency: 'EUR',
  lines: [
    { description: 'Torque wrench', quantity: 2, unitPrice: 80 },
    { description: 'Calibration', quantity: 1, unitPrice: 40 },
  ],
  taxRate: 0.2,
};

const imageInvoice: InvoiceFixture = {
  ...pdfInvoice,
  number: 'INV-FLOW-3002',
  seller: 'Tailspin Toys Ltd',
  lines: [{ description: 'Wooden train set', quantity: 3, unitPrice: 45 }],
};

async function signedInContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  return { context, page };
}

async function upload(page: Page, file: string): Promise<string> {
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

/** Demo entries seeded at start (lib/desk/demo.ts), by file name. */
async function demoEntryId(page: Page, filename: string): Promise<string> {
  await page.goto('/entries');
  const link = page.getByRole('link', { name: filename }).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!.match(/[0-9a-f-]{36}/)![0];
}

async function saveWithPreview(page: Page, notes?: string) {
  await page.keyboard.press('Control+s');
  const preview = page.getByRole('dialog', { name: /Save \d+ changes?\?/ });
  await expect(preview).toBeVisible();
  if (notes) await preview.getByLabel(/Notes/).fill(notes);
  return preview;
}

test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));

test('a reviewer corrects line items and header fields, approves, moves on by keyboard and rejects with a reason', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const pdf = path.join(artifacts, 'fabrikam-invoice.pdf');
  await renderInvoicePdf(browser, pdfInvoice, pdf);
  const png = path.join(artifacts, 'tailspin-invoice.png');
  const render = await browser.newPage({ viewport: { width: 900, height: 1100 } });
  await render.setContent(invoiceHtml(imageInvoice));
  await render.screenshot({ path: png, fullPage: true });
  await render.close();

  await signIn(page);
  const imageId = await upload(page, png);
  const pdfId = await upload(page, pdf);

  // The PDF with its text layer and the extracted line items.
  await expect(page.getByText('1 page', { exact: true })).toBeVisible();
  await expect(page.locator('[data-pointer="/invoice_number"]')).toHaveValue(pdfInvoice.number);
  await expect(page.locator('[data-pointer="/line_items/1/description"]')).toHaveValue('Calibration');
  await expectNoAxeViolations(page, testInfo, 'review page');

  // Selecting text on the PDF page fills the field the reviewer was in.
  await page.locator('[data-pointer="/buyer/name"]').focus();
  await page
    .locator('.emend-text-layer span', { hasText: 'Contoso' })
    .first()
    .dblclick({ position: { x: 4, y: 4 } });
  await expect(page.locator('[data-pointer="/buyer/name"]')).toHaveValue('Contoso');
  await expect(page.getByText('Filled the field with “Contoso”')).toBeVisible();
  // The old highlight (where the value was first read) goes: the value is the selection now.
  await expect(page.getByTestId('source-highlight')).toHaveCount(0);

  // Header field, one row added, one removed.
  await page.locator('[data-pointer="/invoice_number"]').fill('INV-FLOW-3001-A');
  await page.locator('[data-pointer="/buyer/name"]').fill('Contoso Limited');
  await page.getByRole('button', { name: 'Remove row 2' }).click();
  await page.getByRole('button', { name: 'Add row' }).click();
  await page.locator('[data-pointer="/line_items/1/description"]').fill('Express delivery');
  await page.locator('[data-pointer="/line_items/1/quantity"]').fill('1');
  await page.locator('[data-pointer="/line_items/1/unit_price"]').fill('15');
  await page.locator('[data-pointer="/line_items/1/amount"]').fill('15');
  const preview = await saveWithPreview(page, 'Buyer name and freight line');
  await expect(preview).toContainText('/invoice_number');
  await shot(page, 'patch-preview');
  await preview.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Saved/).first()).toBeVisible();
  // The shortcuts below are ignored while a dialog is open, as a reviewer's would be.
  await expect(preview).toBeHidden();

  const corrected = await serviceEntry(page, pdfId);
  expect(corrected.data.invoice_number).toBe('INV-FLOW-3001-A');
  expect(corrected.data.buyer.name).toBe('Contoso Limited');
  expect(corrected.data.line_items.map((l: { description: string }) => l.description)).toEqual([
    'Torque wrench',
    'Express delivery',
  ]);

  // Approve with the keyboard; the line items no longer add up to the subtotal, so it asks
  // for an override reason; the decision is recorded and shown.
  await page.keyboard.press('Control+Enter');
  const override = page.getByRole('dialog', { name: 'Approve with errors?' });
  await expect(override).toBeVisible();
  await override.getByLabel(/Why is it right as it is/).fill('Freight replaces the calibration line');
  await override.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(page.getByTestId('latest-decision')).toContainText('Approved by admin@emend.local');
  await expect(page.locator('main').getByText('approved', { exact: true })).toBeVisible();

  // History: who corrected what and when, and the decision, newest first.
  await page.getByRole('tab', { name: /History/ }).click();
  const history = page.getByTestId('review-history');
  await expect(history.locator('li').first()).toContainText('Approved');
  await expect(history).toContainText('Correction');
  await expect(history).toContainText('by admin@emend.local');
  await expect(history).toContainText('/invoice_number: "INV-FLOW-3001-A"');
  await expect(history).toContainText('Notes: Buyer name and freight line');
  await shot(page, 'history');
  await page.getByRole('tab', { name: 'Data' }).click();

  // ? opens the list of shortcuts (not while typing), Escape closes it.
  await page.locator('[data-pointer="/invoice_number"]').focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  await page.locator('[data-pointer="/invoice_number"]').fill('INV-FLOW-3001-A');
  await page.locator('h1').click();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Alt + N');
  await shot(page, 'shortcuts');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Alt+N: the next entry still to review.
  await page.keyboard.press('Alt+n');
  await expect(page).not.toHaveURL(new RegExp(pdfId));
  await expect(page).toHaveURL(ENTRY_URL);
  const nextId = page.url().match(ENTRY_URL)![1];
  expect(nextId).not.toBe(pdfId);

  // Reject needs a reason.
  await page.getByRole('button', { name: 'Reject…' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this entry?' });
  await reject.getByRole('button', { name: 'Reject entry' }).click();
  await expect(reject.getByRole('alert')).toHaveText('A rejection needs a reason.');
  await reject.getByLabel(/Reason/).fill('Duplicate of an invoice already booked');
  await shot(page, 'reject');
  await reject.getByRole('button', { name: 'Reject entry' }).click();
  await expect(page.getByTestId('latest-decision')).toContainText('Rejected by admin@emend.local');
  await expect(page.getByTestId('latest-decision')).toContainText('Duplicate of an invoice already booked');
  await shot(page, 'rejected');

  // The image: zoom in and drag to pan.
  await page.goto(`/entries/${imageId}`);
  const image = page.getByRole('img', { name: 'Document' });
  await expect(image).toBeVisible();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const pane = page.getByTestId('image-pane');
  const box = (await pane.boundingBox())!;
  const before = await pane.evaluate((el) => [el.scrollLeft, el.scrollTop]);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 150, { steps: 5 });
  await page.mouse.up();
  const after = await pane.evaluate((el) => [el.scrollLeft, el.scrollTop]);
  expect(after[0] + after[1]).toBeGreaterThan(before[0] + before[1]);
  await shot(page, 'image');
});

test('a multi-page PDF has a strip of page thumbnails that jump to their page', async ({ page }) => {
  await signIn(page);
  const file = path.join(import.meta.dirname, '../tests/fixtures/documents/invoice-multipage.pdf');
  await upload(page, file);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('button', { name: 'Go to page 1' })).toBeVisible();
  const last = pages.getByRole('button', { name: /Go to page \d+/ }).last();
  const label = (await last.getAttribute('aria-label'))!;
  const n = label.match(/\d+/)![0];
  await last.click();
  await expect(page.locator(`figure[data-page="${n}"]`)).toBeInViewport();
  await page.waitForTimeout(400); // let pdf.js paint for the screenshot
  await shot(page, 'thumbnails');
});

test('next entry follows the list filters passed in ?queue=', async ({ page }) => {
  await signIn(page);
  const id = await demoEntryId(page, 'litware-0093.txt');
  const queue = encodeURIComponent('review=to_review&status=completed,completed_with_errors');
  await page.goto(`/entries/${id}?queue=${queue}`);
  const href = await page.getByRole('link', { name: 'Next entry →' }).getAttribute('href');
  expect(href).toMatch(/^\/entries\/[0-9a-f-]{36}\?queue=/);
  const carried = new URLSearchParams(decodeURIComponent(href!.split('?queue=')[1]));
  expect(carried.get('review')).toBe('to_review');
  expect(carried.get('status')).toBe('completed,completed_with_errors');
  await expect(page.getByRole('link', { name: '← Entries' })).toHaveAttribute(
    'href',
    /\/entries\?.*review=to_review/,
  );
});

test('two reviewers save the same entry: the second sees a conflict and keeps their edits', async ({
  browser,
}) => {
  const first = await signedInContext(browser);
  const second = await signedInContext(browser);
  const id = await demoEntryId(first.page, 'blue-yonder-7781.txt');
  for (const { page } of [first, second]) {
    await page.goto(`/entries/${id}`);
    await expect(page.locator('[data-pointer="/invoice_number"]')).toBeVisible();
  }
  await first.page.locator('[data-pointer="/invoice_number"]').fill('BY-7781-FIRST');
  await second.page.locator('[data-pointer="/invoice_number"]').fill('BY-7781-SECOND');

  await (await saveWithPreview(first.page)).getByRole('button', { name: 'Confirm' }).click();
  await expect(first.page.getByText(/Saved/).first()).toBeVisible();

  const preview = await saveWithPreview(second.page);
  await preview.getByRole('button', { name: 'Confirm' }).click();
  // Who changed it and when (local time); nothing overwritten, the edits kept.
  await expect(
    second.page.getByText(/Conflict: admin@emend\.local changed this entry at/).first(),
  ).toBeVisible();
  await second.page.keyboard.press('Escape');
  await expect(second.page.locator('[data-pointer="/invoice_number"]')).toHaveValue('BY-7781-SECOND');
  await shot(second.page, 'conflict');
  expect((await serviceEntry(first.page, id)).data.invoice_number).toBe('BY-7781-FIRST');
  // "Apply my changes on top": the edits move onto the latest version and save cleanly.
  await second.page.getByRole('button', { name: 'Apply my changes on top' }).click();
  await expect(second.page.locator('[data-pointer="/invoice_number"]')).toHaveValue('BY-7781-SECOND');
  await (await saveWithPreview(second.page)).getByRole('button', { name: 'Confirm' }).click();
  await expect(second.page.getByText(/Saved/).first()).toBeVisible();
  expect((await serviceEntry(first.page, id)).data.invoice_number).toBe('BY-7781-SECOND');
  await first.context.close();
  await second.context.close();
});

test('a save while sending is paused waits in the outbox and arrives once sending resumes', async ({
  page,
  context,
}) => {
  await signIn(page);
  const id = await demoEntryId(page, 'litware-0093.txt');
  const before = (await serviceEntry(page, id)).data.total;

  // An admin pauses sending: to the desk the service is now unreachable for corrections.
  const admin = await context.newPage();
  await admin.goto('/settings');
  await admin.getByRole('button', { name: 'Pause sending' }).click();
  await expect(admin.getByText(/Sending is paused/)).toBeVisible();

  await page.goto(`/entries/${id}`);
  await page.locator('[data-pointer="/total"]').fill('4321.5');
  const preview = await saveWithPreview(page, 'Total from the scanned copy');
  await preview.getByRole('button', { name: 'Confirm' }).click();
  const notice = page.getByTestId('outbox-notice');
  await expect(notice).toContainText('Queued — will be sent when the service is back');
  await shot(page, 'queued');
  expect((await serviceEntry(page, id)).data.total).toBe(before);

  // It survives a reload: it is in the database.
  await page.reload();
  await expect(page.getByTestId('outbox-notice')).toContainText('Queued');
  await expect(page.locator('[data-pointer="/total"]')).toHaveValue(before.toFixed(2));

  await admin.reload();
  await expect(admin.getByTestId('outbox-pending')).toHaveText('1');
  await admin.getByRole('button', { name: 'Resume sending' }).click();
  await expect(admin.getByText(/are sent to the service as reviewers save/)).toBeVisible();

  await expect(page.getByTestId('outbox-notice')).toContainText('Sent', { timeout: 20_000 });
  await expect(page.locator('[data-pointer="/total"]')).toHaveValue('4321.50');
  await shot(page, 'sent');
  const entry = await serviceEntry(page, id);
  expect(entry.data.total).toBe(4321.5);
  expect(entry.corrections.at(-1).patches).toEqual([{ path: '/total', value: 4321.5 }]);
  expect(entry.corrections.at(-1).notes).toBe('Total from the scanned copy');
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.getByTestId('review-history').locator('li').first()).toContainText(
    'by admin@emend.local',
  );
});

test('a queued correction whose entry changed meanwhile becomes a conflict, never an overwrite', async ({
  page,
  context,
}) => {
  await signIn(page);
  const id = await demoEntryId(page, 'northwind-INV-2041.txt');
  const admin = await context.newPage();
  await admin.goto('/settings');
  await admin.getByRole('button', { name: 'Pause sending' }).click();
  await expect(admin.getByText(/Sending is paused/)).toBeVisible();

  await page.goto(`/entries/${id}`);
  await page.locator('[data-pointer="/invoice_number"]').fill('INV-2041-DESK');
  await (await saveWithPreview(page)).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('outbox-notice')).toContainText('Queued');

  // Meanwhile someone corrects the entry directly on the service.
  const direct = await page.request.post(`/v3/entries/${id}/correction`, {
    headers: { 'x-api-key': apiKey() },
    data: { patches: [{ path: '/invoice_number', value: 'INV-2041-API' }], notes: 'fixed by the ERP' },
  });
  expect(direct.status()).toBe(200);

  await admin.getByRole('button', { name: 'Resume sending' }).click();
  await expect(page.getByTestId('outbox-notice')).toContainText('Conflict:', { timeout: 20_000 });
  await expect(page.getByTestId('outbox-notice')).toContainText('nothing was overwritten');
  expect((await serviceEntry(page, id)).data.invoice_number).toBe('INV-2041-API');
  await expect(page.locator('[data-pointer="/invoice_number"]')).toHaveValue('INV-2041-API');
  await shot(page, 'outbox-conflict');

  // The reviewer's change comes back into the form, on the latest version, ready to save.
  await page.getByRole('button', { name: 'Put these changes back in the form' }).click();
  await expect(page.locator('[data-pointer="/invoice_number"]')).toHaveValue('INV-2041-DESK');
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  await expect(
    page.getByText('1 change put back on the latest version; check them, then save.'),
  ).toBeVisible();
  await shot(page, 'outbox-put-back');
  await (await saveWithPreview(page)).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Saved/).first()).toBeVisible();
  expect((await serviceEntry(page, id)).data.invoice_number).toBe('INV-2041-DESK');
});

test('admins manage users; the last admin cannot be demoted; reviewers do not see the page', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(page.getByRole('combobox', { name: 'Role of admin@emend.local' })).toBeDisabled();
  await page.getByLabel('Email').fill('reviewer.flow@emend.local');
  await page.getByLabel('Name (optional)').fill('Flow Reviewer');
  await page.getByRole('button', { name: 'Create user' }).click();
  const password = (await page.getByTestId('initial-password').textContent())!.trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await shot(page, 'users');

  // The same email again: a clear error on the field.
  await page.getByLabel('Email').fill('reviewer.flow@emend.local');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText(/already exists/)).toBeVisible();

  const reviewer = await browser.newContext();
  const rp = await reviewer.newPage();
  await signIn(rp, { email: 'reviewer.flow@emend.local', password });
  await expect(rp.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await rp.goto('/settings/users');
  await expect(rp).not.toHaveURL(/\/settings\/users/);
  await reviewer.close();

  // Promote, then the first admin is no longer the last one.
  await page.getByRole('combobox', { name: 'Role of reviewer.flow@emend.local' }).selectOption('admin');
  await expect(page.getByText('Now admin.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role of admin@emend.local' })).toBeEnabled();
});
