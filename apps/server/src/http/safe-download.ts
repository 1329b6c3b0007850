import type { FastifyReply } from 'fastify';

/**
 * Answers a stored user file so that no browser runs it: the type given (or octet-stream), never
 * sniffed; a sandboxed document with nothing allowed should it be opened anyway; saved under a
 * name that cannot break the header (an ASCII fallback, and the full name RFC 5987-encoded).
 * `inline` is for images a page shows; everything else is an attachment.
 */
export function sendSafeFile(
  reply: FastifyReply,
  file: { name: string; contentType: string; data: Buffer; disposition?: 'attachment' | 'inline' },
): FastifyReply {
  return reply
    .type(file.contentType)
    .header('content-disposition', contentDisposition(file.disposition ?? 'attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-cache')
    .send(file.data);
}

/** `attachment; filename="plain.pdf"; filename*=UTF-8''...`: the quoted name keeps letters, digits and ' _.()-'. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9 _.()-]/g, '_').slice(0, 200) || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
