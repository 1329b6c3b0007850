import type { DocumentSection } from './sections';
import { countTokens } from './tokens';

/** A passage as it is indexed: its text within the token budget and where it comes from. */
export interface Chunk {
  text: string;
  headingPath: string[];
  page?: number;
  slide?: number;
  row?: number;
  url?: string;
  /** Its place in the document, from 0. */
  ordinal: number;
  /** Its tokens (cl100k_base), counted piece by piece: within a few of the whole's. */
  tokenCount: number;
  documentName: string;
  metadata: Record<string, string>;
}

export interface ChunkOptions {
  maxTokens: number;
  /** Tokens of the previous chunk's end (whole sentences) that the next chunk of the same place repeats. */
  overlapTokens: number;
  documentName?: string;
  /** The document's metadata, on each of its chunks. */
  metadata?: Record<string, string>;
  /** Fields of a record (a CSV row, a JSON element) that become its chunk's metadata too (the LLM's metadataFields). */
  metadataFields?: readonly string[];
}

export { DEFAULT_CHUNKING } from './chunking-defaults';

interface Piece {
  text: string;
  tokens: number;
  /** What stands between it and the piece before it in the same chunk. */
  joiner: '\n\n' | '\n' | ' ' | '';
}

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Cuts sections into chunks: sections of one place (the same heading path, page, slide, row and
 * URL) are packed together paragraph by paragraph up to `maxTokens`; a paragraph too long is cut
 * at its lines, then its sentences, then its words. Each chunk after the first of a place starts
 * with the last sentences of the one before, up to `overlapTokens`. Chunks never span two places,
 * so each carries one heading path and one page, slide, row or URL.
 */
export function chunkSections(sections: readonly DocumentSection[], options: ChunkOptions): Chunk[] {
  if (options.maxTokens < 1) throw new RangeError('maxTokens must be at least 1');
  const overlap = Math.max(0, Math.min(options.overlapTokens, Math.floor(options.maxTokens / 2)));
  const chunks: Chunk[] = [];
  for (const group of placeGroups(sections)) {
    const place = group[0] as DocumentSection;
    const pieces = group.flatMap((section) => piecesOf(section.text, options.maxTokens));
    for (const packed of pack(pieces, options.maxTokens, overlap)) {
      chunks.push({
        text: packed.map((piece, index) => (index === 0 ? '' : piece.joiner) + piece.text).join(''),
        headingPath: [...place.headingPath],
        ...(place.page === undefined ? {} : { page: place.page }),
        ...(place.slide === undefined ? {} : { slide: place.slide }),
        ...(place.row === undefined ? {} : { row: place.row }),
        ...(place.url === undefined ? {} : { url: place.url }),
        ordinal: chunks.length,
        tokenCount: packed.reduce((sum, piece) => sum + piece.tokens, 0),
        documentName: options.documentName ?? '',
        metadata: { ...options.metadata, ...picked(place.fields, options.metadataFields) },
      });
    }
  }
  return chunks;
}

function picked(fields: Record<string, string> | undefined, names: readonly string[] | undefined) {
  if (!fields || !names) return {};
  return Object.fromEntries(
    names.filter((name) => name in fields).map((name) => [name, fields[name] as string]),
  );
}

function placeKey(section: DocumentSection): string {
  return JSON.stringify([section.headingPath, section.page, section.slide, section.row, section.url]);
}

function placeGroups(sections: readonly DocumentSection[]): DocumentSection[][] {
  const groups: DocumentSection[][] = [];
  let lastKey: string | undefined;
  for (const section of sections) {
    const key = placeKey(section);
    if (key === lastKey) groups[groups.length - 1]?.push(section);
    else groups.push([section]);
    lastKey = key;
  }
  return groups;
}

/** A section's paragraphs, each cut into parts of at most `max` tokens where it is longer. */
function piecesOf(text: string, max: number): Piece[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .flatMap((paragraph) => {
      const tokens = countTokens(paragraph);
      if (tokens <= max) return [{ text: paragraph, tokens, joiner: '\n\n' as const }];
      const parts = cutToFit(paragraph, max, 0);
      return parts.map((part, index) => (index === 0 ? { ...part, joiner: '\n\n' as const } : part));
    });
}

/** Lines, then sentences, then words, then characters: the first level whose parts fit. */
function cutToFit(text: string, max: number, level: number): Piece[] {
  const joiner = level === 0 ? '\n' : level === 3 ? '' : ' ';
  const parts =
    level === 0
      ? text.split('\n')
      : level === 1
        ? [...sentences.segment(text)].map((segment) => segment.segment)
        : level === 2
          ? text.split(/(?<=\s)/)
          : charactersOf(text, max);
  return parts
    .map((part) => (level === 3 ? part : part.trim()))
    .filter(Boolean)
    .flatMap((part) => {
      // A run of characters far longer than the budget (a blob, no spaces) is cut without counting it whole.
      if (level === 2 && part.length > max * 8) return cutToFit(part, max, 3);
      const tokens = countTokens(part);
      if (tokens <= max || level === 3) return [{ text: part, tokens, joiner } as Piece];
      return cutToFit(part, max, level + 1);
    });
}

function charactersOf(text: string, max: number): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += max) parts.push(text.slice(start, start + max));
  return parts;
}

/** Pieces packed greedily into chunks of at most `max` tokens, each new chunk led by the overlap. */
function pack(pieces: Piece[], max: number, overlap: number): Piece[][] {
  const chunks: Piece[][] = [];
  let current: Piece[] = [];
  let size = 0;
  let fresh = 0;
  for (const piece of pieces) {
    if (fresh > 0 && size + piece.tokens > max) {
      chunks.push(current);
      current = tailOf(current, overlap);
      size = current.reduce((sum, kept) => sum + kept.tokens, 0);
      if (size + piece.tokens > max) {
        current = [];
        size = 0;
      }
      fresh = 0;
    }
    current.push(piece);
    size += piece.tokens;
    fresh++;
  }
  if (fresh > 0) chunks.push(current);
  return chunks;
}

/** The last whole sentences of a chunk's pieces that fit in `budget` tokens. */
function tailOf(pieces: Piece[], budget: number): Piece[] {
  const tail: Piece[] = [];
  let left = budget;
  for (let index = pieces.length - 1; index >= 0 && left > 0; index--) {
    const piece = pieces[index] as Piece;
    if (piece.tokens <= left) {
      tail.unshift(piece);
      left -= piece.tokens;
      continue;
    }
    const ends = [...sentences.segment(piece.text)].map((segment) => segment.segment.trim()).filter(Boolean);
    const kept: Piece[] = [];
    for (let sentence = ends.length - 1; sentence >= 0; sentence--) {
      const tokens = countTokens(ends[sentence] as string);
      if (tokens > left) break;
      kept.unshift({ text: ends[sentence] as string, tokens, joiner: ' ' });
      left -= tokens;
    }
    if (kept[0]) kept[0] = { ...kept[0], joiner: piece.joiner };
    tail.unshift(...kept);
    break;
  }
  return tail;
}
