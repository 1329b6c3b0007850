import { fieldErrorOf } from '../../../api/server-error';

/**
 * A refusal naming a field ('url', 'inputs', 'flowFunction.name', 'outputs.0.propertyPath')
 * keyed by the draft field it belongs to, or undefined for other failures.
 */
export function draftFieldError(error: unknown): Record<string, string> | undefined {
  const refusal = fieldErrorOf(error);
  if (!refusal) return undefined;
  const field = refusal.field.replace(/^flowFunction\./, '').split('.')[0] || 'name';
  return { [field === 'newName' ? 'name' : field]: refusal.message };
}
