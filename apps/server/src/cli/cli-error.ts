import type { z } from 'zod';

/** A problem the operator can fix: printed as a plain message, with a non-zero exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Checks a command-line value with the same contracts schema the API uses; its message on failure. */
export function parseArgument<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new CliError(result.error.issues[0]?.message ?? 'Invalid value.');
}
