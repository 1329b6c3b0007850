import { AppError, validationError } from '@parley/contracts';
import type { ExtractedDocument, ExtractedWebPage } from '@parley/retrieval';
import { runInputTask } from '../../../untrusted-input/run-input-task';

/** A document's reading, at most: a 50 MB PDF of text reads in well under this on one core. */
const DOCUMENT_READ_MS = 120_000;
/** One web page's reading, at most (a cold worker's start counts in it). */
const WEB_PAGE_READ_MS = 30_000;

const busy = () =>
  new AppError('rate_limit_error', 'Too many files are being read at once; try again in a moment.', {}, 503);

/**
 * A document's text, read in the untrusted-input worker (never on the event loop): a file that is
 * damaged, of no known kind, or hostile (a zip bomb, a PDF that never ends) is refused with a
 * validation error on `file` whose message says why; one that takes more time or memory than a
 * document may is refused as too complex.
 */
export function extractDocumentInWorker(input: {
  bytes: Uint8Array;
  fileName: string;
  mediaType?: string | undefined;
}): Promise<ExtractedDocument> {
  return runInputTask(
    'extractDocument',
    { file: input.bytes, fileName: input.fileName, mediaType: input.mediaType },
    {
      timeoutMs: DOCUMENT_READ_MS,
      tooComplex: () =>
        validationError(
          'file',
          `${input.fileName} is too large or too complex to read (it needs more time or memory than a document may use).`,
        ),
      busy,
    },
  );
}

/** A fetched web page's main text and links, read in the untrusted-input worker. */
export function readWebPageInWorker(html: string, url: string): Promise<ExtractedWebPage> {
  return runInputTask(
    'readWebPage',
    { html, url },
    {
      timeoutMs: WEB_PAGE_READ_MS,
      tooComplex: () => validationError('url', `The page ${url} is too large or too complex to read.`),
      busy,
    },
  );
}
