import { inflateRawSync } from 'node:zlib';

/**
 * Measures what a zip archive (an .xlsx workbook) really expands to, inflating each entry with
 * a ceiling, before any library unpacks it: a small file that expands to gigabytes (a zip
 * bomb) is refused here. Sizes written in the archive are not trusted; the deflate streams
 * themselves are inflated with `maxOutputLength`.
 *
 * Answers the total expanded size, or throws `ZipBudgetError`.
 */
export class ZipBudgetError extends Error {
  constructor(readonly reason: 'not-a-zip' | 'too-big') {
    super(reason);
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_ENTRIES = 10_000;

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535.
  const start = Math.max(0, zip.length - 22 - 0xffff);
  for (let i = zip.length - 22; i >= start; i--) {
    if (zip.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  throw new ZipBudgetError('not-a-zip');
}

export function expandedZipSize(zip: Buffer, maxExpandedBytes: number): number {
  if (zip.length < 22) throw new ZipBudgetError('not-a-zip');
  const eocd = findEndOfCentralDirectory(zip);
  const entries = zip.readUInt16LE(eocd + 10);
  const directoryOffset = zip.readUInt32LE(eocd + 16);
  // 0xffff / 0xffffffff mean zip64, which no workbook of the accepted size needs.
  if (entries === 0 || entries > MAX_ENTRIES || directoryOffset >= zip.length)
    throw new ZipBudgetError('not-a-zip');
  let total = 0;
  let cursor = directoryOffset;
  for (let n = 0; n < entries; n++) {
    if (cursor + 46 > zip.length || zip.readUInt32LE(cursor) !== CENTRAL_SIGNATURE)
      throw new ZipBudgetError('not-a-zip');
    const flags = zip.readUInt16LE(cursor + 8);
    const method = zip.readUInt16LE(cursor + 10);
    const compressedSize = zip.readUInt32LE(cursor + 20);
    const nameLength = zip.readUInt16LE(cursor + 28);
    const extraLength = zip.readUInt16LE(cursor + 30);
    const commentLength = zip.readUInt16LE(cursor + 32);
    const localOffset = zip.readUInt32LE(cursor + 42);
    cursor += 46 + nameLength + extraLength + commentLength;
    // Encrypted entries have no place in a workbook.
    if (flags & 0x1) throw new ZipBudgetError('not-a-zip');
    if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL_SIGNATURE)
      throw new ZipBudgetError('not-a-zip');
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > zip.length) throw new ZipBudgetError('not-a-zip');
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    const remaining = maxExpandedBytes - total;
    if (method === 0) {
      total += data.length;
    } else if (method === 8) {
      try {
        total += inflateRawSync(data, { maxOutputLength: Math.max(1, remaining) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipBudgetError('too-big');
        throw new ZipBudgetError('not-a-zip');
      }
    } else {
      throw new ZipBudgetError('not-a-zip');
    }
    if (total > maxExpandedBytes) throw new ZipBudgetError('too-big');
  }
  return total;
}
