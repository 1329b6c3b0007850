import { validationError } from '@parley/contracts';
import type { z } from 'zod';
import type { UploadedFile } from '../../http/multipart';
import { parseInput } from '../../http/validate';

/**
 * Reads an uploaded JSON file (an exported intent or entity) with its contracts schema. A file
 * that is not JSON at all is refused with `notAFileMessage`, naming the form field.
 */
export function readJsonFile<S extends z.ZodType>(
  file: UploadedFile,
  schema: S,
  field: string,
  notAFileMessage: string,
): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(file.data.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw validationError(field, notAFileMessage);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw validationError(field, notAFileMessage);
  return parseInput(schema, json);
}
