import type { FunctionType } from '@parley/contracts';

/**
 * Why a run failed, for the author: `message` first, then `details` (spec 02 section 8:
 * the Output window shows the message, 'Details:' and the details). The server answers it
 * as the catalogue's function_error with `functionType` and `details`.
 */
export class FunctionRunError extends Error {
  constructor(
    message: string,
    readonly details: string,
    readonly functionType: FunctionType,
  ) {
    super(message);
    this.name = 'FunctionRunError';
  }
}
