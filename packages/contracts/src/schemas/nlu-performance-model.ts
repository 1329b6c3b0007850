import { Permission } from '../permissions';

/**
 * NLU performance without zod (the browser loads this): the dataset's CSV rules, the test
 * job's and automate's answers, the measuring settings and the messages (spec 04 sections 2.3,
 * 3.1, 4 'Measuring', 7.2, 8; spec 01 'NLU performance test run'). docs/decisions.md
 * 'NLU performance' explains the choices.
 */

export const NLU_PERFORMANCE_MESSAGES = {
  alreadyRunning: 'Already running',
  testStarted: 'NLU test started',
  testFinished: 'NLU test finished',
  testFailed: 'NLU test failed',
  datasetUploaded: 'Dataset uploaded',
  noDataset: 'Upload a dataset (.csv) before running an NLU test.',
  noResults: 'No NLU test has finished yet.',
  noIntents: 'The bot has no intents with utterances to train on.',
  notInPlan: 'NLU performance is not part of your plan.',
  noRecognizer: 'The bot has no intent recognizer to test.',
  automateOff: 'NLU automate is off for this bot.',
  invalidExtension: 'Invalid file extension',
  fileMissing: (field: string) => `Please choose a .csv file (form field ${field}).`,
  notUtf8: 'The file is not UTF-8 text.',
  emptyFile: 'The file is empty: the first line must be the header utterance,intent.',
  badHeader: 'Line 1: the header must be the two columns utterance,intent.',
  unclosedQuote: (line: number) => `Line ${line}: a quoted field is not closed.`,
  quoteInField: (line: number) => `Line ${line}: a quote must open a field or be doubled inside one.`,
  wrongColumns: (line: number, count: number) =>
    `Line ${line}: expected 2 columns (utterance,intent), found ${count}.`,
  emptyUtterance: (line: number) => `Line ${line}: the utterance is empty.`,
  emptyIntent: (line: number) => `Line ${line}: the intent is empty.`,
  tooLong: (line: number, column: string, max: number) =>
    `Line ${line}: the ${column} is longer than ${max} characters.`,
  noRows: 'The dataset has no rows below the header.',
  tooManyRows: (max: number) => `The dataset has more than ${max} rows.`,
} as const;

/** Multipart form field of the dataset upload. */
export const NLU_DATASET_FIELD = 'file';
/** 2 MiB: a dataset of 10,000 sentences fits in well under that. */
export const NLU_DATASET_MAX_BYTES = 2 * 1024 * 1024;
export const NLU_DATASET_MAX_ROWS = 10_000;
export const NLU_DATASET_MAX_UTTERANCE = 500;
export const NLU_DATASET_MAX_INTENT = 200;
export const NLU_DATASET_COLUMNS = ['utterance', 'intent'] as const;

/** Reading the tab; saving its measuring toggles is allowed with either (spec 04 section 6). */
export const NLU_PERFORMANCE_PERMISSIONS = [Permission.ManageNluMeasuring, Permission.RunNluTests] as const;

export interface NluDatasetRowView {
  utterance: string;
  intent: string;
}

/** GET /api/bots/{bot}/nlu-test: the latest run (spec 04 section 7.2 'isRunning'). */
export interface NluTestStatus {
  isRunning: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  startedBy: string | null;
  /** 'failed' when the last run broke; `error` says why. */
  status: 'none' | 'running' | 'finished' | 'failed';
  error: string | null;
  /**
   * Whether a test has finished, so GET .../nlu-results has results to answer (the tab asks for
   * them only then, instead of meeting a 404 before the first test).
   */
  hasResults: boolean;
  /** The stored dataset, or null when none was uploaded. */
  dataset: { fileName: string; rowCount: number; uploadedAt: string; uploadedBy: string } | null;
}

export interface IntentScoreRow {
  intent: string;
  /** Rows of the dataset expecting this intent. */
  support: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface MisclassifiedUtterance {
  utterance: string;
  expected: string;
  predicted: string;
  confidence: number;
}

/** One recognizer's scores on the dataset (or on cross-validation folds, for automate). */
export interface RecognizerResult {
  recognizer: string;
  /** Share of rows whose predicted intent is the expected one (0..1). */
  accuracy: number;
  correct: number;
  total: number;
  intents: IntentScoreRow[];
  /** Labels of the confusion matrix: expected and predicted intents, sorted. */
  labels: string[];
  /** confusion[i][j]: rows expecting labels[i] that were predicted as labels[j]. */
  confusion: number[][];
  misclassified: MisclassifiedUtterance[];
}

/** GET /api/bots/{bot}/nlu-results. */
export interface NluTestResults {
  startedAt: string;
  finishedAt: string;
  datasetRows: number;
  recognizers: RecognizerResult[];
}

/** What NLU automate decided, stored with its scores and shown on the tab. */
export interface NluAutomateDecision {
  decidedAt: string;
  /** 'dataset': the uploaded dataset; 'cross-validation': k folds of the bot's own utterances. */
  method: 'dataset' | 'cross-validation';
  folds: number;
  /** Every compatible recognizer tested, with its accuracy. */
  scores: Array<{ recognizer: string; accuracy: number; correct: number; total: number }>;
  previous: string | null;
  chosen: string;
  changed: boolean;
  /** Why nothing could be measured (no utterances); the recognizer is kept then. */
  note: string | null;
}

/** GET /api/bots/{bot}/nlu-automate: the latest decision, or null. */
export interface NluAutomateStatus {
  nluAutomate: boolean;
  isRunning: boolean;
  decision: NluAutomateDecision | null;
  /** Hours between two scheduled runs. */
  intervalHours: number;
}

/** One provider's measuring toggle as the tab shows it (spec 04 section 4 'Measuring'). */
export interface MeasuringProviderView {
  id: string;
  label: string;
  isPrimary: boolean;
  isConfigured: boolean;
  /** The primary is always on; an unconfigured provider is always off. */
  isOn: boolean;
  isLocked: boolean;
}

/** GET /api/bots/{bot}/nlu-measuring. */
export interface NluMeasuringView {
  intentDetectionMeasuring: boolean;
  measuringRecognizers: string[];
  /** Latest accuracy per recognizer (the map of spec 04 section 3.1). */
  performanceRecognizers: Record<string, number>;
  providers: MeasuringProviderView[];
}

/** PUT /api/bots/{bot}/nlu-measuring. */
export interface NluMeasuringBody {
  intentDetectionMeasuring: boolean;
  measuringRecognizers: string[];
}

/** The measuring fields as a bot's settings store them (absent in bots made before them). */
export interface StoredMeasuringSettings {
  intentDetectionMeasuring: boolean;
  measuringRecognizers: string[];
  performanceRecognizers: Record<string, number>;
}

export function readMeasuringSettings(settings: unknown): StoredMeasuringSettings {
  const s = (typeof settings === 'object' && settings !== null ? settings : {}) as Record<string, unknown>;
  const list = Array.isArray(s.measuringRecognizers)
    ? s.measuringRecognizers.filter((v): v is string => typeof v === 'string')
    : [];
  const map =
    typeof s.performanceRecognizers === 'object' && s.performanceRecognizers !== null
      ? Object.fromEntries(
          Object.entries(s.performanceRecognizers as Record<string, unknown>).filter(
            (e): e is [string, number] => typeof e[1] === 'number',
          ),
        )
      : {};
  return {
    intentDetectionMeasuring: s.intentDetectionMeasuring === true,
    measuringRecognizers: list,
    performanceRecognizers: map,
  };
}

/** 0.8765 → '87.7%'. */
export const asPercent = (fraction: number): string => `${(fraction * 100).toFixed(1)}%`;
