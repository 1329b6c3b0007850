import { AppError } from '@parley/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';

/** The one place that turns any thrown error into the catalogue's answer; input errors never become 500s. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ code: error.code, message: error.message, ...error.data });
    }
    if (isDatabaseInputError(error)) {
      return reply.status(400).send({
        code: 'validation_error',
        message: 'The input contains characters or values that cannot be stored.',
        fieldName: 'body',
      });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        fastifyError.code === 'FST_ERR_VALIDATION' || status === 400 ? 'validation_error' : 'custom_error';
      return reply.status(status).send({ code, message: clientMessage(fastifyError), fieldName: 'body' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'internal_error', message: 'Server error occured' });
  });
}

/**
 * PostgreSQL refusing a value (a NUL character, bad encoding, an over-long string): the input
 * was bad, not the server. Routes validate first; this is the net under them.
 */
const POSTGRES_INPUT_ERRORS = new Set(['22021', '22P05', '22001', '22P02', '22003']);
function isDatabaseInputError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && POSTGRES_INPUT_ERRORS.has(code);
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message.startsWith('Unexpected token') || error.message.includes('JSON')
        ? 'The request body is not valid JSON.'
        : error.message;
  }
}
