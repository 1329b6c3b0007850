import type { BlockFileExtension } from '@parley/contracts';

/**
 * Whether a file's bytes are what its extension says, checked before it is stored: its
 * signature (magic bytes) and, where the signature is shared, a little of its structure. A
 * program renamed `.png`, an HTML page renamed `.pdf` or a zip renamed `.docx` is refused. The
 * checks read headers and directories only; nothing is decoded or inflated.
 *
 * @example
 * matchesExtension(Buffer.from('%PDF-1.7\n...'), 'pdf') // true
 * matchesExtension(Buffer.from('MZ\x90\x00...'), 'png') // false
 */
export function matchesExtension(data: Buffer, extension: BlockFileExtension): boolean {
  return SIGNATURE_CHECKS[extension](data);
}

const startsWith = (data: Buffer, ...bytes: number[]) => bytes.every((byte, i) => data[i] === byte);
const startsWithText = (data: Buffer, text: string) =>
  data.length >= text.length && data.subarray(0, text.length).toString('latin1') === text;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG: the signature, then the IHDR chunk first, as the format requires. */
const isPng = (data: Buffer) =>
  startsWith(data, ...PNG) && data.subarray(12, 16).toString('latin1') === 'IHDR';
const isGif = (data: Buffer) => startsWithText(data, 'GIF87a') || startsWithText(data, 'GIF89a');
/** JPEG: start of image, then a marker. */
const isJpeg = (data: Buffer) => startsWith(data, 0xff, 0xd8, 0xff);
const isPdf = (data: Buffer) => startsWithText(data, '%PDF-');

/**
 * UTF-8 text: decodes strictly and holds no control characters but tab, line breaks, vertical
 * tab and form feed (binary files that happen to decode carry NULs and the like).
 */
function isText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  return !/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text);
}

// --- Office Open XML (docx, pptx, xlsx): a zip whose parts name the application -------------

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
/** An office document has tens to a few thousand parts. */
const MAX_ZIP_ENTRIES = 20_000;

/** The names in a zip's central directory; undefined when it is not a zip this reader can walk. */
export function zipEntryNames(data: Buffer): string[] | undefined {
  if (!startsWith(data, ...ZIP_LOCAL_HEADER) || data.length < 22) return undefined;
  // The end-of-central-directory record is the last 22 bytes plus a comment of up to 65,535.
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = data.readUInt16LE(eocd + 10);
  const offset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff || count > MAX_ZIP_ENTRIES) return undefined;
  const names: string[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_ENTRY_SIGNATURE) return undefined;
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    if (at + 46 + nameLength > data.length) return undefined;
    names.push(data.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** An Office Open XML package of one application: its content types part and its own folder. */
const isOfficeOpenXml = (folder: string) => (data: Buffer) => {
  const names = zipEntryNames(data) ?? [];
  return names.includes('[Content_Types].xml') && names.some((name) => name.startsWith(folder));
};

// --- legacy Office (doc, ppt, xls): an OLE2 compound file with the application's stream -----

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * An OLE2 compound file whose directory names one of the streams (names are UTF-16LE): Word keeps
 * 'WordDocument', Excel 'Workbook' (or 'Book' before Excel 97), PowerPoint 'PowerPoint Document'.
 * Installers (.msi) and other compound files lack them.
 */
const isOle2With =
  (...streams: string[]) =>
  (data: Buffer) =>
    startsWith(data, ...OLE2) && streams.some((name) => data.includes(Buffer.from(name, 'utf16le')));

const SIGNATURE_CHECKS: Record<BlockFileExtension, (data: Buffer) => boolean> = {
  doc: isOle2With('WordDocument'),
  docx: isOfficeOpenXml('word/'),
  ppt: isOle2With('PowerPoint Document'),
  pptx: isOfficeOpenXml('ppt/'),
  xls: isOle2With('Workbook', 'Book'),
  xlsx: isOfficeOpenXml('xl/'),
  pdf: isPdf,
  txt: isText,
  png: isPng,
  jpeg: isJpeg,
  gif: isGif,
  jpg: isJpeg,
};
