import { deflateRawSync, deflateSync, constants as zlibConstants, crc32 as zlibCrc32 } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';

/**
 * Hostile documents, made on the spot (a few KB each): the attacks of issue 11 and the classics.
 * Shared by tests/hostile and `npm run bench:hostile`.
 */

/** A PDF of `pages` pages, optionally each with a line of text, and optionally with JavaScript. */
export function pdfWithPages(
  pages: number,
  options: { text?: (page: number) => string; javascript?: boolean } = {},
): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) as number; // object number = index + 1
  add(
    `<< /Type /Catalog /Pages 2 0 R${options.javascript ? ' /OpenAction 3 0 R /Names << /JavaScript << /Names [(x) 3 0 R] >> >>' : ''} >>`,
  );
  add('PAGES'); // filled in once the kids are known
  add("<< /S /JavaScript /JS (app.alert('hi'); while(true){}) >>");
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'); // 4
  const kids: number[] = [];
  const blank = add('<< /Length 0 >>\nstream\n\nendstream');
  for (let n = 1; n <= pages; n++) {
    let content = blank;
    if (options.text) {
      const line = `BT /F1 14 Tf 72 720 Td (${options.text(n).replace(/[()\\]/g, '')}) Tj ET`;
      content = add(`<< /Length ${line.length} >>\nstream\n${line}\nendstream`);
    }
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Count ${pages} /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] >>`;
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return strToU8(out, true);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(strToU8(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, zlibCrc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A PNG that says it is width × height (greyscale): a few KB of zeros, deflated, whatever its size. */
export function pngOfSize(width: number, height: number, rows = Math.min(height, 64)): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = new Uint8Array(rows * (width + 1));
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', new Uint8Array(0)),
  ];
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const DOCX_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const DOCX_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

/** A DOCX whose document.xml is `paragraphs` copies of one paragraph: it inflates hundreds to one. */
export function docxBomb(paragraphs: number): Uint8Array {
  const para = '<w:p><w:r><w:t>Invoice line that repeats</w:t></w:r></w:p>';
  const body = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${para.repeat(paragraphs)}</w:body></w:document>`;
  return zipSync(
    {
      '[Content_Types].xml': strToU8(DOCX_TYPES),
      _rels: { '.rels': strToU8(DOCX_RELS) },
      word: { 'document.xml': strToU8(body) },
    },
    { level: 9 },
  );
}

/** An XLSX-looking archive whose one sheet inflates hundreds to one. */
export function xlsxBomb(rows: number): Uint8Array {
  const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
  return zipSync(
    {
      '[Content_Types].xml': strToU8(DOCX_TYPES.replace('/word/document.xml', '/xl/workbook.xml')),
      xl: {
        worksheets: {
          'sheet1.xml': strToU8(`<worksheet><sheetData>${row.repeat(rows)}</sheetData></worksheet>`),
        },
      },
    },
    { level: 9 },
  );
}

/**
 * A ZIP written by hand: one local file (`name`, raw-deflated `data` inflating to `size` bytes)
 * and a central directory of `names.length` records that all point at it — one record is an
 * honest archive, several are the overlapping-entries bomb.
 */
function handZip(data: Uint8Array, size: number, crc: number, name: string, names: string[]): Uint8Array {
  const header = (signature: number, fileName: Uint8Array, central: boolean) => {
    const at = central ? 46 : 30;
    const out = new Uint8Array(at + fileName.length);
    const v = new DataView(out.buffer);
    v.setUint32(0, signature, true);
    v.setUint16(4, 20, true); // version made by / needed
    if (central) v.setUint16(6, 20, true);
    const o = central ? 2 : 0; // the central record has "version made by" first
    v.setUint16(8 + o, 8, true); // deflate
    v.setUint32(14 + o, crc, true);
    v.setUint32(18 + o, data.length, true);
    v.setUint32(22 + o, size, true);
    v.setUint16(26 + o, fileName.length, true);
    // The central record's local-header offset (42) stays 0: every entry points at the one file.
    out.set(fileName, at);
    return out;
  };
  const local = concat([header(0x04034b50, strToU8(name), false), data]);
  const directory = concat(names.map((n) => header(0x02014b50, strToU8(n), true)));
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, names.length, true);
  ev.setUint16(10, names.length, true);
  ev.setUint32(12, directory.length, true);
  ev.setUint32(16, local.length, true);
  return concat([local, directory, eocd]);
}

/**
 * A ZIP whose central directory lists `entries` files that all point at the same compressed data
 * (the overlapping-entries bomb): each entry is honest about its size, together they are huge.
 */
export function overlappingZip(entries: number, name = (i: number) => `word/part${i}.xml`): Uint8Array {
  const zeros = new Uint8Array(1024 * 1024);
  const names = Array.from({ length: entries }, (_, i) => name(i));
  return handZip(deflateRawSync(zeros), zeros.length, zlibCrc32(zeros), 'a.xml', names);
}

/** A ZIP of `entries` empty files (100,000 wraps the 16-bit entry count, as real ones do). */
export function manyEntriesZip(entries: number): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < entries; i++) files[`f${i}.txt`] = new Uint8Array(0);
  return zipSync(files, { level: 0 });
}

/** A ZIP with a ZIP inside. */
export function nestedZip(): Uint8Array {
  const inner = zipSync({ 'invoice.txt': strToU8('Invoice INV-1 Total 10.00 EUR') });
  return zipSync({ 'inner.zip': inner, 'a.txt': strToU8('Invoice INV-2 Total 5.00 EUR') });
}

export const malformed = {
  pdf: () =>
    strToU8('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF'),
  /** A PNG with a sane header and garbage where the pixels should be. */
  png: () => {
    const good = pngOfSize(100, 100);
    const bad = good.slice();
    bad.fill(0x55, 41, bad.length - 12);
    return bad;
  },
  docx: () => {
    const good = docxBomb(3);
    return good.slice(0, Math.floor(good.length / 2)); // cut in half: no central directory
  },
};

/** A ZIP of one file of `bytes` zeros, made without ever holding them (see deflateRawChunks). */
export function zeroZip(bytes: number, name = 'zeros.txt'): Uint8Array {
  const chunk = new Uint8Array(1024 * 1024);
  let crc = 0;
  for (let left = bytes; left > 0; left -= chunk.length) {
    crc = zlibCrc32(chunk.subarray(0, Math.min(left, chunk.length)), crc);
  }
  return handZip(deflateRawChunks(bytes), bytes, crc, name, [name]);
}

/**
 * Raw deflate of `bytes` zeros without deflating them all: one 1 MB block sequence, flushed to a
 * byte boundary (back-references only reach zeros, so it can be repeated), then an empty final block.
 */
function deflateRawChunks(bytes: number): Uint8Array {
  const mb = 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(mb), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const parts: Uint8Array[] = [];
  for (let left = bytes; left > 0; left -= mb) {
    parts.push(
      left >= mb ? block : deflateRawSync(Buffer.alloc(left), { finishFlush: zlibConstants.Z_SYNC_FLUSH }),
    );
  }
  parts.push(new Uint8Array([0x03, 0x00]));
  return concat(parts);
}

/**
 * A scanned PDF: each page an image of typed text (150 dpi, greyscale, no text layer), as a
 * scanner makes them — for checking that real scans still extract under the limits.
 */
export async function scannedPdf(pages: number, text: (page: number) => string): Promise<Uint8Array> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const width = 1240;
  const height = 1754;
  const objects: (string | Uint8Array)[] = [];
  const add = (body: string | Uint8Array) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  const kids: number[] = [];
  for (let n = 1; n <= pages; n++) {
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#111';
    ctx.font = '28px sans-serif';
    text(n)
      .split('\n')
      .forEach((line, i) => {
        ctx.fillText(line, 120, 160 + i * 44);
      });
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4 + 1];
    const data = deflateSync(grey);
    const head = strToU8(
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    );
    const image = add(concat([head, data, strToU8('\nendstream')]));
    const draw = `q 612 0 0 792 0 0 cm /Im Do Q`;
    const content = add(`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im ${image} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Count ${pages} /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] >>`;
  const parts: Uint8Array[] = [strToU8('%PDF-1.7\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const bytes = concat([
      strToU8(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? strToU8(body) : body,
      strToU8('\nendobj\n'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  });
  let trailer = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) trailer += `${String(o).padStart(10, '0')} 00000 n \n`;
  trailer += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(strToU8(trailer));
  return concat(parts);
}
