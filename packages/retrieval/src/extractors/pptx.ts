import { DocumentRefusal } from '../document-refusal';
import type { DocumentSection } from '../sections';
import { attributesOf, decodeXmlText, readZipEntries } from './zip-entries';

const PRESENTATION = 'ppt/presentation.xml';
const PRESENTATION_RELS = 'ppt/_rels/presentation.xml.rels';
const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;

/**
 * A PowerPoint file, one section per slide in the presentation's order (its slide list, not the
 * slide files' numbers), the slide's title as its heading and its text runs paragraph by paragraph.
 */
export function extractPptx(
  bytes: Uint8Array,
  maxExpandedBytes: number,
): { sections: DocumentSection[]; slideCount: number } {
  const parts = readZipEntries(
    bytes,
    'PPTX',
    (name) => name === PRESENTATION || name === PRESENTATION_RELS || SLIDE.test(name),
    maxExpandedBytes,
  );
  const text = (name: string) => {
    const part = parts.get(name);
    return part ? new TextDecoder().decode(part) : undefined;
  };
  const presentation = text(PRESENTATION);
  if (presentation === undefined)
    throw new DocumentRefusal('The file is not a valid PPTX file (it has no ppt/presentation.xml).');
  const slideFiles = slidesInOrder(presentation, text(PRESENTATION_RELS) ?? '', [...parts.keys()]);
  const sections: DocumentSection[] = [];
  slideFiles.forEach((file, index) => {
    const xml = text(file);
    if (xml === undefined) return;
    const body = paragraphsOf(xml).join('\n');
    if (!body) return;
    const title = titleOf(xml);
    sections.push({ text: body, headingPath: title ? [title] : [], slide: index + 1 });
  });
  return { sections, slideCount: slideFiles.length };
}

function slidesInOrder(presentation: string, rels: string, names: string[]): string[] {
  const targets = new Map<string, string>();
  for (const tag of rels.match(/<Relationship\b[^>]*>/g) ?? []) {
    const { Id, Target } = attributesOf(tag);
    if (Id && Target) targets.set(Id, new URL(Target, 'file:///ppt/').pathname.slice(1));
  }
  const listed = (presentation.match(/<p:sldId\b[^>]*>/g) ?? [])
    .map((tag) => targets.get(attributesOf(tag)['r:id'] ?? ''))
    .filter((name): name is string => name !== undefined && names.includes(name));
  if (listed.length > 0) return listed;
  // No usable slide list: the slide files by their numbers.
  return names
    .filter((name) => SLIDE.test(name))
    .sort((a, b) => Number(SLIDE.exec(a)?.[1]) - Number(SLIDE.exec(b)?.[1]));
}

/** The text of each `<a:p>` paragraph: its `<a:t>` runs joined, line breaks kept. */
function paragraphsOf(xml: string): string[] {
  return xml
    .split('</a:p>')
    .map((paragraph) =>
      [...paragraph.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>|<a:br\b[^>]*>/g)]
        .map((match) => (match[1] === undefined ? '\n' : decodeXmlText(match[1])))
        .join('')
        .replace(/[ \t]+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

/** The text of the shape holding the slide's title placeholder, if it has one. */
function titleOf(xml: string): string | undefined {
  for (const shape of xml.split('</p:sp>')) {
    if (/<p:ph\b[^>]*type="(?:title|ctrTitle)"/.test(shape)) {
      const title = paragraphsOf(shape.slice(shape.lastIndexOf('<p:sp')))
        .join(' ')
        .trim();
      if (title) return title;
    }
  }
  return undefined;
}
