import { placeholdersIn } from '@parley/contracts';
import type { NluEntity, RecognisedEntity } from './types';

/**
 * Patterns: literal text with `[entity]` / `[entity:role]` placeholders, matched before the
 * classifier. Literal parts must match exactly (ignoring case, runs of spaces and closing
 * punctuation); a placeholder takes a value found for its entity at that place, or, for a
 * learned (simple) entity, any words there.
 */
type Part = { literal: string } | { entity: string; role: string | undefined; isFree: boolean };

export interface CompiledPattern {
  intent: string;
  pattern: string;
  parts: Part[];
}

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');
const TRAILING = /[\s.!?¿¡,;:]+$/u;

export function compilePatterns(
  intents: ReadonlyArray<{ name: string; patterns?: string[] }>,
  entities: readonly NluEntity[],
): CompiledPattern[] {
  const byName = new Map(entities.map((e) => [e.name.toLowerCase(), e]));
  const compiled: CompiledPattern[] = [];
  for (const intent of intents) {
    for (const pattern of intent.patterns ?? []) {
      const parts: Part[] = [];
      let at = 0;
      const text = pattern.replace(TRAILING, '');
      for (const p of placeholdersIn(text)) {
        if (p.index > at) parts.push({ literal: squash(text.slice(at, p.index)) });
        const entity = byName.get(p.entity.toLowerCase());
        parts.push({
          entity: entity?.name ?? p.entity,
          role: p.role,
          isFree: !entity || entity.type === 'entities',
        });
        at = p.index + p.length;
      }
      if (at < text.length) parts.push({ literal: squash(text.slice(at)) });
      if (parts.some((part) => 'entity' in part)) compiled.push({ intent: intent.name, pattern, parts });
    }
  }
  return compiled;
}

export interface PatternMatch {
  intent: string;
  pattern: string;
  entities: RecognisedEntity[];
}

/** The first pattern the text matches, with the entity values its placeholders took. */
export function matchPatterns(
  text: string,
  patterns: readonly CompiledPattern[],
  candidates: readonly RecognisedEntity[],
): PatternMatch | undefined {
  const trimmed = text.replace(TRAILING, '');
  // Compare on a squashed copy, keeping where each of its characters came from.
  const origin: number[] = [];
  let squashed = '';
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i] as string;
    if (/\s/.test(c)) {
      if (squashed.endsWith(' ')) continue;
      squashed += ' ';
    } else squashed += c.toLowerCase();
    origin.push(i);
  }
  origin.push(trimmed.length);
  const byStart = new Map<number, RecognisedEntity[]>();
  for (const c of candidates) {
    const list = byStart.get(c.start) ?? [];
    list.push(c);
    byStart.set(c.start, list);
  }
  for (const pattern of patterns) {
    const taken: RecognisedEntity[] = [];
    if (matchFrom(pattern.parts, 0, 0))
      return { intent: pattern.intent, pattern: pattern.pattern, entities: taken };

    function matchFrom(parts: Part[], partIndex: number, pos: number): boolean {
      if (partIndex === parts.length) return pos === squashed.length;
      const part = parts[partIndex] as Part;
      if ('literal' in part) {
        return (
          squashed.startsWith(part.literal, pos) && matchFrom(parts, partIndex + 1, pos + part.literal.length)
        );
      }
      const startInText = origin[pos] ?? trimmed.length;
      for (const candidate of byStart.get(startInText) ?? []) {
        if (candidate.entity.toLowerCase() !== part.entity.toLowerCase()) continue;
        const endPos = origin.findIndex((o) => o >= candidate.end);
        if (endPos < 0) continue;
        taken.push(part.role ? { ...candidate, role: part.role } : candidate);
        if (matchFrom(parts, partIndex + 1, endPos)) return true;
        taken.pop();
      }
      if (!part.isFree) return false;
      // A learned entity's placeholder takes any non-empty words, shortest first.
      for (let end = pos + 1; end <= squashed.length; end++) {
        const from = startInText;
        const to = origin[end] ?? trimmed.length;
        const value = trimmed.slice(from, to).trim();
        if (value === '') continue;
        const start = from + (trimmed.slice(from, to).length - trimmed.slice(from, to).trimStart().length);
        const entity: RecognisedEntity = {
          entity: part.entity,
          start,
          end: start + value.length,
          text: value,
          value,
        };
        if (part.role) entity.role = part.role;
        taken.push(entity);
        if (matchFrom(parts, partIndex + 1, end)) return true;
        taken.pop();
      }
      return false;
    }
  }
  return undefined;
}
