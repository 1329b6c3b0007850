import type { FastifyReply } from 'fastify';

/** Answers a file download under the given name (names here are letters, digits, - _ . and spaces). */
export function sendAttachment(
  reply: FastifyReply,
  fileName: string,
  contentType: string,
  body: string | Buffer,
): FastifyReply {
  const safeName = fileName.replace(/[^A-Za-z0-9 _.-]/g, '_');
  return reply
    .type(contentType)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .send(body);
}
