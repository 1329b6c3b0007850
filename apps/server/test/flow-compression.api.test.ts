import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { FLOW_EDITOR_MESSAGES as E, FLOW_XML_MAX_BYTES, FLOW_MESSAGES as M } from '@parley/contracts';
import { FlowFormatError, parseFlow } from '@parley/flows';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, buildAdminWorld } from './support/admin-world';
import { testDatabases } from './support/databases';
import { testFlowXml } from './support/flows';
import { startTestServer, type TestServer } from './support/test-server';

const COMPRESS = '/api/flow/for-compression';
const DECOMPRESS = '/api/flow/for-decompression';

/** The message the flow reader gives for a text that is not a flow (the server passes it on). */
async function readerMessage(xml: string): Promise<string> {
  try {
    await parseFlow(xml);
  } catch (error) {
    if (error instanceof FlowFormatError) return error.message;
    throw error;
  }
  throw new Error('the flow reader took it');
}

/**
 * Flow compression (spec 03 section 7): a flow's XML in, gzip out, and back. Only flow documents go
 * either way; a compressed body never unpacks past the flow size limit.
 */
describe.each(testDatabases())('flow compression on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  const flow = testFlowXml({ message: 'Grüß dich, [name]! 😀' });

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
  });
  afterAll(() => server?.close());

  const compress = (body: unknown, token = world.plainUser.token) =>
    server.request({ method: 'PUT', url: COMPRESS, token, body });
  const decompress = (
    body: Buffer | string,
    contentType = 'application/gzip',
    token = world.plainUser.token,
  ) =>
    server.request({ method: 'PUT', url: DECOMPRESS, token, body, headers: { 'content-type': contentType } });
  const refusal = (response: LightMyRequestResponse, status = 400) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as { code: string; message: string; fieldName: string };
  };

  test('a flow goes in URI-encoded and comes back as gzip, which unpacks to the same XML', async () => {
    const response = await compress({ xml: encodeURIComponent(flow) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const compressed = response.rawPayload;
    expect(compressed.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(gunzipSync(compressed).toString('utf8')).toBe(flow);

    for (const type of ['application/gzip', 'application/x-gzip', 'application/octet-stream']) {
      const back = await decompress(compressed, type);
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(back.headers['x-content-type-options']).toBe('nosniff');
      expect(back.body).toBe(flow);
    }
  });

  test('raw XML is taken as well, and any gzip of a flow unpacks (several members, a byte order mark)', async () => {
    const raw = await compress({ xml: flow });
    expect(gunzipSync(raw.rawPayload).toString('utf8')).toBe(flow);
    const half = flow.length / 2;
    const members = Buffer.concat([gzipSync(flow.slice(0, half)), gzipSync(flow.slice(half))]);
    expect((await decompress(members)).body).toBe(flow);
    expect((await decompress(gzipSync(`\uFEFF${flow}`))).body).toBe(flow);
  });

  test('any signed-in user may compress (nothing of a bot is read); without a token it is a 401', async () => {
    expect((await compress({ xml: flow }, world.tenantAdmin.token)).statusCode).toBe(200);
    for (const response of [
      await server.request({ method: 'PUT', url: COMPRESS, body: { xml: flow } }),
      await server.request({
        method: 'PUT',
        url: DECOMPRESS,
        body: gzipSync(flow),
        headers: { 'content-type': 'application/gzip' },
      }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthorised_error_code');
    }
  });

  test('what is not a flow is not compressed: bad URI-encoding, missing XML, other XML, too big', async () => {
    expect(refusal(await compress({ xml: '%E0%A4%A' }))).toMatchObject({
      fieldName: 'xml',
      message: M.xmlNotDecodable,
    });
    for (const body of [{}, { xml: '' }, { xml: 42 }, null])
      expect(refusal(await compress(body))).toMatchObject({ fieldName: 'xml', message: M.xmlMissing });
    for (const xml of ['<a/>', 'hello', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "x">]><x>&e;</x>'])
      expect(refusal(await compress({ xml: encodeURIComponent(xml) }))).toMatchObject({
        fieldName: 'xml',
        message: await readerMessage(xml),
      });
    const tooBig = flow.replace('Grüß dich', 'x'.repeat(FLOW_XML_MAX_BYTES));
    expect(refusal(await compress({ xml: tooBig })).message).toBe(await readerMessage(tooBig));
  });

  test('a body that is not gzip, or is cut short, could not be read', async () => {
    const whole = gzipSync(flow);
    for (const body of [
      Buffer.from('not gzip at all'),
      randomBytes(4096),
      whole.subarray(0, whole.length - 12),
      whole.subarray(0, 10),
      Buffer.concat([whole, Buffer.from('trailing bytes')]),
      Buffer.from(flow),
    ])
      expect(refusal(await decompress(body))).toMatchObject({
        code: 'validation_error',
        message: E.compressedUnreadable,
      });
    expect(refusal(await decompress(Buffer.alloc(0))).message).toBe(E.compressedUnreadable);
  });

  test('a zip bomb stops unpacking at the flow size limit: 413 with a clear message', async () => {
    for (const size of [FLOW_XML_MAX_BYTES + 1, 64 * 1024 * 1024]) {
      const bomb = gzipSync(Buffer.alloc(size, ' '), { level: 9 });
      expect(bomb.length).toBeLessThan(FLOW_XML_MAX_BYTES);
      expect(refusal(await decompress(bomb), 413)).toEqual({
        code: 'validation_error',
        message: E.compressedTooBig,
        fieldName: 'body',
      });
    }
    // Exactly at the limit it unpacks, then the flow reader has its say.
    const atLimit = gzipSync(`<x>${' '.repeat(FLOW_XML_MAX_BYTES - 7)}</x>`);
    expect(refusal(await decompress(atLimit)).message).not.toBe(E.compressedTooBig);
  });

  test('what unpacks must be UTF-8 text and a flow document, with the flow reader’s reason', async () => {
    expect(refusal(await decompress(gzipSync(Buffer.from([0x3c, 0xff, 0xfe, 0x3e])))).message).toBe(
      E.decompressedNotText,
    );
    for (const text of ['hello', '<a/>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "x">]><x>&e;</x>'])
      expect(refusal(await decompress(gzipSync(text)))).toMatchObject({
        fieldName: 'xml',
        message: await readerMessage(text),
      });
  });

  test('other body types are refused, and a compressed body is at most about the size of a flow', async () => {
    expect((await decompress(gzipSync(flow), 'application/json')).statusCode).toBe(400);
    expect(refusal(await decompress(gzipSync(flow), 'text/plain')).message).toBe(E.compressedUnreadable);
    const untyped = await server.request({
      method: 'PUT',
      url: DECOMPRESS,
      token: world.plainUser.token,
      body: gzipSync(flow),
    });
    expect([400, 415]).toContain(untyped.statusCode);
    expect(typeof untyped.json().code).toBe('string');
    const huge = await decompress(randomBytes(FLOW_XML_MAX_BYTES + 128 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request body is too large.');
  });
});
