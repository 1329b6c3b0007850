import { extractText, getDocumentProxy } from 'unpdf';
import { DocumentRefusal } from '../document-refusal';
import type { DocumentSection } from '../sections';
import { paragraphsOf } from './plain-text';

/**
 * A PDF, page by page. A PDF none of whose pages has a text layer (a scan) is reported as
 * needing OCR rather than read as an empty document.
 */
export async function extractPdf(
  bytes: Uint8Array,
): Promise<{ sections: DocumentSection[]; pageCount: number; needsOcr: boolean }> {
  let pages: string[];
  let pageCount: number;
  try {
    // pdf.js takes the buffer over; a copy keeps the caller's bytes readable.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), {
      isEvalSupported: false,
      stopAtErrors: false,
    });
    const result = await extractText(pdf, { mergePages: false });
    pages = result.text;
    pageCount = result.totalPages;
    await pdf.destroy();
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException')
      throw new DocumentRefusal('The PDF file is protected by a password; it cannot be read.');
    throw new DocumentRefusal('The file is not a valid PDF file (it is damaged or not a PDF).');
  }
  const sections = pages.flatMap((text, index) =>
    paragraphsOf(text).map((paragraph) => ({ text: paragraph, headingPath: [], page: index + 1 })),
  );
  return { sections, pageCount, needsOcr: pageCount > 0 && sections.length === 0 };
}
