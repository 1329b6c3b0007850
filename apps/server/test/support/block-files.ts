import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Files for the flow editor's uploads: real images (made by sharp), a minimal PDF, Office
 * packages as the applications write them (a zip with [Content_Types].xml and the
 * application's folder), and files that only pretend to be one of those.
 */

/** A zip with its entries stored (not compressed): enough for anything that reads its directory. */
export function storedZip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** An Office Open XML package of one application ('word', 'ppt' or 'xl'). */
export const officeOpenXml = (folder: 'word' | 'ppt' | 'xl') =>
  storedZip({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': '<Relationships/>',
    [`${folder}/${folder === 'word' ? 'document' : folder === 'xl' ? 'workbook' : 'presentation'}.xml`]:
      '<x/>',
  });

/** An OLE2 compound file whose directory names the stream (Word 'WordDocument', ...). */
export function ole2File(stream: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const directory = Buffer.alloc(128);
  Buffer.from('Root Entry', 'utf16le').copy(directory);
  const entry = Buffer.alloc(128);
  Buffer.from(stream, 'utf16le').copy(entry);
  return Buffer.concat([header, directory, entry, Buffer.alloc(256)]);
}

export const pngFile = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
export const gifFile = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#33aa66' } })
    .gif()
    .toBuffer();
export const jpegFile = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#aa3366' } })
    .jpeg()
    .toBuffer();

/** A minimal PDF with the binary comment line writers put after the header. */
export const PDF_FILE = Buffer.concat([
  Buffer.from('%PDF-1.4\n%'),
  Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
  Buffer.from(
    '\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
]);

/** The start of a Windows program: what an executable renamed .png begins with. */
export const EXECUTABLE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.from('This program cannot be run in DOS mode.'),
]);
export const HTML_PAGE = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
