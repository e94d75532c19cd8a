import { UnreadableDocumentError } from './errors';
import { DocumentLimitError, type DocumentLimits } from './limits';

/**
 * Reads a ZIP's central directory — never its data — and refuses archives that would make an
 * unzipper spend too much: too many entries, too many inflated bytes, a compression ratio only
 * a bomb has, entries whose data overlap (the trick that lets a small file declare gigabytes
 * honestly), ZIP64 and, where asked, archives inside the archive.
 */

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  size: number;
  offset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_HEADER_BYTES = 30;
const NESTED_ARCHIVE = /\.(zip|jar|7z|rar|gz|tgz|bz2|xz|tar)$/i;

const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Finds the end-of-central-directory record (within the last 64 KB + 22 bytes). */
function findEocd(view: DataView): number {
  const min = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let i = view.byteLength - 22; i >= min; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) return i;
  }
  return -1;
}

export function inspectZip(
  bytes: Uint8Array,
  limits: DocumentLimits,
  options: { what: string; refuseNestedArchives?: boolean },
): ZipEntryInfo[] {
  const { what } = options;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEocd(view);
  if (eocd < 0) throw new UnreadableDocumentError(`The ${what} could not be read as a ZIP archive.`);
  const count = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || dirOffset === 0xffffffff) {
    throw new DocumentLimitError(`The ${what} is a ZIP64 archive, which is not accepted.`);
  }
  if (count > limits.maxArchiveEntries) {
    throw new DocumentLimitError(
      `The ${what} has ${count} entries; at most ${limits.maxArchiveEntries} are accepted.`,
    );
  }
  if (dirOffset + dirSize > eocd)
    throw new UnreadableDocumentError(`The ${what} could not be read: its ZIP directory is damaged.`);

  const entries: ZipEntryInfo[] = [];
  let at = dirOffset;
  let inflated = 0;
  let compressed = 0;
  for (let k = 0; k < count; k++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new UnreadableDocumentError(`The ${what} could not be read: its ZIP directory is damaged.`);
    }
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const offset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (size === 0xffffffff || compressedSize === 0xffffffff || offset === 0xffffffff) {
      throw new DocumentLimitError(`The ${what} is a ZIP64 archive, which is not accepted.`);
    }
    inflated += size;
    compressed += compressedSize;
    if (inflated > limits.maxInflatedBytes) {
      throw new DocumentLimitError(
        `The ${what} inflates to more than ${megabytes(limits.maxInflatedBytes)}.`,
      );
    }
    if (size > 1024 * 1024 && size > Math.max(1, compressedSize) * limits.maxCompressionRatio) {
      throw new DocumentLimitError(
        `The ${what} has an entry that inflates more than ${limits.maxCompressionRatio}:1 (${name.slice(0, 100)}).`,
      );
    }
    if (options.refuseNestedArchives && NESTED_ARCHIVE.test(name)) {
      throw new DocumentLimitError(
        `The ${what} contains another archive (${name.slice(0, 100)}); unpack it first.`,
      );
    }
    entries.push({ name, compressedSize, size, offset });
  }
  // Each entry's data must lie before the directory and apart from every other entry's.
  const spans = entries
    .map((e) => ({ start: e.offset, end: e.offset + LOCAL_HEADER_BYTES + e.compressedSize }))
    .sort((a, b) => a.start - b.start);
  for (let i = 0; i < spans.length; i++) {
    if (spans[i].end > dirOffset || (i > 0 && spans[i].start < spans[i - 1].end)) {
      throw new DocumentLimitError(`The ${what} has overlapping ZIP entries, as archive bombs do.`);
    }
  }
  if (inflated > 1024 * 1024 && inflated > Math.max(1, compressed) * limits.maxCompressionRatio) {
    throw new DocumentLimitError(
      `The ${what} inflates more than ${limits.maxCompressionRatio}:1 as a whole.`,
    );
  }
  return entries;
}
