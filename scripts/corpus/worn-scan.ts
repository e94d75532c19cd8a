/**
 * A page as a worn office scanner or a phone returns it, made from a clean render's pixels: lower
 * resolution, a slight turn, soft focus, uneven light with blotches, faded ink, grain and specks,
 * then JPEG. Unlike `scanLook` (a gentle look applied to the HTML before rendering) every defect
 * here is strong enough to break a reader that only works on clean pixels.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { rng } from './random';

export interface WornScanParams {
  seed: number;
  /** Output width ÷ input width (a 144 dpi render at 0.9 ≈ 130 dpi). */
  scale: number;
  degrees: number;
  blur: number;
  /** Grain amplitude, in grey levels either way. */
  grain: number;
  /** Ink strength: 1 = black, 0.6 = faded grey. */
  ink: number;
  jpegQuality: number;
}

/** Parameters drawn from `seed`: every page of the set is worn differently. */
export function wornScanParams(seed: number): WornScanParams {
  const r = rng(seed);
  return {
    seed,
    scale: 0.8 + r.next() * 0.45,
    degrees: (r.next() - 0.5) * 3,
    blur: 0.3 + r.next() * 0.6,
    grain: 8 + r.next() * 22,
    ink: 0.6 + r.next() * 0.35,
    jpegQuality: 45 + Math.floor(r.next() * 35),
  };
}

export async function wornScan(cleanImage: Uint8Array, p: WornScanParams): Promise<Uint8Array> {
  const img = await loadImage(Buffer.from(cleanImage));
  const w = Math.round(img.width * p.scale);
  const h = Math.round(img.height * p.scale);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.translate(w / 2, h / 2);
  ctx.rotate((p.degrees * Math.PI) / 180);
  ctx.translate(-w / 2, -h / 2);
  ctx.filter = `blur(${p.blur.toFixed(2)}px)`;
  ctx.drawImage(img, 0, 0, w, h);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = 'none';

  const r = rng(p.seed * 7 + 3);
  // A few soft blotches of shadow (folds, a lid not closed) over a light that fades to one corner.
  const blotches = Array.from({ length: 3 }, () => ({
    x: r.next() * w,
    y: r.next() * h,
    radius: (0.15 + r.next() * 0.3) * w,
    depth: 10 + r.next() * 25,
  }));
  const corner = { x: r.next() < 0.5 ? 0 : w, y: r.next() < 0.5 ? 0 : h };
  const diagonal = Math.hypot(w, h);
  const image = ctx.getImageData(0, 0, w, h);
  const d = image.data;
  for (let i = 0, px = 0; i < d.length; i += 4, px++) {
    const x = px % w;
    const y = (px - x) / w;
    const grey = 0.3 * d[i] + 0.59 * d[i + 1] + 0.11 * d[i + 2];
    // Ink fades towards the paper; the paper itself darkens with the light.
    const inked = 255 - (255 - grey) * p.ink;
    let paper = 236 - 30 * (Math.hypot(x - corner.x, y - corner.y) / diagonal);
    for (const b of blotches) {
      const t = Math.hypot(x - b.x, y - b.y) / b.radius;
      if (t < 1) paper -= b.depth * (1 - t * t);
    }
    const v = (inked / 255) * paper + (r.next() - 0.5) * 2 * p.grain;
    const out = Math.max(0, Math.min(255, v));
    d[i] = out;
    d[i + 1] = out;
    d[i + 2] = out;
  }
  // Specks and short hairs of dust.
  for (let n = 0; n < (w * h) / 6000; n++) {
    const x = r.int(0, w - 3);
    const y = r.int(0, h - 3);
    const len = r.next() < 0.2 ? 3 : 1;
    for (let k = 0; k < len; k++) {
      const j = ((y + (len > 1 ? k : 0)) * w + x + k) * 4;
      d[j] = d[j + 1] = d[j + 2] = 40;
    }
  }
  ctx.putImageData(image, 0, 0);
  return new Uint8Array(await canvas.encode('jpeg', p.jpegQuality));
}
