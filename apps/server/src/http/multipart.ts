import fastifyMultipart from '@fastify/multipart';
import { AppError, fileTooBigMessage, validationError } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The ceiling of any uploaded file; each route reads its file with its own, lower limit
 * (`readUploadedFile`). One file and a few small fields per request.
 */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** Registers multipart parsing once for the whole app (file uploads: bots, intents, entities, functions). */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 20,
      parts: 25,
      fieldSize: 64 * 1024,
      headerPairs: 100,
    },
  });
}

/** A multipart body that cannot be parsed (no boundary, cut short). */
export const UNREADABLE_UPLOAD = 'The upload could not be read. Please choose the file again.';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
  /** Text fields sent before the file (a form sends them in the order they were added). */
  fields?: Record<string, string>;
}

/**
 * Reads the one file of a multipart request from its form field. A request without that file
 * is a 400 naming the field with `missingMessage`; a file over `maxBytes` is a 400 with the
 * spec's 'File is too big. Accepted size is {n}KB', or `tooBigMessage` where the spec words
 * it otherwise ('Avatar file is too big').
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  missingMessage: string,
  tooBigMessage: string = fileTooBigMessage(maxBytes),
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw validationError(field, missingMessage);
  const tooBig = () => validationError(field, tooBigMessage);
  // Whatever breaks while reading the upload (no boundary, a truncated part, limits) is the request's fault.
  const refusal = (error: unknown) => {
    if (error instanceof AppError) return error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return tooBig();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return validationError(field, missingMessage);
    return validationError(field, UNREADABLE_UPLOAD);
  };
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (error) {
    throw refusal(error);
  }
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw validationError(field, missingMessage);
  }
  try {
    const data = await part.toBuffer();
    if (part.file.truncated || data.length > maxBytes) throw tooBig();
    return { fileName: part.filename, data, fields: textFieldsOf(part.fields) };
  } catch (error) {
    throw refusal(error);
  }
}

/** The text fields among a multipart request's parts read so far (the first value of each). */
function textFieldsOf(fields: Record<string, unknown>): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    const { type, value } = (first ?? {}) as { type?: unknown; value?: unknown };
    if (type === 'field' && typeof value === 'string') texts[name] = value;
  }
  return texts;
}

/** One file of a multipart request with several. */
export interface UploadedPart {
  fieldName: string;
  fileName: string;
  /** The type the client declared for the part (not checked). */
  mimeType: string;
  data: Buffer;
}

/** Why a multipart request with several files is refused. */
export type UploadRefusal = 'unreadable' | 'fileTooBig' | 'tooManyFiles' | 'tooBig';

export interface UploadPartLimits {
  files: number;
  fileBytes: number;
  /** All the files together. */
  totalBytes: number;
}

/**
 * Reads every part of a multipart request: its files (in order) and its text fields (the first
 * value of each), within the limits; `refuse` makes the error for a request over them or one
 * that cannot be parsed.
 */
export async function readUploadParts(
  request: FastifyRequest,
  limits: UploadPartLimits,
  refuse: (why: UploadRefusal) => Error,
): Promise<{ files: UploadedPart[]; fields: Record<string, string> }> {
  const files: UploadedPart[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  const refusals = new WeakSet<Error>();
  const refused = (why: UploadRefusal) => {
    const error = refuse(why);
    refusals.add(error);
    return error;
  };
  try {
    const parts = request.parts({
      limits: { files: limits.files, fileSize: limits.fileBytes, parts: limits.files + 20 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields))
          fields[part.fieldname] = part.value;
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated || data.length > limits.fileBytes) throw refused('fileTooBig');
      total += data.length;
      if (total > limits.totalBytes) throw refused('tooBig');
      files.push({ fieldName: part.fieldname, fileName: part.filename, mimeType: part.mimetype, data });
    }
  } catch (error) {
    if (error instanceof Error && refusals.has(error)) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('fileTooBig');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw refuse('tooManyFiles');
    throw refuse('unreadable');
  }
  return { files, fields };
}
