/** One block of a document's text and where it stands: its page, slide or row, and the headings above it. */
export interface DocumentSection {
  text: string;
  headingPath: string[];
  page?: number;
  slide?: number;
  row?: number;
  url?: string;
  /** A record's named values (a CSV row's columns, a JSON element's top-level fields): what metadata fields pick from. */
  fields?: Record<string, string>;
}

export interface ExtractedDocument {
  sections: DocumentSection[];
  /** A PDF whose pages carry no text layer (a scan): it needs OCR, it is not an empty document. */
  needsOcr: boolean;
  /** Pages of a PDF, slides of a presentation; 1 for every other kind. */
  pageCount: number;
  title?: string;
}

/** Runs of spaces and tabs become one space, three or more line breaks two; ends trimmed. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
