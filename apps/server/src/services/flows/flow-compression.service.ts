import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';
import {
  AppError,
  type CompressFlowBody,
  FLOW_EDITOR_MESSAGES as E,
  FLOW_XML_MAX_BYTES,
  validationError,
} from '@parley/contracts';
import { flowXmlOf, parseStoredFlow } from './flow-xml';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * PUT /api/flow/for-compression: the flow's XML (URI-encoded, or raw) as gzip. Only a flow
 * document is compressed: what the decompression gives back must be one too.
 */
export async function compressFlow(body: CompressFlowBody): Promise<Buffer> {
  const xml = flowXmlOf(body.xml);
  await parseStoredFlow(xml);
  return gzipAsync(Buffer.from(xml, 'utf8'), { level: constants.Z_BEST_COMPRESSION });
}

/**
 * PUT /api/flow/for-decompression: gzip in, the flow's XML out. Inflating stops at the flow size
 * limit (zlib's maxOutputLength), so a small bomb never becomes gigabytes; the text must be UTF-8
 * and a flow document the flow reader accepts, or the answer is a 400 saying why.
 */
export async function decompressFlow(compressed: unknown): Promise<string> {
  if (!Buffer.isBuffer(compressed) || compressed.length === 0)
    throw validationError('body', E.compressedUnreadable);
  let inflated: Buffer;
  try {
    inflated = await gunzipAsync(compressed, { maxOutputLength: FLOW_XML_MAX_BYTES });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_BUFFER_TOO_LARGE')
      throw new AppError('validation_error', E.compressedTooBig, { fieldName: 'body' }, 413);
    throw validationError('body', E.compressedUnreadable);
  }
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    throw validationError('body', E.decompressedNotText);
  }
  await parseStoredFlow(xml);
  return xml;
}
