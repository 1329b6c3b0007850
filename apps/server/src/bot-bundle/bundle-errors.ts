import {
  AppError,
  BOT_BUNDLE_FILE_FIELD,
  BOT_BUNDLE_MAX_EXPANDED_BYTES,
  BOT_BUNDLE_MESSAGES as M,
} from '@parley/contracts';
import { shareEventLoop } from '../workers/share-event-loop';
import type { BundleFormatError, BundleProblem } from './bundle-codec';
import type { BotScope } from './bundle-kind';

/** Why an uploaded bot file is refused: what the codec found, or content the rules refuse. */
export type BundleRefusal = BundleProblem | 'invalid-content';

/**
 * A refused bot file: 400 validation_error naming the form field, with `reason` for clients
 * that tell the cases apart and a message that says what happened to the file.
 */
export const bundleFileError = (reason: BundleRefusal, message: string) =>
  new AppError('validation_error', message, { fieldName: BOT_BUNDLE_FILE_FIELD, reason });

const MESSAGES: Record<BundleProblem, (error: BundleFormatError) => string> = {
  'not-a-bundle': () => M.notABotFile,
  truncated: () => M.truncated,
  damaged: () => M.damaged,
  'other-key': () => M.otherKey,
  'newer-version': (error) => M.newerVersion(error.version ?? 0),
  'too-large': () => M.tooLarge(BOT_BUNDLE_MAX_EXPANDED_BYTES / (1024 * 1024)),
  'too-complex': () => M.tooComplex,
  'not-json': () => M.invalidContent('file', 'its content is not JSON.'),
};

export const bundleFormatRefusal = (error: BundleFormatError) =>
  bundleFileError(
    error.problem === 'not-json' ? 'invalid-content' : error.problem,
    MESSAGES[error.problem](error),
  );

/** Content of the file that breaks a rule: where in the bot, and the rule's own message. */
export const invalidContent = (where: string, message: string) =>
  bundleFileError('invalid-content', M.invalidContent(where, message));

/**
 * Creates one item of a section; a refusal by the content rules (a taken name, a value used by
 * another entity ...) becomes a refusal of the file that says which item broke which rule.
 */
export async function importingItem<T>(
  botScope: BotScope,
  section: string,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  // Imports run item after item on the main thread: thousands of them must not stall other requests.
  await (botScope.breakSlice ?? shareEventLoop)();
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_error') {
      const field = typeof error.data.fieldName === 'string' ? `, ${error.data.fieldName}` : '';
      throw invalidContent(`${section} "${name.slice(0, 60)}"${field}`, error.message);
    }
    throw error;
  }
}
