import { AppError, type LlmEvaluationQuestion, validationError } from '@parley/contracts';
import { runInputTask } from '../../../untrusted-input/run-input-task';

/** A dataset of 2 MB reads in milliseconds; this bounds a hostile one. */
const DATASET_READ_MS = 20_000;

/** An uploaded evaluation dataset's questions, read in the untrusted-input worker. */
export function readEvaluationDatasetInWorker(
  bytes: Uint8Array,
  fileName: string,
): Promise<LlmEvaluationQuestion[]> {
  return runInputTask(
    'readEvaluationDataset',
    { file: bytes, fileName },
    {
      timeoutMs: DATASET_READ_MS,
      tooComplex: () => validationError('file', `${fileName} is too large or too complex to read.`),
      busy: () =>
        new AppError(
          'rate_limit_error',
          'Too many files are being read at once; try again in a moment.',
          {},
          503,
        ),
    },
  );
}
