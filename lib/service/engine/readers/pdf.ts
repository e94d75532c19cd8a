import { createRequire } from 'node:module';
import path from 'node:path';
import { UnreadableDocumentError } from '../errors';
import { type Fragment, fragmentsToLines } from '../layout';
import type { Line } from '../types';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfJs> | null = null;

/** pdf.js, loaded once (the legacy build is the one meant for Node). */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

let assetDir: string | null | undefined;
/** Where pdf.js keeps its standard fonts and CMaps (needed for some PDFs' text), if findable. */
function pdfjsAssetDir(): string | null {
  if (assetDir !== undefined) return assetDir;
  try {
    const require = createRequire(import.meta.url);
    assetDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
  } catch {
    assetDir = path.join(process.cwd(), 'node_modules', 'pdfjs-dist');
  }
  return assetDir;
}

export type PdfDocumentProxy = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

export async function openPdf(bytes: Uint8Array): Promise<PdfDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const dir = pdfjsAssetDir();
  try {
    const task = pdfjs.getDocument({
      // pdf.js may transfer (detach) the buffer it gets: hand it a copy.
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
      ...(dir
        ? {
            standardFontDataUrl: `${path.join(dir, 'standard_fonts')}/`,
            cMapUrl: `${path.join(dir, 'cmaps')}/`,
            cMapPacked: true,
          }
        : {}),
    });
    return await task.promise;
  } catch (error) {
    const reason =
      (error as { name?: string }).name === 'PasswordException'
        ? 'it is password-protected'
        : (error as Error).message || String(error);
    throw new UnreadableDocumentError(`The PDF could not be opened: ${reason}`, { cause: error });
  }
}

export interface PdfPageText {
  number: number;
  lines: Line[];
  /** Characters of real text on the page; 0 means a scan that needs OCR. */
  chars: number;
}

/**
 * Reads the text layer of every page with positions; lines and spans carry page-fraction boxes.
 * `beforePage` runs before each page and may throw to stop (the time budget).
 */
export async function readPdfTextLayer(
  doc: PdfDocumentProxy,
  beforePage: () => void = () => {},
): Promise<PdfPageText[]> {
  const pdfjs = await loadPdfJs();
  const pages: PdfPageText[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    beforePage();
    const page = await doc.getPage(n);
    try {
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const fragments: Fragment[] = [];
      let chars = 0;
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const tx = pdfjs.Util.transform(viewport.transform, item.transform);
        const size = Math.hypot(tx[2], tx[3]) || Math.abs(item.height) || 1;
        const vertical = Math.abs(tx[1]) > Math.abs(tx[0]);
        const width = vertical ? size * item.str.length * 0.5 : item.width * viewport.scale;
        // tx[4], tx[5]: the baseline origin in viewport space (origin top left).
        const style = content.styles[item.fontName];
        const ascent = style?.ascent && style.ascent > 0.5 && style.ascent < 1.2 ? style.ascent : 0.88;
        const y = tx[5] - size * ascent;
        const mono =
          style?.fontFamily === 'monospace' && item.str.length > 0 ? width / item.str.length : undefined;
        if (!vertical && /\S\s{2,}\S/.test(item.str)) {
          // Columns laid out with runs of spaces (monospace text) inside one item: split them,
          // placing each piece by its share of the characters.
          const perChar = width / item.str.length;
          for (const m of item.str.matchAll(/\S+(?: \S+)*/g)) {
            fragments.push({
              text: m[0],
              x: tx[4] + (m.index ?? 0) * perChar,
              y,
              w: m[0].length * perChar,
              h: size,
              monoCharWidth: mono,
            });
          }
        } else {
          fragments.push({ text: item.str, x: tx[4], y, w: width, h: size, monoCharWidth: mono });
        }
        chars += item.str.trim().length;
      }
      // Cramped table cells sit ~0.6 em apart; word spaces are ~0.3 em: anything wider than 0.5 em splits.
      pages.push({
        number: n,
        lines: fragmentsToLines(fragments, viewport.width, viewport.height, { spanGap: 0.5 }),
        chars,
      });
    } finally {
      page.cleanup();
    }
  }
  return pages;
}
