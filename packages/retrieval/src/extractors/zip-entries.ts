import { unzipSync } from 'fflate';
import { DocumentRefusal } from '../document-refusal';

/**
 * The entries of an Office file (a zip) that `isWanted` picks, after checking what the whole
 * archive says it expands to: a zip bomb is refused before anything is inflated. An archive
 * that lies about its sizes still meets the worker's memory ceiling.
 */
export function readZipEntries(
  bytes: Uint8Array,
  kindLabel: string,
  isWanted: (name: string) => boolean,
  maxExpandedBytes: number,
): Map<string, Uint8Array> {
  let expanded = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        expanded += file.originalSize;
        return false;
      },
    });
  } catch {
    throw new DocumentRefusal(
      `The file is not a valid ${kindLabel} file (it is not a readable zip archive).`,
    );
  }
  if (expanded > maxExpandedBytes)
    throw new DocumentRefusal(
      `The ${kindLabel} file expands to more than ${Math.round(maxExpandedBytes / 1024 / 1024)} MB; it cannot be read.`,
    );
  try {
    return new Map(Object.entries(unzipSync(bytes, { filter: (file) => isWanted(file.name) })));
  } catch {
    throw new DocumentRefusal(`The ${kindLabel} file is damaged (a part of it cannot be unpacked).`);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML text with its character references and the five named entities resolved. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The attributes of one XML start tag, by their names as written (`r:id`, `Target`). */
export function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g))
    attributes[match[1] as string] = decodeXmlText(match[2] as string);
  return attributes;
}
