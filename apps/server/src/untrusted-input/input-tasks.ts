import {
  BOT_BUNDLE_MAX_EXPANDED_BYTES,
  LLM_LIMITS,
  LLM_MESSAGES,
  type LlmEvaluationQuestion,
  validationError,
} from '@parley/contracts';
import {
  type Chunk,
  type ChunkOptions,
  chunkSections,
  DocumentRefusal,
  type DocumentSection,
  type ExtractedDocument,
  type ExtractedWebPage,
  extractDocument,
  extractWebPage,
} from '@parley/retrieval';
import { BundleFormatError, bundleKey, decodeBundle } from '../bot-bundle/bundle-codec';
import { type BundleContent, readBundleContent } from '../bot-bundle/bundle-content';
import { bundleFormatRefusal } from '../bot-bundle/bundle-errors';
import { type MailFacts, mailFactsOf } from '../services/channels/mail/mail-facts';
import {
  IntentWorkbookError,
  type IntentWorkbookRow,
  readIntentWorkbook,
} from '../services/content/intent-workbook';
import { readEvaluationDataset } from '../services/llms/evaluation/evaluation-dataset';
import { type ReadLlmExport, readLlmExportFile } from '../services/llms/llm-export-file';
import { WEB_PAGE_MAX_CHARACTERS } from '../services/llms/passages/web-page-limit';

/**
 * Work on input a user controls that may cost seconds of CPU or a lot of memory: each task runs
 * in a worker thread (run-input-task.ts), so a hostile or merely huge file stalls no other
 * request, and the worker's memory ceiling ends it instead of the server's. A task throws
 * AppError for input it refuses; the main thread rethrows it as is.
 */
export const INPUT_TASKS = {
  /** An uploaded .enc bot file: opened, its JSON shape checked, parsed and read with the kinds' schemas. */
  openBundle(payload: { file: Uint8Array; operatorSecret: string | undefined }): BundleContent {
    let json: unknown;
    try {
      json = decodeBundle(
        Buffer.from(payload.file.buffer, payload.file.byteOffset, payload.file.byteLength),
        bundleKey(payload.operatorSecret),
        BOT_BUNDLE_MAX_EXPANDED_BYTES,
      );
    } catch (error) {
      if (error instanceof BundleFormatError) throw bundleFormatRefusal(error);
      throw error;
    }
    return readBundleContent(json);
  },

  /** A batch-import workbook (exceljs loads a whole sheet: seconds for a big one). */
  async readIntentWorkbook(payload: {
    file: Uint8Array;
    needsAnswer: boolean;
  }): Promise<IntentWorkbookRow[]> {
    try {
      return await readIntentWorkbook(
        Buffer.from(payload.file.buffer, payload.file.byteOffset, payload.file.byteLength),
        payload.needsAnswer,
      );
    } catch (error) {
      // The caller names the form field; the message is the workbook's.
      if (error instanceof IntentWorkbookError) throw validationError('file', error.message);
      throw error;
    }
  },

  /** A mail from a bot's mailbox (MIME, at most the poller's read limit): what the e-mail channel reads of it. */
  readMail(payload: { source: Uint8Array }): Promise<MailFacts> {
    return mailFactsOf(
      Buffer.from(payload.source.buffer, payload.source.byteOffset, payload.source.byteLength),
    );
  },

  /** An LLM's evaluation dataset (issue 23): its questions, or a refusal naming the question. */
  readEvaluationDataset(payload: { file: Uint8Array; fileName: string }): LlmEvaluationQuestion[] {
    return readEvaluationDataset(payload.file, payload.fileName);
  },

  /** A document an LLM learns from (issue 23): its text as sections, by its kind. */
  async extractDocument(payload: {
    file: Uint8Array;
    fileName: string;
    mediaType?: string | undefined;
  }): Promise<ExtractedDocument> {
    // The upload stops at this size while streaming; the worker holds to it too, whoever calls it.
    if (payload.file.byteLength > LLM_LIMITS.uploadMaxBytes)
      throw validationError('file', LLM_MESSAGES.fileTooBig);
    try {
      return await extractDocument({
        bytes: payload.file,
        fileName: payload.fileName,
        mediaType: payload.mediaType,
      });
    } catch (error) {
      if (error instanceof DocumentRefusal) throw validationError('file', error.message);
      throw error;
    }
  },

  /** An LLM file to import (up to 100 MB of JSON with base64 files): parsed, checked and decoded. */
  readLlmExport(payload: { file: Uint8Array }): ReadLlmExport {
    return readLlmExportFile(payload.file);
  },

  /** A document's sections cut into passages (tokenizing a 50 MB text takes seconds). */
  chunkSections(payload: { sections: DocumentSection[]; options: ChunkOptions }): Chunk[] {
    return chunkSections(payload.sections, payload.options);
  },

  /** A fetched web page (a Url document's crawl): its main text, headings and links. */
  readWebPage(payload: { html: string; url: string }): ExtractedWebPage {
    if (payload.html.length > WEB_PAGE_MAX_CHARACTERS)
      throw validationError(
        'url',
        `The page ${payload.url} is larger than ${WEB_PAGE_MAX_CHARACTERS / 1024 / 1024} MB of HTML.`,
      );
    return extractWebPage(payload.html, payload.url);
  },
} satisfies Record<string, (payload: never) => unknown>;

export type InputTasks = typeof INPUT_TASKS;
export type InputTaskName = keyof InputTasks;
