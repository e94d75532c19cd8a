/** An 8-bit greyscale PGM (leptonica reads it directly; no compression to pay for). */
export function toPgm(gray: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  return Buffer.concat([header, Buffer.from(gray.buffer, gray.byteOffset, gray.byteLength)]);
}
