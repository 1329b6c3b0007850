import { z } from 'zod';

/**
 * An LLM's evaluation (spec 04 section 2.5 Evaluate tab, 3.11 datasetName and datasetId; issue 23;
 * docs/decisions.md 'Evaluation'): a dataset of questions with expected answers and expected
 * sources, uploaded as CSV or JSON; a run scores retrieval (hit@k, MRR, nDCG@10) and the answers.
 */
export const LLM_EVALUATION_LIMITS = {
  fileMaxBytes: 2 * 1024 * 1024,
  questionsMax: 500,
  textMaxLength: 4000,
  sourcesMax: 20,
  nameMaxLength: 200,
  /** nDCG is read at 10; hit@k at the LLM's amountOfDocs. */
  ndcgCutoff: 10,
} as const;

export const LLM_EVALUATION_FILE_EXTENSIONS = ['csv', 'json'] as const;
export const LLM_EVALUATION_UPLOAD_FIELD = 'file';

/** How an answer is checked against the expected one. */
export const LLM_ANSWER_CHECKS = ['contains', 'judged'] as const;
export type LlmAnswerCheck = (typeof LLM_ANSWER_CHECKS)[number];

/** The CSV file's columns (header row, any order, any case; expected_sources split on '|' or ';'). */
export const LLM_EVALUATION_CSV_COLUMNS = [
  'question',
  'expected_answer',
  'expected_sources',
  'check',
] as const;

export const LLM_EVALUATION_MESSAGES = {
  fileType: 'An evaluation dataset is a .csv or .json file.',
  fileTooBig: 'An evaluation dataset is at most 2 MB.',
  fileMissing: 'Please choose a dataset file to upload.',
  empty: 'The dataset has no questions.',
  tooMany: `A dataset has at most ${LLM_EVALUATION_LIMITS.questionsMax} questions.`,
  noQuestionColumn: "The CSV file needs a header row with a 'question' column.",
  row: (row: number, problem: string) => `Question ${row}: ${problem}`,
  questionMissing: 'the question is empty.',
  nothingExpected: 'give an expected answer, expected sources, or both.',
  tooLong: `a text is longer than ${LLM_EVALUATION_LIMITS.textMaxLength} characters.`,
  tooManySources: `at most ${LLM_EVALUATION_LIMITS.sourcesMax} expected sources.`,
  checkUnknown: (check: string) => `the check '${check}' is not known: write contains or judged.`,
  jsonShape:
    'The JSON file must be a list of questions (or {"questions": [...]}), each with "question" and "expectedAnswer" or "expectedSources".',
  notJson: 'The file is not valid JSON.',
  noDataset: 'Upload a dataset, or give the id of one, before evaluating.',
  datasetUnknown: 'There is no dataset with this id for this LLM.',
  alreadyRunning: 'This LLM is already being evaluated.',
  notTrained: 'Train the LLM before evaluating it.',
  started: 'Start to evaluate LLM, this may take a while...',
  succeeded: 'LLM evaluated',
  failed: 'Failed to evaluate LLM',
} as const;

export const llmEvaluationQuestionSchema = z.object({
  question: z.string(),
  expectedAnswer: z.string(),
  expectedSources: z.array(z.string()),
  check: z.enum(LLM_ANSWER_CHECKS),
});
export type LlmEvaluationQuestion = z.infer<typeof llmEvaluationQuestionSchema>;

/** A dataset as the API shows it (its questions are not sent back). */
export const llmEvaluationDatasetSchema = z.object({
  datasetId: z.string(),
  datasetName: z.string(),
  fileName: z.string(),
  questions: z.number().int(),
  createdAt: z.string(),
});
export type LlmEvaluationDataset = z.infer<typeof llmEvaluationDatasetSchema>;

const retrievalScoresSchema = z.object({
  /** k: the LLM's amountOfDocs at the run. */
  k: z.number().int(),
  hitAtK: z.number(),
  mrr: z.number(),
  ndcgAt10: z.number(),
  /** Questions that named expected sources (the others are not in these means). */
  questions: z.number().int(),
});

const answerScoresSchema = z.object({
  /** Questions with an expected answer. */
  checked: z.number().int(),
  passed: z.number().int(),
  /** passed / checked; null with none checked. */
  rate: z.number().nullable(),
  /** How the answers were made: by the provider, or the best passage with none configured. */
  mode: z.enum(['provider', 'retrieval-only']),
  /** Judged checks that could not be judged (no provider): counted as contains checks. */
  judgedAsContains: z.number().int(),
});

export const llmEvaluationRunSchema = z.object({
  runId: z.string(),
  datasetId: z.string(),
  datasetName: z.string(),
  state: z.enum(['running', 'succeeded', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  retrieval: retrievalScoresSchema.nullable(),
  answers: answerScoresSchema.nullable(),
});
export type LlmEvaluationRun = z.infer<typeof llmEvaluationRunSchema>;

export const llmEvaluationResultSchema = z.object({
  question: z.string(),
  expectedAnswer: z.string(),
  expectedSources: z.array(z.string()),
  /** The documents of the passages retrieved, best first. */
  retrievedSources: z.array(z.string()),
  hitAtK: z.number().nullable(),
  reciprocalRank: z.number().nullable(),
  ndcgAt10: z.number().nullable(),
  answer: z.string(),
  check: z.enum(LLM_ANSWER_CHECKS),
  /** null when there was no expected answer to check. */
  passed: z.boolean().nullable(),
  note: z.string().optional(),
});
export type LlmEvaluationResult = z.infer<typeof llmEvaluationResultSchema>;

export const llmEvaluationRunDetailSchema = llmEvaluationRunSchema.extend({
  results: z.array(llmEvaluationResultSchema),
});
export type LlmEvaluationRunDetail = z.infer<typeof llmEvaluationRunDetailSchema>;

/** GET /api/llm/{id}/evaluations: the datasets and the runs, newest first. */
export const llmEvaluationsSchema = z.object({
  datasets: z.array(llmEvaluationDatasetSchema),
  runs: z.array(llmEvaluationRunSchema),
});
export type LlmEvaluations = z.infer<typeof llmEvaluationsSchema>;

/** POST /api/llm/{id}/evaluate: the dataset to run; the LLM's datasetId when absent. */
export const llmEvaluateBodySchema = z
  .strictObject({ datasetId: z.string().trim().min(1).max(100) })
  .partial();
export type LlmEvaluateBody = z.input<typeof llmEvaluateBodySchema>;

/** POST /api/llm/{id}/evaluate answers the run it started, with the spec's message. */
export const llmEvaluateAnswerSchema = z.object({
  message: z.string(),
  run: llmEvaluationRunSchema,
});
export type LlmEvaluateAnswer = z.infer<typeof llmEvaluateAnswerSchema>;
