import { z } from 'zod';

/**
 * Whether a JSON output answer is what the LLM's output schema asks for: the problem, in a sentence
 * the model can be told (one repair attempt) and a designer can read; undefined when it is fine.
 */
export function jsonAnswerProblem(text: string, outputSchema: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch {
    return 'The answer is not valid JSON.';
  }
  if (!outputSchema.trim()) return undefined;
  const schema = schemaOf(outputSchema);
  if (typeof schema === 'string') return undefined;
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return `The answer does not match the output schema${where}: ${issue?.message ?? 'invalid'}.`;
}

/** The answer's JSON text without a Markdown code fence around it (models add one). */
export function stripFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  return (fenced?.[1] ?? text).trim();
}

/** A JSON Schema as a validator, or why it is not one (checked when the LLM is saved). */
export function schemaOf(outputSchema: string): z.ZodType | string {
  let json: unknown;
  try {
    json = JSON.parse(outputSchema);
  } catch {
    return 'The output schema is not valid JSON.';
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return 'The output schema must be a JSON Schema object.';
  try {
    return z.fromJSONSchema(json as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    return `The output schema is not a JSON Schema Parley can check: ${(error as Error).message}`;
  }
}
