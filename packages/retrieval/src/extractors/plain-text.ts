import { type DocumentSection, tidyText } from '../sections';

/** A plain-text file: one section per paragraph (blank-line separated); no headings. */
export function extractPlainText(text: string): DocumentSection[] {
  return paragraphsOf(text).map((paragraph) => ({ text: paragraph, headingPath: [] }));
}

export function paragraphsOf(text: string): string[] {
  return tidyText(text)
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}
