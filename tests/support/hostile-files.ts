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

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(strToU8(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
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
 * A ZIP whose central directory lists `entries` files that all point at the same compressed data
 * (the overlapping-entries bomb): each entry is honest about its size, together they are huge.
 */
export function overlappingZip(entries: number, name = (i: number) => `word/part${i}.xml`): Uint8Array {
  const data = deflateSync(new Uint8Array(1024 * 1024), { level: 9 }); // 1 MB of zeros
  const crc = crc32(new Uint8Array(1024 * 1024));
  const local = new Uint8Array(30 + 5);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint16(8, 8, true);
  lv.setUint32(14, crc, true);
  lv.setUint32(18, data.length, true);
  lv.setUint32(22, 1024 * 1024, true);
  lv.setUint16(26, 5, true);
  local.set(strToU8('a.xml'), 30);
  const dir: Uint8Array[] = [];
  for (let i = 0; i < entries; i++) {
    const n = strToU8(name(i));
    const e = new Uint8Array(46 + n.length);
    const v = new DataView(e.buffer);
    v.setUint32(0, 0x02014b50, true);
    v.setUint16(4, 20, true);
    v.setUint16(6, 20, true);
    v.setUint16(10, 8, true);
    v.setUint32(16, crc, true);
    v.setUint32(20, data.length, true);
    v.setUint32(24, 1024 * 1024, true);
    v.setUint16(28, n.length, true);
    v.setUint32(42, 0, true); // every entry at offset 0
    e.set(n, 46);
    dir.push(e);
  }
  const dirBytes = concat(dir);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries, true);
  ev.setUint16(10, entries, true);
  ev.setUint32(12, dirBytes.length, true);
  ev.setUint32(16, local.length + data.length, true);
  return concat([local, data, dirBytes, eocd]);
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

/** A ZIP of one file of `bytes` zeros, deflated in 1 MB steps (so making it costs no memory). */
export function zeroZip(bytes: number, name = 'zeros.txt'): Uint8Array {
  const chunk = new Uint8Array(1024 * 1024);
  const parts: Uint8Array[] = [];
  let crc = 0;
  for (let left = bytes; left > 0; left -= chunk.length)
    crc = zlibCrc32(chunk.subarray(0, Math.min(left, chunk.length)), crc);
  const data = deflateRawChunks(bytes);
  parts.push(data);
  const n = strToU8(name);
  const local = new Uint8Array(30 + n.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint16(8, 8, true);
  lv.setUint32(14, crc, true);
  lv.setUint32(18, data.length, true);
  lv.setUint32(22, bytes, true);
  lv.setUint16(26, n.length, true);
  local.set(n, 30);
  const entry = new Uint8Array(46 + n.length);
  const v = new DataView(entry.buffer);
  v.setUint32(0, 0x02014b50, true);
  v.setUint16(4, 20, true);
  v.setUint16(6, 20, true);
  v.setUint16(10, 8, true);
  v.setUint32(16, crc, true);
  v.setUint32(20, data.length, true);
  v.setUint32(24, bytes, true);
  v.setUint16(28, n.length, true);
  entry.set(n, 46);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, 1, true);
  ev.setUint16(10, 1, true);
  ev.setUint32(12, entry.length, true);
  ev.setUint32(16, local.length + data.length, true);
  return concat([local, data, entry, eocd]);
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
