/**
 * Rendering the held-out documents: A4 pages through the shared Chromium helpers (../render.ts),
 * narrow till receipts at their own paper width, and scanned copies made from a clean screenshot the
 * way a scanner or phone would spoil it: turned, softened, noisy, unevenly lit, lower resolution, JPEG.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Browser } from '@playwright/test';
import { htmlToPdf, htmlToPng, imagePageHtml } from '../render';
import { rng } from './random';

export const CLEAN_DPI = 150;
const CSS_DPI = 96;
const MM_PER_INCH = 25.4;

export type PageKind = 'a4' | 'receipt';

/** Paper width of till receipts. */
export const RECEIPT_WIDTH_MM = 80;
const mmToCss = (mm: number) => Math.round((mm / MM_PER_INCH) * CSS_DPI);

export async function renderPdf(browser: Browser, html: string, kind: PageKind): Promise<Uint8Array> {
  if (kind === 'a4') return htmlToPdf(browser, html);
  const page = await browser.newPage({ viewport: { width: mmToCss(RECEIPT_WIDTH_MM), height: 600 } });
  try {
    await page.setContent(html, { waitUntil: 'load' });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const pdf = await page.pdf({
      width: `${RECEIPT_WIDTH_MM}mm`,
      height: `${height + 2}px`,
      printBackground: true,
      margin: { top: '0', bottom: '0', left: '0', right: '0' },
    });
    return new Uint8Array(pdf);
  } finally {
    await page.close();
  }
}

/** A clean screenshot at 150 dpi (A4: the whole page; receipt: the strip of paper). */
export async function renderPng(browser: Browser, html: string, kind: PageKind): Promise<Uint8Array> {
  const scale = CLEAN_DPI / CSS_DPI;
  if (kind === 'a4') return htmlToPng(browser, html, scale);
  const page = await browser.newPage({
    viewport: { width: mmToCss(RECEIPT_WIDTH_MM), height: 400 },
    deviceScaleFactor: scale,
  });
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return new Uint8Array(await page.screenshot({ fullPage: true, type: 'png' }));
  } finally {
    await page.close();
  }
}

/** Pages in a PDF written by Chromium (each page object says `/Type /Page`). */
export function pdfPageCount(pdf: Uint8Array): number {
  return (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type\s*\/Page(?![s\w])/g) ?? []
  ).length;
}

export interface ScanParams {
  degrees: number;
  /** Resolution of the scan (the clean screenshot is 150 dpi). */
  dpi: number;
  blur: number;
  /** Standard deviation of the grey-level noise. */
  noise: number;
  jpegQuality: number;
  seed: number;
}

/** Gaussian noise from two uniforms (Box–Muller). */
function gaussian(next: () => number): number {
  const u = 1 - next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

/** The clean screenshot as a scanner would return it: a JPEG and the same pixels as PNG. */
export async function scanImage(
  cleanPng: Uint8Array,
  p: ScanParams,
): Promise<{ jpeg: Uint8Array; png: Uint8Array }> {
  const img = await loadImage(Buffer.from(cleanPng));
  const k = p.dpi / CLEAN_DPI;
  const w = Math.round(img.width * k);
  const h = Math.round(img.height * k);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ecebe6';
  ctx.fillRect(0, 0, w, h);
  ctx.translate(w / 2, h / 2);
  ctx.rotate((p.degrees * Math.PI) / 180);
  ctx.translate(-w / 2, -h / 2);
  ctx.filter = `blur(${p.blur}px)`;
  ctx.drawImage(img, 0, 0, w, h);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = 'none';

  const r = rng(p.seed);
  const image = ctx.getImageData(0, 0, w, h);
  const d = image.data;
  const light = r.next() < 0.5 ? 1 : -1;
  for (let i = 0, px = 0; i < d.length; i += 4, px++) {
    const x = px % w;
    const y = (px - x) / w;
    const grey = 0.3 * d[i] + 0.59 * d[i + 1] + 0.11 * d[i + 2];
    // Lamp light falls off towards one side and the bottom; paper is never pure white.
    const shade = 0.97 - 0.05 * (light > 0 ? x / w : 1 - x / w) - 0.03 * (y / h);
    const v = Math.max(0, Math.min(255, grey * shade + gaussian(r.next) * p.noise));
    d[i] = v;
    d[i + 1] = v;
    d[i + 2] = v;
  }
  // Dust: small dark specks.
  for (let n = 0; n < (w * h) / 9000; n++) {
    const x = r.int(0, w - 2);
    const y = r.int(0, h - 2);
    const v = r.int(40, 140);
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
    ]) {
      const j = ((y + dy) * w + x + dx) * 4;
      d[j] = v;
      d[j + 1] = v;
      d[j + 2] = v;
    }
  }
  ctx.putImageData(image, 0, 0);
  const jpeg = new Uint8Array(await canvas.encode('jpeg', p.jpegQuality));
  const decoded = await loadImage(Buffer.from(jpeg));
  const again = createCanvas(w, h);
  again.getContext('2d').drawImage(decoded, 0, 0);
  return { jpeg, png: new Uint8Array(await again.encode('png')) };
}

/** An image-only PDF (no text layer) of a scan: A4 full page, or a receipt on its own paper size. */
export async function scanPdf(browser: Browser, jpeg: Uint8Array, kind: PageKind): Promise<Uint8Array> {
  if (kind === 'a4') return htmlToPdf(browser, imagePageHtml(jpeg));
  const img = await loadImage(Buffer.from(jpeg));
  const heightMm = (RECEIPT_WIDTH_MM * img.height) / img.width;
  const src = `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`;
  const html = `<!doctype html><html><head><style>@page { size: ${RECEIPT_WIDTH_MM}mm ${heightMm.toFixed(1)}mm; margin: 0; }
    html, body { margin: 0; } img { width: ${RECEIPT_WIDTH_MM}mm; height: ${heightMm.toFixed(1)}mm; display: block; }</style></head>
    <body><img src="${src}"></body></html>`;
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  } finally {
    await page.close();
  }
}
