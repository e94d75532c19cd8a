import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument, ruleExtractor, UnreadableDocumentError } from './index';

const invoice = seedDefinition('invoice');

/** A minimal, valid XLSX (inline strings, one sheet), as a spreadsheet program writes it. */
async function xlsx(rows: (string | number)[][]): Promise<Uint8Array> {
  const col = (i: number) => String.fromCharCode(65 + i);
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((v, c) =>
          typeof v === 'number'
            ? `<c r="${col(c)}${r + 1}"><v>${v}</v></c>`
            : `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`,
        )
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  );
  zip.file(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Invoice" sheetId="1" r:id="rId1"/></sheets></workbook>',
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  );
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'uint8array' });
}

describe('XLSX', () => {
  it('reads a sheet as a table whose rows become line items', async () => {
    const bytes = await xlsx([
      ['Invoice number', 'XL-77'],
      ['Currency', 'EUR'],
      [],
      ['Description', 'Qty', 'Unit price', 'Amount'],
      ['Paper A4', 5, 4.5, 22.5],
      ['Toner', 1, 89, 89],
      ['Total', '', '', 111.5],
    ]);
    const doc = await readDocument({ bytes, filename: 'invoice.xlsx' });
    expect(doc.kind).toBe('xlsx');
    expect(doc.pages[0].lines.map((l) => l.spans.map((s) => s.text))).toContainEqual([
      'Paper A4',
      '5',
      '4.5',
      '22.5',
    ]);
    const { data } = await ruleExtractor.extract([doc], invoice);
    expect(data).toMatchObject({ invoice_number: 'XL-77', currency: 'EUR', total: 111.5 });
    expect(data.line_items).toEqual([
      { description: 'Paper A4', quantity: 5, unit_price: 4.5, amount: 22.5 },
      { description: 'Toner', quantity: 1, unit_price: 89, amount: 89 },
    ]);
  });

  it('refuses a broken spreadsheet with a clear error', async () => {
    const broken = (await xlsx([['a']])).slice(0, 200);
    await expect(
      readDocument({
        bytes: broken,
        filename: 'x.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ).rejects.toBeInstanceOf(UnreadableDocumentError);
  });
});
