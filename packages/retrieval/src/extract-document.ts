import { type DocumentKind, documentKindOf } from './document-kinds';
import { DocumentRefusal } from './document-refusal';
import { extractCsv } from './extractors/csv';
import { extractDocx } from './extractors/docx';
import { sectionsOfHtml } from './extractors/html-sections';
import { extractJson } from './extractors/json';
import { extractMarkdown } from './extractors/markdown';
import { extractPdf } from './extractors/pdf';
import { extractPlainText } from './extractors/plain-text';
import { extractPptx } from './extractors/pptx';
import { extractWebPage } from './extractors/web-page';
import type { DocumentSection, ExtractedDocument } from './sections';

export interface DocumentInput {
  bytes: Uint8Array;
  fileName: string;
  mediaType?: string | undefined;
}

export interface ExtractionLimits {
  /** What an Office file's parts may expand to in all. */
  maxExpandedBytes: number;
  /** The text a document may yield in all (characters). */
  maxTextCharacters: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxExpandedBytes: 256 * 1024 * 1024,
  maxTextCharacters: 32 * 1024 * 1024,
};

/**
 * A document's text as sections, by its kind (its file name's ending, else its media type).
 * Throws DocumentRefusal, with a message for the designer, for a file of no known kind and for a
 * damaged, hostile or oversized one.
 */
export async function extractDocument(
  input: DocumentInput,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<ExtractedDocument> {
  if (/\.doc$/i.test(input.fileName))
    throw new DocumentRefusal(
      'Word 97-2003 files (.doc) cannot be read: save the file as DOCX and upload it again.',
    );
  const kind = documentKindOf(input.fileName, input.mediaType);
  if (!kind)
    throw new DocumentRefusal(
      'This kind of file cannot be read: upload a PDF, DOCX, PPTX, TXT, MD, CSV, JSON or HTML file.',
    );
  const extracted = await extractByKind(kind, input, limits);
  const characters = extracted.sections.reduce((sum, section) => sum + section.text.length, 0);
  if (characters > limits.maxTextCharacters)
    throw new DocumentRefusal(
      `The document holds more than ${limits.maxTextCharacters.toLocaleString('en-US')} characters of text; split it into smaller files.`,
    );
  return extracted;
}

async function extractByKind(
  kind: DocumentKind,
  { bytes, fileName }: DocumentInput,
  limits: ExtractionLimits,
): Promise<ExtractedDocument> {
  const whole = (sections: DocumentSection[]) => ({ sections, needsOcr: false, pageCount: 1 });
  switch (kind) {
    case 'pdf': {
      const { sections, pageCount, needsOcr } = await extractPdf(bytes);
      return { sections, pageCount, needsOcr };
    }
    case 'docx':
      return whole(await extractDocx(bytes, limits.maxExpandedBytes));
    case 'pptx': {
      const { sections, slideCount } = extractPptx(bytes, limits.maxExpandedBytes);
      return { sections, needsOcr: false, pageCount: slideCount };
    }
    case 'txt':
      return whole(extractPlainText(textOf(bytes, fileName)));
    case 'md':
      return whole(extractMarkdown(textOf(bytes, fileName)));
    case 'csv':
      return whole(extractCsv(textOf(bytes, fileName)));
    case 'json':
      return whole(extractJson(textOf(bytes, fileName)));
    case 'html': {
      const page = extractWebPage(textOf(bytes, fileName), `file:///${encodeURIComponent(fileName)}`);
      return { ...whole(page.sections.map(({ url: _, ...section }) => section)), title: page.title };
    }
  }
}

/** A text file's characters (UTF-8, or UTF-16 with its byte order mark); a binary file is refused. */
function textOf(bytes: Uint8Array, fileName: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.subarray(0, 8192).includes(0))
    throw new DocumentRefusal(`${fileName} is not a text file (it holds binary data).`);
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

export { sectionsOfHtml };
