import { validationError } from '@parley/contracts';
import type { z } from 'zod';

/**
 * Parses input with a contracts schema at the edge. The first problem becomes a
 * validation_error naming the field, with the schema's (the spec's) message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const fieldName = issue?.path.map(String).join('.') || 'body';
  const message =
    issue && !issue.message.startsWith('Invalid input') ? issue.message : `Invalid value for ${fieldName}`;
  throw validationError(fieldName, message);
}
