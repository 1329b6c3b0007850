import { INTENT_MESSAGES, FLOW_MESSAGES as M, type SavedFlowVersionView } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createIntent,
  intentsPath,
  refusal,
} from './support/bot-content';
import { testDatabases } from './support/databases';
import { flowContent, intentFlowPath, subFlowPath, testFlowXml } from './support/flows';
import { createFunction } from './support/functions';
import { ownContentBot } from './support/own-content-bot';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Dialog flows of intents and sub flows through the API (spec 03 sections 4.2, 4.3, 6 and 7):
 * versions, activation, validation, permissions, files and usage. The canvas comes later.
 */
describe.each(testDatabases())('flows on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  const orderFlow = () => intentFlowPath(bot, 'OrderStatus');

  /** The test's own bot with the OrderStatus and Help intents and the Order lookup function. */
  const ownBot = async (label: string) => {
    bot = await ownContentBot(w, label);
    await createIntent(w.admin, bot, {
      name: 'OrderStatus',
      utterances: ['where is my order', 'order status'],
    });
    await createIntent(w.admin, bot, {
      name: 'Help',
      type: 'faq',
      answer: 'Ask me.',
      utterances: ['help me', 'help'],
    });
    await createFunction(w.admin, bot, {
      type: 'rest',
      name: 'Order lookup',
      url: 'https://api.example.com/o',
    });
    return bot;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
  });
  afterAll(() => server?.close());

  const save = async (path: string, body: Record<string, unknown>) =>
    expectStatus(await w.designer('POST', path, body), 200).json() as SavedFlowVersionView;

  test('GET /api/templates lists the template flows a new intent can start from', async () => {
    const templates = expectStatus(await w.designer('GET', '/api/templates'), 200).json();
    expect(templates.map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining(['empty', 'greeting', 'question-and-answer', 'collect-feedback', 'hand-over']),
    );
    for (const t of templates)
      expect(t).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
      });
  });

  test('an intent created with a template flow has it as version 1, for its own name', async () => {
    await ownBot('Template Flow');
    await createIntent(w.admin, bot, {
      name: 'Hello_there',
      utterances: ['hello', 'hi there'],
      template: 'greeting',
    });
    const content = await flowContent(w.designer, intentFlowPath(bot, 'Hello_there'));
    expect(content.xmlArray.map((v) => [v.versionName, v.status])).toEqual([['v1', 'unpublished']]);
    expect(content.xml).toContain('Hello_there');
    expect(content.labeledVersions).toEqual([]);
  });

  test('an unknown template flow refuses the intent, which is not made', async () => {
    await ownBot('Unknown Template Flow');
    const response = await w.admin('POST', intentsPath(bot), {
      name: 'Nope',
      utterances: ['a b', 'c d'],
      template: 'no-such',
    });
    expect(refusal(response)).toEqual(['template', M.unknownTemplate]);
    expect((await w.admin('GET', intentFlowPath(bot, 'Nope'))).statusCode).toBe(404);
  });

  test('saves make numbered versions, newest first; the XML may come URI-encoded or raw', async () => {
    await ownBot('Flow Saves');
    const encoded = await save(orderFlow(), {
      xml: encodeURIComponent(testFlowXml({ message: 'One' })),
      status: 'unpublished',
      _date: 'x',
    });
    expect(encoded).toMatchObject({ version: 1, versionName: 'v1', status: 'unpublished', problems: [] });
    const raw = await save(orderFlow(), { xml: testFlowXml({ message: 'Two' }) });
    expect(raw.versionName).toBe('v2');
    const auto = await save(`${orderFlow()}/auto-save`, { xml: testFlowXml({ message: 'Three' }) });
    expect(auto).toMatchObject({ versionName: 'v3', status: 'auto-saved' });
    const content = await flowContent(w.designer, orderFlow());
    expect(content.xmlArray.map((v) => [v.versionName, v.status])).toEqual([
      ['v3', 'auto-saved'],
      ['v2', 'unpublished'],
      ['v1', 'unpublished'],
    ]);
    expect(content.xml).toContain('Three');
    expect(content.xmlArray[2]?.xml).toBe(testFlowXml({ message: 'One' }));
    expect(content.xmlArray[0]?.savedBy).toBe(w.world.plainUser.email);
  });

  test('a flow with errors is kept as faulty-flow with the problems on their blocks, and cannot be activated', async () => {
    await ownBot('Faulty Flow');
    const faulty = await save(orderFlow(), { xml: testFlowXml({ callsFunction: 'Missing function' }) });
    expect(faulty.status).toBe('faulty-flow');
    expect(faulty.problems).toEqual([expect.objectContaining({ blockId: 'Call_1', type: 'error' })]);
    expect(faulty.problems[0]?.message).toContain('Missing function');
    const validated = expectStatus(
      await w.designer('POST', `${orderFlow()}/validate-flow`, {
        xml: testFlowXml({ callsFunction: 'Missing function' }),
      }),
      200,
    ).json();
    expect(validated).toEqual(faulty.problems);
    const refused = await w.admin('PUT', `${orderFlow()}/test-version`, { versionName: faulty.versionName });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: M.faultyVersion(faulty.versionName),
      problems: faulty.problems,
    });
    expect((await flowContent(w.admin, orderFlow())).testVersions).toEqual([]);
  });

  test('activation to test and to production; the active version again answers Saved', async () => {
    await ownBot('Flow Activation');
    const good = await save(orderFlow(), {
      xml: testFlowXml({ callsFunction: 'Order lookup', message: 'Found' }),
    });
    expect(good.problems).toEqual([]);
    const first = expectStatus(
      await w.admin('PUT', `${orderFlow()}/test-version`, {
        versionName: good.versionName,
        ignoreWarnings: true,
      }),
      200,
    ).json();
    expect(first).toMatchObject({ activated: true, message: M.activated('OrderStatus') });
    expect(first.content.testVersions[0]).toMatchObject({
      versionName: good.versionName,
      activatedBy: w.world.tenantAdmin.email,
    });
    const again = expectStatus(
      await w.admin('PUT', `${orderFlow()}/test-version`, { versionName: good.versionName }),
      200,
    ).json();
    expect(again).toMatchObject({ activated: false, message: M.alreadyActive });
    // Without a version name the flow sent is saved first, then activated (auto-publish).
    const live = expectStatus(
      await w.admin('PUT', `${orderFlow()}/published-version`, { xml: testFlowXml({ message: 'Live' }) }),
      200,
    ).json();
    expect(live.activated).toBe(true);
    expect(live.content.labeledVersions[0].versionName).toBe(live.content.xmlArray[0].versionName);
    expect(live.content.testVersions).toHaveLength(1);
  });

  test('permissions: the Designer saves but may not activate; a user without a role sees nothing', async () => {
    await ownBot('Flow Permissions');
    await save(orderFlow(), { xml: testFlowXml({ message: 'One' }) });
    const refused = await w.designer('PUT', `${orderFlow()}/test-version`, { versionName: 'v1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('permission_error');
    expect(
      (await w.designer('PUT', `${orderFlow()}/published-version`, { versionName: 'v1' })).statusCode,
    ).toBe(403);
    expect((await w.stranger('GET', `${orderFlow()}/content`)).statusCode).toBe(403);
    expect((await w.stranger('POST', orderFlow(), { xml: testFlowXml() })).statusCode).toBe(403);
  });

  test("another tenant's administrator finds no such bot, and changes nothing", async () => {
    await ownBot('Flow Outsider');
    await save(orderFlow(), { xml: testFlowXml({ message: 'One' }) });
    const outsider = as(server, w.world.master);
    const before = await flowContent(w.admin, orderFlow());
    expect((await outsider('GET', `${orderFlow()}/content`)).statusCode).toBe(404);
    expect((await outsider('POST', orderFlow(), { xml: testFlowXml() })).statusCode).toBe(404);
    expect((await outsider('PUT', `${orderFlow()}/test-version`, { versionName: 'v1' })).statusCode).toBe(
      404,
    );
    expect((await outsider('GET', `${subFlowPath(bot, 'Checkout')}/content`)).statusCode).toBe(404);
    expect(await flowContent(w.admin, orderFlow())).toEqual(before);
  });

  test('bad input is a 400 (or 404) with a clear message and saves nothing', async () => {
    await ownBot('Bad Flow Input');
    await save(orderFlow(), { xml: testFlowXml({ message: 'One' }) });
    const before = (await flowContent(w.admin, orderFlow())).xmlArray.length;
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">&lol2;</bpmn:definitions>';
    const cases: Array<[string, string, Record<string, unknown>, number, string?]> = [
      ['POST', orderFlow(), {}, 400, M.xmlMissing],
      ['POST', orderFlow(), { xml: '' }, 400, M.xmlMissing],
      ['POST', orderFlow(), { xml: 42 }, 400, M.xmlMissing],
      ['POST', orderFlow(), { xml: '%E0%A4%A' }, 400, M.xmlNotDecodable],
      ['POST', orderFlow(), { xml: 'hello' }, 400],
      ['POST', orderFlow(), { xml: '<html><body/></html>' }, 400],
      ['POST', orderFlow(), { xml: bomb }, 400],
      ['POST', orderFlow(), { xml: testFlowXml(), status: 'published' }, 400],
      ['POST', `${orderFlow()}/auto-save`, { xml: '<bpmn:definitions' }, 400],
      ['PUT', `${orderFlow()}/test-version`, { versionName: 'x1' }, 400, M.versionNameInvalid],
      ['PUT', `${orderFlow()}/test-version`, {}, 400, M.xmlMissing],
      ['PUT', `${orderFlow()}/test-version`, { versionName: 'v999' }, 404],
      ['PUT', `${orderFlow()}/published-version`, { versionName: 'v1', ignoreWarnings: 'yes' }, 400],
      ['POST', `${orderFlow()}/validate-flow`, { xml: 'nope' }, 400],
      ['POST', intentFlowPath(bot, 'Help'), { xml: testFlowXml() }, 400, INTENT_MESSAGES.faqNoFlow],
      ['POST', intentFlowPath(bot, 'Nobody'), { xml: testFlowXml() }, 404],
      ['GET', `${intentFlowPath('No Such Bot', 'OrderStatus')}/content`, {}, 404],
    ];
    for (const [method, path, body, status, message] of cases) {
      const response = await w.admin(method as 'POST', path, method === 'GET' ? undefined : body);
      expect(response.statusCode, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      if (message) expect(response.json().message).toBe(message);
    }
    expect((await flowContent(w.admin, orderFlow())).xmlArray).toHaveLength(before);
  });

  test('renaming an intent keeps its flow; deleting it removes the flow', async () => {
    await ownBot('Renamed Intent Flow');
    await createIntent(w.admin, bot, {
      name: 'Temp',
      utterances: ['temp one', 'temp two'],
      template: 'empty',
    });
    expectStatus(
      await w.admin('PUT', `${intentsPath(bot)}/change-name`, { name: 'Temp', newName: 'Temp_renamed' }),
      200,
    );
    expect((await flowContent(w.admin, intentFlowPath(bot, 'Temp_renamed'))).xmlArray).toHaveLength(1);
    expectStatus(await w.admin('DELETE', intentFlowPath(bot, 'Temp_renamed')), 204);
    await createIntent(w.admin, bot, { name: 'Temp_renamed', utterances: ['temp one', 'temp two'] });
    expect((await flowContent(w.admin, intentFlowPath(bot, 'Temp_renamed'))).xmlArray).toEqual([]);
  });

  test('sub flows: save, content, publish live and validate; other functions have no flow', async () => {
    await ownBot('Sub Flows');
    await createFunction(w.admin, bot, { type: 'flow', name: 'Checkout' });
    const path = subFlowPath(bot, 'Checkout');
    const saved = await save(`${path}/flow`, {
      xml: encodeURIComponent(testFlowXml({ message: 'Pay' })),
      status: 'unpublished',
    });
    expect(saved.versionName).toBe('v1');
    const live = expectStatus(
      await w.admin('PUT', `${path}/published-version`, { versionName: 'v1' }),
      200,
    ).json();
    expect(live.content).toMatchObject({
      kind: 'function',
      name: 'Checkout',
      labeledVersions: [{ versionName: 'v1' }],
    });
    const problems = expectStatus(
      await w.designer('POST', `/api/${encodeURIComponent(bot)}/functions/Checkout/validate-flow-function`, {
        xml: testFlowXml({ redirectTo: 'Nowhere' }),
      }),
      200,
    ).json();
    expect(problems).toEqual([expect.objectContaining({ type: 'error', blockId: 'End_1' })]);
    expect(
      refusal(await w.admin('POST', `${subFlowPath(bot, 'Order lookup')}/flow`, { xml: testFlowXml() })),
    ).toEqual(['name', M.notASubFlow('Order lookup')]);
  });

  test("'Show usage' counts the blocks calling a function, per intent and version", async () => {
    await ownBot('Function Usage');
    // Versions before and after the one calling the function, as the saves and activation tests leave them.
    await save(orderFlow(), { xml: testFlowXml({ message: 'One' }) });
    await save(orderFlow(), { xml: testFlowXml({ callsFunction: 'Order lookup', message: 'Found' }) });
    await save(orderFlow(), { xml: testFlowXml({ message: 'Live' }) });
    const usages = expectStatus(
      await w.admin(
        'GET',
        `/api/bots/${encodeURIComponent(bot)}/functions/function-usages/${encodeURIComponent('Order lookup')}`,
      ),
      200,
    ).json();
    const active = (await flowContent(w.admin, orderFlow())).xmlArray.find((v) => v.xml.includes('Found'));
    expect(usages['Order lookup'].OrderStatus).toEqual({ [active?.versionName ?? '?']: 1 });
  });

  test('an intent file carries its newest flow, which an import makes version 1 of the new intent', async () => {
    await ownBot('Intent File Flow');
    await save(orderFlow(), { xml: testFlowXml({ message: 'One' }) });
    await save(orderFlow(), { xml: testFlowXml({ callsFunction: 'Order lookup', message: 'Found' }) });
    const file = expectStatus(await w.admin('GET', `${orderFlow()}/export`), 200).body;
    const newest = (await flowContent(w.admin, orderFlow())).xml;
    expect(JSON.parse(file).flow).toEqual({ xml: newest });
    expectStatus(
      await w.upload(
        'admin',
        `${intentFlowPath(bot, 'OrderCopy')}/import`,
        'intent-file',
        'order.json',
        file,
      ),
      200,
    );
    const copy = await flowContent(w.admin, intentFlowPath(bot, 'OrderCopy'));
    expect(copy.xmlArray.map((v) => [v.versionName, v.xml])).toEqual([['v1', newest]]);
  });
});
