// Select-to-fill where the file has no text of its own: the OCR'd words of an image or a scanned
// PDF lie over the picture, and selecting them fills the field the reviewer was in.
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './fixtures/session';

const documents = path.join(import.meta.dirname, '../tests/fixtures/documents');
const shots = path.join(import.meta.dirname, '.artifacts', 'screenshots');
const ENTRY_URL = /\/entries\/([0-9a-f-]{36})(\?.*)?$/;

async function upload(page: Page, file: string) {
  await page.goto('/upload');
  await page.getByLabel('Deployment').selectOption({ label: 'Invoices' });
  await page.getByLabel('Document').setInputFiles(path.join(documents, file));
  await page.getByRole('button', { name: 'Extract' }).click();
  await expect(page).toHaveURL(ENTRY_URL, { timeout: 90_000 });
}

/** Empties a field as a person does: into it, select everything, delete. */
async function emptyField(field: Locator) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await expect(field).toHaveValue('');
}

/** Drags the mouse across a piece of text, from its first letter to its last. */
async function dragAcross(page: Page, text: Locator) {
  const box = (await text.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

test('selecting OCR text on a PNG fills the field the reviewer was in', async ({ page }) => {
  await signIn(page);
  await upload(page, 'invoice-basic.png');
  const layer = page.getByTestId('ocr-text-layer');
  const phrase = layer.locator('[data-ocr-text]', { hasText: 'Globex Corporation' }).first();
  await expect(phrase).toBeAttached({ timeout: 60_000 });

  const buyer = page.locator('[data-pointer="/buyer/name"]');
  await emptyField(buyer);
  await dragAcross(page, phrase);
  await expect(buyer).toHaveValue('Globex Corporation');
  await expect(page.getByText('Filled the field with “Globex Corporation”')).toBeVisible();

  // A drag that starts beside the words still pans the picture, and fills nothing.
  const invoiceNumber = page.locator('[data-pointer="/invoice_number"]');
  await invoiceNumber.click();
  const before = await invoiceNumber.inputValue();
  // A point of the picture with no word on it, in view.
  const blank = await page.getByTestId('image-pane').evaluate((pane) => {
    const r = pane.getBoundingClientRect();
    const bottom = Math.min(r.bottom, window.innerHeight) - 10;
    for (let y = bottom; y > r.top + 40; y -= 10) {
      const x = r.left + r.width / 2;
      const hit = document.elementFromPoint(x, y);
      if (hit?.nodeName === 'IMG' || hit?.getAttribute('data-testid') === 'ocr-text-layer') return { x, y };
    }
    return null;
  });
  expect(blank).not.toBeNull();
  await page.mouse.move(blank!.x, blank!.y);
  await page.mouse.down();
  await page.mouse.move(blank!.x, blank!.y - 150, { steps: 5 });
  await page.mouse.up();
  await expect(invoiceNumber).toHaveValue(before);
  await page.screenshot({ path: path.join(shots, 'select-to-fill-image.png') });
});

test('selecting OCR text on a scanned PDF page fills the field too', async ({ page }) => {
  await signIn(page);
  await upload(page, 'invoice-scanned.pdf');
  const words = page.locator('figure[data-page="1"] [data-ocr-text]');
  await expect(words.first()).toBeAttached({ timeout: 60_000 });
  const phrase = words.filter({ hasText: /^INV-/ }).first();
  const printed = (await phrase.textContent())!.trim();

  const invoiceNumber = page.locator('[data-pointer="/invoice_number"]');
  await emptyField(invoiceNumber);
  await dragAcross(page, phrase);
  await expect(invoiceNumber).toHaveValue(printed);
});
