import type { BlockData } from '@parley/flows/blocks';

/**
 * A canvas element's Parley data (parley:category and parley:customData, spec 03 section 3.2).
 * The XML keeps customData as one JSON attribute keyed by language; the editor reads and writes
 * it through these functions only, so no other file parses that attribute.
 */
export interface ModdleObject {
  $type: string;
  id: string;
  name?: string;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  sourceRef?: ModdleObject;
  targetRef?: ModdleObject;
  default?: ModdleObject;
}

export interface CanvasElement {
  id: string;
  type: string;
  businessObject: ModdleObject;
  incoming?: CanvasElement[];
  outgoing?: CanvasElement[];
  source?: CanvasElement;
  target?: CanvasElement;
  labelTarget?: CanvasElement;
  waypoints?: unknown[];
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}

export type CustomData = Record<string, BlockData>;

export const CUSTOM_DATA_ATTR = 'parley:customData';
export const CATEGORY_ATTR = 'parley:category';

/** The element's data per language; an unreadable attribute reads as no data. */
export function customDataOf(businessObject: ModdleObject): CustomData {
  const raw = businessObject.get(CUSTOM_DATA_ATTR);
  if (typeof raw !== 'string' || raw === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as CustomData) : {};
  } catch {
    return {};
  }
}

export function categoryOf(businessObject: ModdleObject): string | null {
  const category = businessObject.get(CATEGORY_ATTR);
  return typeof category === 'string' && category !== '' ? category : null;
}

/** The data of the first language: what the canvas shows (the block's kind, its first text). */
export function firstLanguageData(businessObject: ModdleObject): BlockData {
  return Object.values(customDataOf(businessObject))[0] ?? {};
}

/**
 * Every supported language gets data: languages missing from customData are copied from the
 * first one (spec 03 section 3.2); languages no longer supported are kept, not dropped.
 */
export function withLanguages(customData: CustomData, languages: readonly string[]): CustomData {
  const first = Object.values(customData)[0] ?? {};
  const filled: CustomData = { ...customData };
  for (const language of languages) filled[language] ??= structuredClone(first);
  return filled;
}
