import { BLOCK_FILE_EXTENSIONS, type BlockFileExtension } from '@parley/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import {
  EXECUTABLE,
  gifFile,
  HTML_PAGE,
  jpegFile,
  officeOpenXml,
  ole2File,
  PDF_FILE,
  pngFile,
  storedZip,
} from '../../test/support/block-files';
import { matchesExtension, zipEntryNames } from './file-signature';

async function realFiles(): Promise<Record<BlockFileExtension, Buffer>> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Sheet').addRow(['a', 1]);
  const [png, gif, jpeg] = await Promise.all([pngFile(), gifFile(), jpegFile()]);
  return {
    doc: ole2File('WordDocument'),
    docx: officeOpenXml('word'),
    ppt: ole2File('PowerPoint Document'),
    pptx: officeOpenXml('ppt'),
    xls: ole2File('Workbook'),
    xlsx: Buffer.from(await book.xlsx.writeBuffer()),
    pdf: PDF_FILE,
    txt: Buffer.from('Opening hours:\n\tMonday–Friday 9–17 ☕\r\n'),
    png,
    jpeg,
    gif,
    jpg: jpeg,
  };
}

describe('the content of a block file matches its extension', () => {
  test('a real file of each accepted type matches its own extension and no type of another family', async () => {
    const files = await realFiles();
    for (const extension of BLOCK_FILE_EXTENSIONS) {
      const file = files[extension];
      const matching = BLOCK_FILE_EXTENSIONS.filter((other) => matchesExtension(file, other));
      const same = (a: string, b: string) =>
        a === b || (['jpg', 'jpeg'].includes(a) && ['jpg', 'jpeg'].includes(b));
      expect(
        matching.filter((other) => !same(other, extension)),
        extension,
      ).toEqual([]);
      expect(matching, extension).toContain(extension);
    }
  });

  test.each([
    ['an executable renamed .png', EXECUTABLE, 'png'],
    ['an HTML page renamed .pdf', HTML_PAGE, 'pdf'],
    ['an HTML page renamed .gif', HTML_PAGE, 'gif'],
    ['a plain zip renamed .docx', storedZip({ 'readme.txt': 'hi' }), 'docx'],
    ['a Java archive renamed .xlsx', storedZip({ 'META-INF/MANIFEST.MF': 'Main-Class: X' }), 'xlsx'],
    ['a Word document renamed .xlsx', officeOpenXml('word'), 'xlsx'],
    ['an installer (OLE2 without an Office stream) renamed .doc', ole2File('\u4840\u3f3f'), 'doc'],
    ['a Word 97 document renamed .xls', ole2File('WordDocument'), 'xls'],
    ['binary bytes renamed .txt', Buffer.from([0xff, 0xfe, 0x00, 0x41]), 'txt'],
    ['valid UTF-8 with NUL bytes renamed .txt', Buffer.from('abc\u0000def'), 'txt'],
    ['an executable renamed .txt', EXECUTABLE, 'txt'],
    [
      'a PNG signature without its IHDR chunk',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      'png',
    ],
    ['a JPEG cut after two bytes', Buffer.from([0xff, 0xd8]), 'jpg'],
    ['nothing at all', Buffer.alloc(0), 'pdf'],
  ] as const)('%s is refused', (_label, data, extension) => {
    expect(matchesExtension(data, extension)).toBe(false);
  });

  test('a zip directory that points outside the file or claims more entries than it holds is not walked', () => {
    const zip = officeOpenXml('word');
    const broken = Buffer.from(zip);
    broken.writeUInt32LE(zip.length + 1000, zip.length - 6);
    expect(zipEntryNames(broken)).toBeUndefined();
    const overclaimed = Buffer.from(zip);
    overclaimed.writeUInt16LE(5000, zip.length - 12);
    expect(zipEntryNames(overclaimed)).toBeUndefined();
    expect(zipEntryNames(zip)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
  });
});
