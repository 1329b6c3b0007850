import { DocumentRefusal } from '../document-refusal';
import type { DocumentSection } from '../sections';

/**
 * A JSON file: an array gives one section per element (its row), an object one per top-level key
 * (the key is its heading). Each section's text is its leaves as "path: value" lines, so a
 * record's field names are searched with its values.
 */
export function extractJson(text: string): DocumentSection[] {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new DocumentRefusal('The JSON file is not valid JSON.');
  }
  if (Array.isArray(value))
    return value.flatMap((element, index) =>
      sectionOf(leavesOf(element, ''), [], index + 1).map((section) => ({
        ...section,
        fields: fieldsOf(element),
      })),
    );
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, element]) => sectionOf(leavesOf(element, ''), [key]));
  return sectionOf(leavesOf(value, ''), []);
}

function sectionOf(lines: string[], headingPath: string[], row?: number): DocumentSection[] {
  if (lines.length === 0) return [];
  return [{ text: lines.join('\n'), headingPath, ...(row === undefined ? {} : { row }) }];
}

function leavesOf(value: unknown, path: string): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) {
    if (value.every((element) => element === null || typeof element !== 'object'))
      return value.length > 0 ? [labelled(path, value.map(String).join(', '))] : [];
    return value.flatMap((element, index) => leavesOf(element, `${path}[${index}]`));
  }
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([key, element]) =>
      leavesOf(element, path ? `${path}.${key}` : key),
    );
  return [labelled(path, String(value))];
}

/** An element's top-level values that are not objects, as text (a list's values joined). */
function fieldsOf(element: unknown): Record<string, string> {
  if (element === null || typeof element !== 'object' || Array.isArray(element)) return {};
  return Object.fromEntries(
    Object.entries(element)
      .filter(([, value]) => value !== null && (typeof value !== 'object' || Array.isArray(value)))
      .filter(([, value]) => !Array.isArray(value) || value.every((item) => typeof item !== 'object'))
      .map(([key, value]) => [key, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
}

const labelled = (path: string, value: string) => (path ? `${path}: ${value}` : value);
