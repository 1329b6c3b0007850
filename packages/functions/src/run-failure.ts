/**
 * A failure the author can act on, raised anywhere inside a run. runFunction turns it into
 * a FunctionRunError naming the function type.
 */
export class RunFailure extends Error {
  constructor(
    message: string,
    readonly details = '',
  ) {
    super(message);
    this.name = 'RunFailure';
  }
}

export const timeLimitFailure = (timeoutMs: number, details = '') =>
  new RunFailure(`The function took longer than ${timeoutMs} ms`, details);
