import { type PropertyPathSegment, propertyPathOf } from '@parley/contracts';

/** One value of a test call's answer, with the output path that reads it. */
export interface ResponseNode {
  /** The key or index under its parent ('status', 'order', '[0]'). */
  label: string;
  /** What an output's propertyPath must say to read this value ('data.order.status'). */
  path: string;
  segments: PropertyPathSegment[];
  /** A short picture of the value: the value itself when it is plain, '{3 fields}' or '[12 items]' otherwise. */
  preview: string;
  children: ResponseNode[];
  /** Items or fields left out to keep the tree small. */
  hiddenCount: number;
}

/** Bodies can be 1 MiB: the tree shows this many values at most, and lists this many items. */
const MAX_NODES = 400;
const MAX_ITEMS = 20;
const MAX_DEPTH = 8;
const PREVIEW_LENGTH = 60;

/**
 * The answer of a test call as a tree of pickable values, from its root ({status, headers, data}
 * for REST): each node carries the path an output would use to read it.
 */
export function responseTree(value: unknown): ResponseNode[] {
  let budget = MAX_NODES;
  const visit = (
    label: string,
    segments: PropertyPathSegment[],
    item: unknown,
    depth: number,
  ): ResponseNode => {
    budget -= 1;
    const node: ResponseNode = {
      label,
      path: propertyPathOf(segments),
      segments,
      preview: previewOf(item),
      children: [],
      hiddenCount: 0,
    };
    const entries = childEntries(item);
    for (const [key, child] of entries) {
      if (budget <= 0 || depth >= MAX_DEPTH || node.children.length >= MAX_ITEMS) break;
      node.children.push(
        visit(typeof key === 'number' ? `[${key}]` : key, [...segments, key], child, depth + 1),
      );
    }
    node.hiddenCount = entries.length - node.children.length;
    return node;
  };
  return childEntries(value).map(([key, child]) =>
    visit(typeof key === 'number' ? `[${key}]` : key, [key], child, 1),
  );
}

function childEntries(value: unknown): Array<[PropertyPathSegment, unknown]> {
  if (Array.isArray(value)) return value.map((item, index) => [index, item]);
  if (value !== null && typeof value === 'object') return Object.entries(value);
  return [];
}

function previewOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  if (value !== null && typeof value === 'object') {
    const size = Object.keys(value).length;
    return `{${size} ${size === 1 ? 'field' : 'fields'}}`;
  }
  const text = JSON.stringify(value) ?? String(value);
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

/**
 * A variable name for a picked value: its last key in camelCase ('data.order.status' → status,
 * 'headers.x-request-id' → xRequestId, 'data.items[0]' → items0), made unique among `taken`.
 */
export function outputNameFor(segments: readonly PropertyPathSegment[], taken: readonly string[]): string {
  const last = segments.at(-1);
  const key = typeof last === 'number' ? `${String(segments.at(-2) ?? 'item')} ${last}` : String(last ?? '');
  const words = key.match(/[A-Za-z0-9]+/g) ?? [];
  const joined = words
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
  const base = joined === '' ? 'result' : /^\d/.test(joined) ? `value${joined}` : joined;
  const used = new Set(taken.map((name) => name.trim().toLowerCase()));
  let name = base;
  for (let counter = 2; used.has(name.toLowerCase()); counter++) name = `${base}${counter}`;
  return name;
}
