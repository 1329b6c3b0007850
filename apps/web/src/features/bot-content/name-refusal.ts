import { fieldErrorOf } from '../../api/server-error';

/** The server's refusal of an imported element's name (a validation error naming `name`). */
export function nameRefusalOf(error: unknown): string | undefined {
  const refusal = fieldErrorOf(error);
  return refusal?.field === 'name' ? refusal.message : undefined;
}
