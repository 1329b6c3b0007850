import {
  LLM_EVALUATION_LIMITS as L,
  LLM_ANSWER_CHECKS,
  LLM_EVALUATION_UPLOAD_FIELD,
  type LlmAnswerCheck,
  type LlmEvaluationQuestion,
  LLM_EVALUATION_MESSAGES as M,
  validationError,
} from '@parley/contracts';
import { DocumentRefusal, parseCsv } from '@parley/retrieval/core';

/**
 * An evaluation dataset file (docs/decisions.md 'Evaluation'), read in the untrusted-input
 * worker: CSV with a header row (question, expected_answer, expected_sources split on '|' or
 * ';', check) or JSON (a list of {question, expectedAnswer, expectedSources, check}, or
 * {"questions": [...]}). Every question needs an expected answer, expected sources, or both;
 * check is 'contains' (the default) or 'judged'. Any problem refuses the whole file, naming the
 * question.
 */
const refuse = (message: string) => validationError(LLM_EVALUATION_UPLOAD_FIELD, message);

export function evaluationFileKind(fileName: string): 'csv' | 'json' | undefined {
  const extension = /\.([A-Za-z]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension === 'csv' || extension === 'json' ? extension : undefined;
}

interface RawQuestion {
  question: unknown;
  expectedAnswer: unknown;
  expectedSources: unknown;
  check: unknown;
}

const splitSources = (value: string) =>
  value
    .split(/[|;]/)
    .map((source) => source.trim())
    .filter((source) => source.length > 0);

function questionOf(raw: RawQuestion, number: number): LlmEvaluationQuestion {
  const text = (value: unknown) =>
    typeof value === 'string' ? value.trim() : value == null ? '' : undefined;
  const question = text(raw.question);
  const expectedAnswer = text(raw.expectedAnswer);
  if (question === undefined || expectedAnswer === undefined) throw refuse(M.jsonShape);
  const sources = Array.isArray(raw.expectedSources)
    ? raw.expectedSources.map((s) => (typeof s === 'string' ? s.trim() : undefined))
    : typeof raw.expectedSources === 'string'
      ? splitSources(raw.expectedSources)
      : raw.expectedSources == null
        ? []
        : undefined;
  if (!sources || sources.some((s) => s === undefined)) throw refuse(M.jsonShape);
  const expectedSources = (sources as string[]).filter((s) => s.length > 0);
  const checkText = text(raw.check);
  if (checkText === undefined) throw refuse(M.jsonShape);
  const check = (checkText.toLowerCase() || 'contains') as LlmAnswerCheck;
  if (!LLM_ANSWER_CHECKS.includes(check)) throw refuse(M.row(number, M.checkUnknown(checkText)));
  if (!question) throw refuse(M.row(number, M.questionMissing));
  if (!expectedAnswer && expectedSources.length === 0) throw refuse(M.row(number, M.nothingExpected));
  if ([question, expectedAnswer, ...expectedSources].some((t) => t.length > L.textMaxLength))
    throw refuse(M.row(number, M.tooLong));
  if (expectedSources.length > L.sourcesMax) throw refuse(M.row(number, M.tooManySources));
  return { question, expectedAnswer, expectedSources, check };
}

function rowsOfCsv(text: string): RawQuestion[] {
  let rows: string[][];
  try {
    rows = parseCsv(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof DocumentRefusal) throw refuse(error.message);
    throw error;
  }
  const [header, ...records] = rows;
  const columns = (header ?? []).map((name) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const at = (name: string) => columns.indexOf(name);
  if (at('question') < 0) throw refuse(M.noQuestionColumn);
  if (records.length > L.questionsMax) throw refuse(M.tooMany);
  const cell = (record: string[], name: string) => (at(name) < 0 ? '' : (record[at(name)] ?? ''));
  return records.map((record) => ({
    question: cell(record, 'question'),
    expectedAnswer: cell(record, 'expected_answer'),
    expectedSources: cell(record, 'expected_sources'),
    check: cell(record, 'check'),
  }));
}

function rowsOfJson(text: string): RawQuestion[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw refuse(M.notJson);
  }
  const list =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as { questions?: unknown }).questions
      : parsed;
  if (!Array.isArray(list)) throw refuse(M.jsonShape);
  if (list.length > L.questionsMax) throw refuse(M.tooMany);
  return list.map((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) throw refuse(M.jsonShape);
    const o = item as Record<string, unknown>;
    return {
      question: o.question,
      expectedAnswer: o.expectedAnswer ?? o.expected_answer,
      expectedSources: o.expectedSources ?? o.expected_sources,
      check: o.check,
    };
  });
}

export function readEvaluationDataset(bytes: Uint8Array, fileName: string): LlmEvaluationQuestion[] {
  const kind = evaluationFileKind(fileName);
  if (!kind) throw refuse(M.fileType);
  if (bytes.byteLength > L.fileMaxBytes) throw refuse(M.fileTooBig);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const rows = kind === 'csv' ? rowsOfCsv(text) : rowsOfJson(text);
  if (rows.length === 0) throw refuse(M.empty);
  return rows.map((row, index) => questionOf(row, index + 1));
}
