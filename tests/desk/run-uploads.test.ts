import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  detectDocumentType,
  MAX_RUN_FILE_BYTES,
  UploadRefused,
  unzipDocuments,
} from '@/lib/desk/runs/uploads';

const text = (s: string) => new TextEncoder().encode(s);

describe('run uploads', () => {
  it('reads a ZIP of documents, skipping folders, dot files and macOS forks', async () => {
    const zip = zipSync({
      'b/invoice-2.txt': text('Invoice number: 2'),
      'invoice-1.txt': text('Invoice number: 1'),
      '__MACOSX/._invoice-1.txt': text('fork'),
      '.DS_Store': text('x'),
      'empty/': new Uint8Array(),
    });
    const files = await unzipDocuments(zip, 10_000);
    expect(files.map((f) => f.name)).toEqual(['invoice-1.txt', 'invoice-2.txt']);
    expect(new TextDecoder().decode(files[1].bytes)).toBe('Invoice number: 2');
  });

  it('refuses a ZIP over the budget before inflating it, and one that is not a ZIP', async () => {
    const zip = zipSync({ 'a.txt': new Uint8Array(5_000).fill(65), 'b.txt': new Uint8Array(5_000).fill(66) });
    await expect(unzipDocuments(zip, 8_000)).rejects.toThrow(UploadRefused);
    await expect(unzipDocuments(zip, 8_000)).rejects.toThrow(/more than/);
    await expect(unzipDocuments(text('not a zip at all'), 8_000)).rejects.toThrow(/could not be read/);
    expect(MAX_RUN_FILE_BYTES).toBe(50 * 1024 * 1024);
  });

  it('types documents from their bytes, text by extension, and refuses the rest', async () => {
    const pdf = text('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    expect(await detectDocumentType(pdf, 'whatever.bin')).toBe('application/pdf');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    expect(await detectDocumentType(png, 'scan.png')).toBe('image/png');
    expect(await detectDocumentType(text('Invoice number: 1'), 'a.txt')).toBe('text/plain');
    expect(await detectDocumentType(text('a,b\n1,2'), 'a.csv')).toBe('text/csv');
    expect(await detectDocumentType(text('Invoice'), 'a.exe')).toBeNull();
    expect(await detectDocumentType(new Uint8Array([0xff, 0xfe, 0xfd, 0x80]), 'a.txt')).toBeNull();
    expect(await detectDocumentType(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'a.txt')).toBeNull();
  });
});
