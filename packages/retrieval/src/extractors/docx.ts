import mammoth from 'mammoth';
import { DocumentRefusal } from '../document-refusal';
import type { DocumentSection } from '../sections';
import { sectionsOfHtml } from './html-sections';
import { readZipEntries } from './zip-entries';

/**
 * A Word document through HTML (mammoth): headings keep their path and tables their rows and
 * columns, which reading the XML's text runs alone would lose.
 */
export async function extractDocx(bytes: Uint8Array, maxExpandedBytes: number): Promise<DocumentSection[]> {
  const parts = readZipEntries(bytes, 'DOCX', (name) => name === 'word/document.xml', maxExpandedBytes);
  if (!parts.has('word/document.xml'))
    throw new DocumentRefusal('The file is not a valid DOCX file (it has no word/document.xml).');
  let html: string;
  try {
    html = (
      await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
    ).value;
  } catch {
    throw new DocumentRefusal('The DOCX file is damaged and cannot be read.');
  }
  return sectionsOfHtml(html);
}
