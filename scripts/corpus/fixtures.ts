/**
 * Generates the small committed test fixtures under tests/fixtures/documents/.
 * Run once (and again when a fixture must change): `npx tsx scripts/corpus/fixtures.ts`.
 * The HTML sources are written next to the PDFs so a fixture can be inspected and regenerated.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { LAYOUTS } from './layouts';
import type { StructureKey } from './model';
import { rng } from './random';
import { htmlToJpeg, htmlToPdf, htmlToPng, imagePageHtml, launchBrowser, scanLook } from './render';
import { SAMPLERS } from './samplers';

const OUT = path.resolve(import.meta.dirname, '../../tests/fixtures/documents');

const STYLE = `
  body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 11pt; margin: 48px 56px; color: #111; }
  h1 { font-size: 22pt; margin: 0 0 24px; }
  .row { display: flex; justify-content: space-between; gap: 40px; }
  .meta td { padding: 2px 16px 2px 0; }
  table.items { width: 100%; border-collapse: collapse; margin-top: 28px; }
  table.items th { text-align: left; border-bottom: 1px solid #333; padding: 6px 4px; }
  table.items td { padding: 6px 4px; vertical-align: top; }
  table.items .num { text-align: right; }
  .totals { margin-left: auto; margin-top: 18px; }
  .totals td { padding: 3px 0 3px 32px; }
  .totals td.num { text-align: right; }
  .party { margin-top: 24px; line-height: 1.35; }
  .label { font-weight: bold; }
`;

interface Item {
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
}

function itemsTable(items: Item[]): string {
  const rows = items
    .map(
      (i) =>
        `<tr><td>${i.description}</td><td class="num">${i.quantity}</td><td class="num">${i.unitPrice}</td><td class="num">${i.amount}</td></tr>`,
    )
    .join('\n');
  return `<table class="items"><thead><tr><th>Description</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export const invoiceBasicHtml = `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>
<h1>INVOICE</h1>
<div class="row">
  <table class="meta">
    <tr><td class="label">Invoice No.</td><td>INV-2024-0042</td></tr>
    <tr><td class="label">Invoice date:</td><td>5 March 2024</td></tr>
    <tr><td class="label">Due date:</td><td>2024-04-04</td></tr>
    <tr><td class="label">Currency:</td><td>EUR</td></tr>
  </table>
</div>
<div class="row">
  <div class="party"><div class="label">From</div>Acme Widgets GmbH<br>Hauptstraße 12<br>10115 Berlin, Germany<br>VAT ID: DE123456789</div>
  <div class="party"><div class="label">Bill to</div>Globex Corporation<br>742 Evergreen Terrace<br>Springfield, OR 97403</div>
</div>
${itemsTable([
  { description: 'Widget, large (blue)', quantity: '10', unitPrice: '€ 12.50', amount: '€ 125.00' },
  { description: 'Assembly service', quantity: '3', unitPrice: '€ 80.00', amount: '€ 240.00' },
  { description: 'Shipping and handling', quantity: '1', unitPrice: '€ 1,234.56', amount: '€ 1,234.56' },
])}
<table class="totals">
  <tr><td>Subtotal</td><td class="num">€ 1,599.56</td></tr>
  <tr><td>VAT 19%</td><td class="num">€ 303.92</td></tr>
  <tr><td class="label">Total due</td><td class="num label">€ 1,903.48</td></tr>
</table>
<p style="margin-top:40px">Payment within 30 days. Thank you for your business.</p>
</body></html>`;

/** Thirty line items in EU number style, so the table continues onto a second page with a repeated header. */
function multipageItems(): { items: Item[]; subtotal: number } {
  const items: Item[] = [];
  let subtotal = 0;
  for (let n = 1; n <= 34; n++) {
    const qty = (n % 4) + 1;
    const unit = 1000 + n * 7.25;
    const amount = qty * unit;
    subtotal += amount;
    const eu = (v: number) =>
      v.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    items.push({
      description: `Consulting block ${n}`,
      quantity: String(qty),
      unitPrice: eu(unit),
      amount: eu(amount),
    });
  }
  return { items, subtotal: Math.round(subtotal * 100) / 100 };
}

export function invoiceMultipageHtml(): string {
  const { items, subtotal } = multipageItems();
  const eu = (v: number) => v.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const tax = Math.round(subtotal * 0.2 * 100) / 100;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE} thead { display: table-header-group; } tr { break-inside: avoid; }</style></head><body>
<h1>Rechnung / Invoice</h1>
<table class="meta">
  <tr><td class="label">Invoice #</td><td>R-7731</td></tr>
  <tr><td class="label">Date</td><td>05.03.2024</td></tr>
  <tr><td class="label">Payment due</td><td>04.04.2024</td></tr>
</table>
<div class="row">
  <div class="party"><div class="label">Vendor</div>Beispiel Beratung AG<br>Bahnhofstrasse 1<br>8001 Zürich</div>
  <div class="party"><div class="label">Sold to</div>Initech SARL<br>3 rue de la Paix<br>75002 Paris</div>
</div>
${itemsTable(items)}
<table class="totals">
  <tr><td>Net amount</td><td class="num">${eu(subtotal)} EUR</td></tr>
  <tr><td>VAT 20%</td><td class="num">${eu(tax)} EUR</td></tr>
  <tr><td class="label">Grand total</td><td class="num label">${eu(subtotal + tax)} EUR</td></tr>
</table>
</body></html>`;
}

export const multipageTruth = (() => {
  const { items, subtotal } = multipageItems();
  const tax = Math.round(subtotal * 0.2 * 100) / 100;
  return { count: items.length, subtotal, tax, total: Math.round((subtotal + tax) * 100) / 100 };
})();

/** A minimal Word document (one paragraph per line) with the basic invoice's text. */
async function invoiceDocx(): Promise<Uint8Array> {
  const lines = [
    'INVOICE',
    'Invoice No.: INV-2024-0042',
    'Invoice date: 5 March 2024',
    'Due date: 2024-04-04',
    'Currency: EUR',
    '',
    'From',
    'Acme Widgets GmbH',
    'Hauptstraße 12',
    '10115 Berlin, Germany',
    '',
    'Subtotal: € 1,599.56',
    'VAT 19%: € 303.92',
    'Total due: € 1,903.48',
  ];
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${esc(l)}</w:t></w:r></w:p>`).join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

async function main() {
  const browser = await launchBrowser();
  try {
    const multi = invoiceMultipageHtml();
    await writeFile(path.join(OUT, 'invoice-basic.html'), invoiceBasicHtml);
    await writeFile(path.join(OUT, 'invoice-basic.pdf'), await htmlToPdf(browser, invoiceBasicHtml));
    await writeFile(path.join(OUT, 'invoice-multipage.html'), multi);
    await writeFile(path.join(OUT, 'invoice-multipage.pdf'), await htmlToPdf(browser, multi));
    // A small screenshot of the basic invoice for the OCR test (1.25x scale keeps it small).
    const png = await htmlToPng(browser, invoiceBasicHtml, 1.25);
    await writeFile(path.join(OUT, 'invoice-basic.png'), png);
    // The same page as a "scan": a PDF holding only a slightly rotated image, no text layer.
    const jpeg = await htmlToJpeg(browser, scanLook(invoiceBasicHtml, 0.6), 1.5, 55);
    await writeFile(path.join(OUT, 'invoice-scanned.pdf'), await htmlToPdf(browser, imagePageHtml(jpeg)));
    await writeFile(path.join(OUT, 'invoice-basic.docx'), await invoiceDocx());
    // One document per other seeded structure, from the corpus model, with its ground truth.
    const others: [StructureKey, string, number][] = [
      ['receipt', 'captions', 11],
      ['purchase_order', 'classic', 12],
      ['bank_statement', 'header-row', 13],
    ];
    for (const [structure, layoutId, seed] of others) {
      const layout = LAYOUTS.find((l) => l.id === layoutId)!;
      const { model, truth } = SAMPLERS[structure](rng(seed), { heldOut: false, long: false });
      const name = structure.replace('_', '-');
      await writeFile(path.join(OUT, `${name}.pdf`), await htmlToPdf(browser, layout.render(model)));
      await writeFile(path.join(OUT, `${name}.truth.json`), `${JSON.stringify(truth, null, 2)}\n`);
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
}
