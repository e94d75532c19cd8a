import type { Db } from '@/lib/db/client';
import { storeDocument } from '@/lib/desk/document-copies';
import { indexEntry } from '@/lib/desk/entry-index';
import { countEntries } from '@/lib/desk/entry-list';
import type { ExtractionClient } from '@/lib/extraction-api/client';

/** Invoice deployment seeded by the embedded service (lib/service/seed.ts). */
const DEMO_DEPLOYMENT_ID = 'e1a96427-7d36-457a-bdbf-85f8f35aa6e8';

const demoInvoices: { filename: string; text: string }[] = [
  {
    filename: 'northwind-INV-2041.txt',
    text: `Northwind Traders Ltd
12 Harbour Street, Bristol BS1 4QA
VAT ID: GB123456789

INVOICE
Invoice number: INV-2041
Invoice date: 2026-10-02
Due date: 2026-11-01
Bill to: Contoso GmbH
Currency: EUR

Description            Quantity   Unit price   Amount
Espresso beans 1kg     10         18.50        185.00
Milk frother           2          42.00        84.00

Subtotal: 269.00
Tax: 51.11
Total: 320.11
`,
  },
  {
    filename: 'blue-yonder-7781.txt',
    text: `Blue Yonder Airlines
400 Skyway Drive, Seattle WA 98101

Invoice No.: BY-7781
Date: 2026-09-15
Due: 2026-10-15
Bill to: Fabrikam Inc.
Currency: USD

Description            Quantity   Unit price   Amount
Charter flight         1          4,800.00     4,800.00
Catering               1          350.00       350.00

Subtotal: 5,150.00
Tax: 412.00
Total: 5,612.00
`,
  },
  {
    filename: 'litware-0093.txt',
    text: `Litware Office Supplies
Via Roma 5, 20121 Milano

Invoice #: LW-0093
Invoice date: 2026-10-20
Due date: 2026-10-10
Bill to: Tailspin Toys
Currency: EUR

Description            Quantity   Unit price   Amount
Paper A4 (box)         5          21.00        105.00
Toner cartridge        1          89.00        89.00

Subtotal: 194.00
Tax: 42.68
Total: 246.68
`,
  },
];

/** On a fresh install, runs a few demo invoices through the service so the desk is not empty. */
export async function seedDemoEntries(db: Db, client: ExtractionClient): Promise<number> {
  if ((await countEntries(db, {})).total > 0) return 0;
  let seeded = 0;
  for (const invoice of demoInvoices) {
    const document = await storeDocument(db, {
      bytes: new TextEncoder().encode(invoice.text),
      filename: invoice.filename,
      mimeType: 'text/plain',
      uploadedBy: null,
    });
    const entry = await client.processSync(DEMO_DEPLOYMENT_ID, {
      documents: [{ type: 'text', text: invoice.text }],
      metadata: { demo: true, filename: invoice.filename },
    });
    await indexEntry(db, entry, { documentId: document.id, documentName: invoice.filename, createdBy: null });
    seeded++;
  }
  return seeded;
}
