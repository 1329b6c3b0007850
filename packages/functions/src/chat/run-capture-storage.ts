import { type FunctionDefinitionOf, fillPlaceholders } from '@parley/contracts';
import type { RunnerResult } from '../runner';

export const CAPTURE_STORAGE_NOTICE =
  'Run outside a chat, nothing is stored: these are the writes the chat would make in the browser.';

/**
 * In a chat, a Capture Storage function writes bot variables into the browser storage of
 * the web chat's page (local storage, session storage or a cookie). Run Function has no
 * chat and no browser, so it answers the writes it would make, with the variables taken
 * from the inputs of the same name, for the author to check.
 */
export async function runCaptureStorage(
  definition: FunctionDefinitionOf<'captureStorage'>,
  inputs: Record<string, unknown>,
): Promise<RunnerResult> {
  const writes = definition.variables.map(({ name, storageType, key }) => ({
    variable: name,
    storageType,
    key: fillPlaceholders(key, inputs) || name,
    value: Object.hasOwn(inputs, name) ? inputs[name] : null,
  }));
  return { output: { writes }, notice: CAPTURE_STORAGE_NOTICE };
}
