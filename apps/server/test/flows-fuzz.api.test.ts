import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, createIntent } from './support/bot-content';
import { testDatabases } from './support/databases';
import { flowContent, intentFlowPath, testFlowXml } from './support/flows';
import { createFunction } from './support/functions';
import {
  createFuzzLog,
  fuzzSender,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
} from './support/fuzz';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The flow area: intent flows, sub flows and the template flows, including routes added later. */
const FLOWS_AREA =
  /^\/api\/(templates$|:bot\/intents\/:intent(\/(content|auto-save|published-version|test-version|validate-flow))?$|bots\/:bot\/functions\/:name\/(content|flow|auto-save|published-version)$|:bot\/functions\/:name\/validate-flow-function$)/;

const GOOD = testFlowXml({ message: 'Hi [name]' });

/** What bites a flow document: entities, namespaces, huge and deep XML, odd encodings. */
const VALUES: unknown[] = [
  ...HOSTILE_VALUES,
  '<',
  '%3C',
  '%',
  '%3Cbpmn%3Adefinitions',
  encodeURIComponent(GOOD).slice(0, 200),
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  GOOD.replace('parley:customData="', 'parley:customData="{{{'),
  GOOD.replace(/customData="[^"]*"/, 'customData="[1,2,3]"'),
  GOOD.replace(
    /customData="[^"]*"/,
    'customData="{&quot;en&quot;:{&quot;fc&quot;:{&quot;__proto__&quot;:1}}}"',
  ),
  GOOD.replace('<bpmn:startEvent id="Start_1"/>', ''),
  GOOD.replace('Process_1', 'Process_1"><bpmn:process id="P2'),
  `<a>${'<b>'.repeat(5000)}${'</b>'.repeat(5000)}</a>`,
  `${GOOD}${' '.repeat(10)}<extra/>`,
  'v1',
  'v0',
  'v-1',
  'v99999999999',
];

const RAW_BODIES = [
  ...HOSTILE_RAW_BODIES,
  `{"xml":${JSON.stringify(GOOD)},"__proto__":{"status":"published"}}`,
];

const BASE_BODIES: Record<string, Record<string, unknown>> = {
  POST: { xml: encodeURIComponent(GOOD), status: 'unpublished' },
  PUT: { versionName: 'v1', ignoreWarnings: true },
};

describe.each(testDatabases())('hostile input to the flows API on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  const botName = 'Fuzz Flow Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, botName);
    await createIntent(w.admin, botName, {
      name: 'Order',
      utterances: ['my order', 'order please'],
      template: 'greeting',
    });
    await createFunction(w.admin, botName, { type: 'flow', name: 'Sub' });
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    // The intent's own PATCH and DELETE share the path; they belong to the intents area.
    const routes = routeCatalogue(server.app).filter(
      (r) => ['GET', 'POST', 'PUT'].includes(r.method) && FLOWS_AREA.test(r.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    for (const route of routes) {
      const params = { bot: botName, intent: 'Order', name: 'Sub' };
      for (const p of HOSTILE_PARAMS) {
        for (const url of [
          fillPath(route.url, { bot: p, intent: p, name: p }),
          fillPath(route.url, { ...params, intent: p, name: p }),
        ])
          await send(route.method, url.replace(/%25/g, '%'), route.method === 'GET' ? undefined : {});
      }
      if (route.method === 'GET') continue;
      const url = fillPath(route.url, params);
      for (const body of hostileBodies(BASE_BODIES[route.method] ?? {}, VALUES))
        await send(route.method, url, body);
      for (const raw of RAW_BODIES)
        await send(route.method, url, raw, { 'content-type': 'application/json' });
      await send(route.method, url, 'xml=%3C', { 'content-type': 'application/x-www-form-urlencoded' });
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(500);
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });

  test('after the barrage every stored version is a flow document and the content still reads', async () => {
    const content = await flowContent(w.admin, intentFlowPath(botName, 'Order'));
    expect(content.xmlArray.length).toBeGreaterThan(0);
    for (const version of content.xmlArray) {
      expect(version.xml.startsWith('<')).toBe(true);
      expect(['unpublished', 'auto-saved', 'faulty-flow']).toContain(version.status);
    }
    expectStatus(await w.admin('GET', '/api/templates'), 200);
  });
});
