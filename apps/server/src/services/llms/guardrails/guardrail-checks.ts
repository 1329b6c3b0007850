import {
  GUARDRAIL_LOCAL_CHECKS,
  type GuardrailKind,
  guardrailWords,
  GUARDRAIL_MESSAGES as M,
  type ParsedGuardrailCondition,
  parseGuardrailCondition,
  personalDataKindsOf,
} from '@parley/contracts';
import { compileSafeRegex, regexProblem } from '../../content/safe-regex';
import { findPersonalData } from './personal-data';

/**
 * The guardrail conditions of an LLM, compiled once per answer: local checks as functions, the
 * plain-language ones kept as text for the judge. Regexes run on RE2 (linear time, so no pattern
 * can hang a turn), and every check reads at most MAX_CHECKED_CHARS of a text: both together are
 * the local checks' time limit.
 */
export const MAX_CHECKED_CHARS = 20_000;

export interface CheckContext {
  /** The documents' names of the answer's sources, in the order of the prompt's passages [1], [2]... */
  sourceNames: readonly string[];
}

export interface CompiledCondition extends ParsedGuardrailCondition {
  /** Checks the whole answer only (valid JSON, a cited source): a sentence alone cannot pass it. */
  wholeAnswer: boolean;
  /** A local check: why the text fails it, or undefined when it passes. Absent for 'judged'. */
  local?: (text: string, context: CheckContext) => string | undefined;
}

export interface CompiledGuardrails {
  input: CompiledCondition[];
  output: CompiledCondition[];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole words, any case: 'refund' is found in 'a Refund.' and not in 'refunded'. */
function wordsRegex(words: readonly string[]) {
  return compileSafeRegex(`(?i)(?:^|[^\\pL\\pN_])(?:${words.map(escapeRegex).join('|')})(?:$|[^\\pL\\pN_])`);
}

const WHOLE_ANSWER: ReadonlySet<GuardrailKind> = new Set(['valid-json', 'must-cite-a-source']);

/** Why a condition line cannot be used as written, or undefined (the save's validation). */
export function guardrailConditionProblem(line: string): string | undefined {
  const parsed = parseGuardrailCondition(line);
  switch (parsed.kind) {
    case 'must-match':
    case 'must-not-match': {
      const why = parsed.argument ? regexProblem(parsed.argument) : 'empty pattern';
      return why ? M.regexInvalid(parsed.argument, why) : undefined;
    }
    case 'must-contain':
    case 'must-not-contain':
      return guardrailWords(parsed.argument).length === 0
        ? M.wordsMissing(GUARDRAIL_LOCAL_CHECKS.find((c) => c.kind === parsed.kind)?.prefix ?? parsed.kind)
        : undefined;
    case 'no-personal-data': {
      const kinds = personalDataKindsOf(parsed.argument);
      return 'unknown' in kinds ? M.personalDataUnknown(kinds.unknown) : undefined;
    }
    case 'judged':
      return parsed.argument.length === 0 ? M.judgedEmpty : undefined;
    default:
      return undefined;
  }
}

function cites(text: string, context: CheckContext): boolean {
  if (/\[\d{1,3}\]/.test(text)) {
    const numbers = [...text.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1]));
    if (numbers.some((n) => n >= 1 && n <= context.sourceNames.length)) return true;
  }
  const lower = text.toLowerCase();
  return context.sourceNames.some((name) => {
    const full = name.toLowerCase();
    const bare = full.replace(/\.[a-z0-9]{1,5}$/, '');
    return (full.length > 0 && lower.includes(full)) || (bare.length > 2 && lower.includes(bare));
  });
}

function localCheck(parsed: ParsedGuardrailCondition): CompiledCondition['local'] {
  const { argument } = parsed;
  switch (parsed.kind) {
    case 'must-match':
    case 'must-not-match': {
      const regex = compileSafeRegex(argument);
      if (!regex) return () => M.regexInvalid(argument, 'not a valid pattern');
      const mustFind = parsed.kind === 'must-match';
      return (text) =>
        regex.test(text) === mustFind ? undefined : mustFind ? 'pattern not found' : 'pattern found';
    }
    case 'must-contain':
    case 'must-not-contain': {
      const words = guardrailWords(argument);
      const regex = words.length > 0 ? wordsRegex(words) : null;
      const mustFind = parsed.kind === 'must-contain';
      return (text) => {
        const found = regex?.test(text) ?? false;
        return found === mustFind ? undefined : mustFind ? 'none of the words found' : 'a word found';
      };
    }
    case 'no-personal-data': {
      const kinds = personalDataKindsOf(argument);
      const list = 'unknown' in kinds ? [] : kinds;
      return (text) => {
        const found = findPersonalData(text, list);
        return found ? `${found} found` : undefined;
      };
    }
    case 'valid-json':
      return (text) => {
        try {
          JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
          return undefined;
        } catch {
          return 'not valid JSON';
        }
      };
    case 'must-cite-a-source':
      return (text, context) => (cites(text, context) ? undefined : 'no source named');
    default:
      return undefined;
  }
}

export function compileGuardrails(lines: readonly string[]): CompiledGuardrails {
  const compiled: CompiledGuardrails = { input: [], output: [] };
  for (const line of lines) {
    if (line.trim().length === 0) continue;
    const parsed = parseGuardrailCondition(line);
    const local = localCheck(parsed);
    const condition: CompiledCondition = {
      ...parsed,
      wholeAnswer: WHOLE_ANSWER.has(parsed.kind),
      ...(local ? { local } : {}),
    };
    compiled[parsed.target].push(condition);
  }
  return compiled;
}

/** The first local condition the text fails, with why; checks read at most MAX_CHECKED_CHARS. */
export function firstLocalFailure(
  conditions: readonly CompiledCondition[],
  text: string,
  context: CheckContext,
): { condition: string; reason: string } | undefined {
  const capped = text.length > MAX_CHECKED_CHARS ? text.slice(0, MAX_CHECKED_CHARS) : text;
  for (const condition of conditions) {
    const reason = condition.local?.(capped, context);
    if (reason) return { condition: condition.condition, reason };
  }
  return undefined;
}
