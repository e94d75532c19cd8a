/**
 * Renders HTML to PDF / PNG with the system Chromium (offline: every network feature off).
 * Shared by the fixture generator and the corpus generator.
 */
import { type Browser, chromium, type Page } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * One page per browser and kind of render, used for document after document: opening a page
 * costs more than rendering a one-page document, and the corpus renders hundreds. Renders run
 * one after another (the generators await each), so a page never holds two documents at once.
 */
const pages = new WeakMap<Browser, Map<string, Promise<Page>>>();
function reusedPage(browser: Browser, scale?: number): Promise<Page> {
  const byKind = pages.get(browser) ?? new Map<string, Promise<Page>>();
  pages.set(browser, byKind);
  const key = scale === undefined ? 'pdf' : `image@${scale}`;
  let page = byKind.get(key);
  if (!page) {
    page =
      scale === undefined
        ? browser.newPage()
        : browser.newPage({ viewport: { width: 794, height: 1123 }, deviceScaleFactor: scale });
    byKind.set(key, page);
  }
  return page;
}

export async function htmlToPdf(browser: Browser, html: string): Promise<Uint8Array> {
  const page = await reusedPage(browser);
  await page.setContent(html, { waitUntil: 'load' });
  const pdf = await page.pdf({
    format: 'A4',
    printBackground: true,
    margin: { top: '14mm', bottom: '14mm' },
  });
  return new Uint8Array(pdf);
}

/** One PNG per A4 page at the given device scale (1 = 96 dpi). */
export async function htmlToPng(browser: Browser, html: string, scale = 1.5): Promise<Uint8Array> {
  const page = await reusedPage(browser, scale);
  await page.setContent(html, { waitUntil: 'load' });
  return new Uint8Array(await page.screenshot({ fullPage: true, type: 'png' }));
}

export async function htmlToJpeg(
  browser: Browser,
  html: string,
  scale = 1.5,
  quality = 70,
): Promise<Uint8Array> {
  const page = await reusedPage(browser, scale);
  await page.setContent(html, { waitUntil: 'load' });
  return new Uint8Array(await page.screenshot({ fullPage: false, type: 'jpeg', quality }));
}

/**
 * Gives an HTML page a scanned look for screenshots: turned by `degrees`, slightly blurred, on
 * greyish paper with speckle noise. Applied before rendering, so the image itself carries it.
 */
export function scanLook(html: string, degrees: number, seed = 1): string {
  let x = seed * 9301 + 49297;
  const rnd = () => {
    x = (x * 9301 + 49297) % 233280;
    return x / 233280;
  };
  const specks = Array.from({ length: 220 }, () => {
    const size = 1 + Math.floor(rnd() * 2);
    return `<i style="position:absolute;left:${(rnd() * 100).toFixed(2)}%;top:${(rnd() * 100).toFixed(2)}%;width:${size}px;height:${size}px;background:rgba(0,0,0,${(0.25 + rnd() * 0.5).toFixed(2)})"></i>`;
  }).join('');
  const style = `<style>
    html { background: #eeebe4; }
    body { transform: rotate(${degrees}deg); transform-origin: 50% 30%; filter: blur(0.35px) contrast(1.15) grayscale(1); }
    .scan-noise { position: fixed; inset: 0; pointer-events: none; }
  </style>`;
  return html
    .replace('</head>', `${style}</head>`)
    .replace('</body>', `<div class="scan-noise">${specks}</div></body>`);
}

/** An A4 page holding only an image, no text layer: a scanned document. */
export function imagePageHtml(image: Uint8Array, mime = 'image/jpeg'): string {
  const src = `data:${mime};base64,${Buffer.from(image).toString('base64')}`;
  return `<!doctype html><html><head><style>
    @page { size: A4; margin: 0; }
    html, body { margin: 0; padding: 0; }
    img { width: 210mm; height: 297mm; display: block; }
  </style></head><body><img src="${src}"></body></html>`;
}
