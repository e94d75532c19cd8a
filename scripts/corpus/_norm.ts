import { readFile, writeFile } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { normalizeForOcr } from '@/lib/service/engine/readers/image';

const img = await loadImage(await readFile(process.argv[2]));
const y0 = Number(process.argv[3] ?? 0);
const c = createCanvas(img.width, 500);
const ctx = c.getContext('2d');
ctx.drawImage(img, 0, -y0);
const d = ctx.getImageData(0, 0, img.width, 500);
normalizeForOcr(d.data, img.width, 500);
ctx.putImageData(d, 0, 0);
await writeFile('/tmp/norm.png', c.toBuffer('image/png'));
