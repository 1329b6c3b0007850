import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture';
import { FlowFormatError, MAX_FLOW_XML_BYTES } from './flow-format-error';
import { parseFlow } from './parse-flow';

const NS =
  'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:parley="https://parley.dev/schema/bpmn/1"';
const definitions = (body: string, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<bpmn:definitions ${NS} id="D" targetNamespace="x"${extra}>${body}</bpmn:definitions>`;

describe('parseFlow', () => {
  it('reads a flow as bpmn-js writes it', async () => {
    const doc = await parseFlow(readFixture('order-status.bpmn'));
    expect(doc.blocks.map((block) => [block.type, block.id])).toEqual([
      ['bpmn:StartEvent', 'StartEvent_1'],
      ['bpmn:Task', 'Activity_1f5v0dq'],
      ['bpmn:Task', 'Activity_0q6rn2b'],
      ['bpmn:Task', 'Activity_1b0xq7e'],
      ['bpmn:ExclusiveGateway', 'Gateway_0yq3c8s'],
      ['bpmn:Task', 'Activity_0xgqz7k'],
      ['bpmn:EndEvent', 'Event_0d8o6vj'],
      ['bpmn:EndEvent', 'Event_1v7ta6n'],
      ['bpmn:SequenceFlow', 'Flow_0m4wz1d'],
      ['bpmn:SequenceFlow', 'Flow_1s8pd7l'],
      ['bpmn:SequenceFlow', 'Flow_07ysd2c'],
      ['bpmn:SequenceFlow', 'Flow_0ub6m1z'],
      ['bpmn:SequenceFlow', 'Flow_1wd4c2x'],
      ['bpmn:SequenceFlow', 'Flow_0c0x0ay'],
      ['bpmn:SequenceFlow', 'Flow_1h1ppx9'],
    ]);
    const ask = doc.blocks.find((block) => block.id === 'Activity_0q6rn2b');
    expect(ask).toMatchObject({ name: 'Ask question', category: 'dialog', fc: 'askQuestion' });
    expect(Object.keys(ask?.customData ?? {})).toEqual(['en', 'de']);
    expect(ask?.customData.de?.['field-question']).toBe('Wie lautet Ihre Bestellnummer?');
    expect(ask?.customData.en?.['dtmf-confirm-key']).toBe('#');

    const tell = doc.blocks.find((block) => block.id === 'Activity_0xgqz7k');
    expect(tell?.customData.en?.['field-message']).toBe('Your order is <b>[OrderStatus]</b>.');

    const gateway = doc.blocks.find((block) => block.id === 'Gateway_0yq3c8s');
    expect(gateway).toMatchObject({ category: null, fc: null, customData: { en: { operation: 2 } } });

    const defaultConnector = doc.blocks.find((block) => block.id === 'Flow_0c0x0ay');
    expect(defaultConnector).toMatchObject({
      name: 'DEFAULT',
      sourceRef: 'Gateway_0yq3c8s',
      targetRef: 'Event_1v7ta6n',
      customData: { en: { isDefault: true } },
    });
    const start = doc.blocks[0];
    expect(start).toMatchObject({ name: '', category: null, fc: null, customData: {} });
    expect(start?.sourceRef).toBeUndefined();
  });

  it('keeps the ids of connectors that point at missing blocks', async () => {
    const doc = await parseFlow(
      definitions(
        '<bpmn:process id="P"><bpmn:startEvent id="S"/><bpmn:sequenceFlow id="F" sourceRef="S" targetRef="Gone"/></bpmn:process>',
      ),
    );
    expect(doc.blocks[1]).toMatchObject({ id: 'F', sourceRef: 'S', targetRef: 'Gone' });
  });

  const rejected: [string, string, RegExp][] = [
    ['empty input', '   ', /The flow is empty/],
    ['text that is not XML', 'this is not a flow', /not valid BPMN XML/],
    [
      'truncated XML',
      definitions('<bpmn:process id="P">').replace('</bpmn:definitions>', ''),
      /not valid BPMN XML/,
    ],
    [
      'another root element',
      '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>',
      /root element must be bpmn:definitions/,
    ],
    ['a BPMN process as root', `<bpmn:process ${NS} id="P"/>`, /root element must be bpmn:definitions/],
    [
      'a DOCTYPE with an entity bomb',
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;">]>${definitions(
        '<bpmn:process id="P" name="&lol1;"/>',
      ).replace(/^<\?xml[^>]*>\n/, '')}`,
      /DOCTYPE and entity declarations are not allowed/,
    ],
    [
      'an external entity',
      `<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${definitions('<bpmn:process id="P" name="&xxe;"/>')}`,
      /DOCTYPE and entity declarations are not allowed/,
    ],
    ['no process', definitions(''), /exactly one process/],
    ['two processes', definitions('<bpmn:process id="P1"/><bpmn:process id="P2"/>'), /exactly one process/],
    [
      'an unknown BPMN element',
      definitions('<bpmn:process id="P"><bpmn:flyingTask id="T"/></bpmn:process>'),
      /not valid BPMN XML/,
    ],
    [
      'two elements with one id',
      definitions('<bpmn:process id="P"><bpmn:task id="T"/><bpmn:task id="T"/></bpmn:process>'),
      /not valid BPMN XML: duplicate ID <T> \(line 2, column \d+\)/,
    ],
    [
      'a block without an id',
      definitions('<bpmn:process id="P"><bpmn:task name="x"/></bpmn:process>'),
      /bpmn:Task without an id/,
    ],
    [
      'a BPMN element Parley does not use',
      definitions('<bpmn:process id="P"><bpmn:userTask id="T"/></bpmn:process>'),
      /bpmn:UserTask \(T\), which Parley flows do not use/,
    ],
    [
      'customData that is not JSON',
      definitions('<bpmn:process id="P"><bpmn:task id="T" parley:customData="{en:"/></bpmn:process>'),
      /The data of block T is not valid/,
    ],
    [
      'customData whose languages are not objects',
      definitions(
        '<bpmn:process id="P"><bpmn:task id="T" parley:customData="{&#34;en&#34;:&#34;message&#34;}"/></bpmn:process>',
      ),
      /The data of block T is not valid/,
    ],
  ];
  it.each(rejected)('rejects %s with a FlowFormatError', async (_, xml, message) => {
    const parsing = parseFlow(xml);
    await expect(parsing).rejects.toBeInstanceOf(FlowFormatError);
    await expect(parsing).rejects.toThrow(message);
  });

  it('rejects input over MAX_FLOW_XML_BYTES, counted in UTF-8 bytes', async () => {
    const padding = (size: number, char: string) =>
      definitions(`<bpmn:process id="P" name="${char.repeat(size)}"/>`);
    await expect(parseFlow(padding(MAX_FLOW_XML_BYTES, 'a'))).rejects.toThrow(/too big: at most 2 MB/);
    // Under the limit in characters, over it in bytes (each 'ü' is two bytes).
    await expect(parseFlow(padding(MAX_FLOW_XML_BYTES / 2 + 10, 'ü'))).rejects.toThrow(/too big/);
    const justUnder = padding(MAX_FLOW_XML_BYTES - 400, 'a');
    expect(new TextEncoder().encode(justUnder).length).toBeLessThanOrEqual(MAX_FLOW_XML_BYTES);
    await expect(parseFlow(justUnder)).resolves.toEqual({ blocks: [] });
  });
});

describe('a flow of too many elements', () => {
  it('is refused before the moddle reads it', async () => {
    const tasks = Array.from({ length: 60_000 }, (_, i) => `<bpmn:task id="t${i}"/>`).join('');
    const xml = `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><bpmn:process id="p">${tasks}</bpmn:process></bpmn:definitions>`;
    await expect(parseFlow(xml)).rejects.toThrow(/too big: at most 50,000 XML elements/);
  });
});
