/**
 * A summed-area table of a grid of values, row by row (a greyscale page, or sums per block):
 * (width + 1) × (height + 1), any window's sum in four lookups.
 */
export function integralImage(gray: Uint8Array | Float64Array, width: number, height: number): Float64Array {
  const w1 = width + 1;
  const integral = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    const base = (y + 1) * w1;
    const prev = y * w1;
    for (let x = 0; x < width; x++) {
      row += gray[y * width + x];
      integral[base + x + 1] = integral[prev + x + 1] + row;
    }
  }
  return integral;
}
