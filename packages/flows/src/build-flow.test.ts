import type { ModdleElement } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { buildFlowXml } from './build-flow';
import { context } from './fixtures/test-flows';
import { FlowFormatError } from './flow-format-error';
import type { FlowStep } from './flow-steps';
import { elementList, readFlowXml } from './flow-xml';
import { parseFlow } from './parse-flow';
import { validateFlow } from './validate-flow';

const supportSteps: FlowStep[] = [
  {
    block: 'askQuestion',
    fields: { question: 'What is your order number?' },
    byLanguage: { de: { question: 'Ihre Bestellnummer?' } },
  },
  { function: 'getOrderStatus', fields: { orderId: '[Answer]' }, outputs: ['OrderStatus'] },
  {
    condition: 'OrderStatus',
    operation: 2,
    name: 'Found?',
    branches: [
      {
        operator: { checkExistance: 'yes' },
        steps: [{ block: 'message', fields: { message: 'It is [OrderStatus].' } }],
      },
      { isDefault: true, steps: [{ end: { redirectToIntent: 'Talk to an agent' }, clearEntities: true }] },
      { operator: { checkExistance: 'no' } },
    ],
  },
  { block: 'askQuestion', fields: { question: 'Anything else?' } },
];

/** Shapes and edges of the diagram by the id of their element. */
async function diagramOf(xml: string) {
  const { definitions } = await readFlowXml(xml);
  const [diagram] = elementList(definitions, 'diagrams');
  const plane = diagram?.get('plane') as ModdleElement;
  const shapes = new Map<string, { x: number; y: number; width: number; height: number }>();
  const edges = new Map<string, { x: number; y: number }[]>();
  for (const element of elementList(plane, 'planeElement')) {
    const id = String((element.get('bpmnElement') as ModdleElement).id);
    if (element.$type === 'bpmndi:BPMNShape') shapes.set(id, element.get('bounds') as never);
    else edges.set(id, element.get('waypoint') as never);
  }
  return { shapes, edges };
}

describe('buildFlowXml', () => {
  it('round-trips through parseFlow with data in every language', async () => {
    const doc = await parseFlow(await buildFlowXml(supportSteps, { languages: ['en', 'de'] }));
    const byId = new Map(doc.blocks.map((block) => [block.id, block]));
    expect(doc.blocks.filter((block) => block.type !== 'bpmn:SequenceFlow').map((block) => block.id)).toEqual(
      [
        'StartEvent_1',
        'Activity_1',
        'Activity_2',
        'Gateway_1',
        'Activity_3',
        'Event_1',
        'Activity_4',
        'Event_2',
      ],
    );
    expect(byId.get('Activity_1')).toMatchObject({
      name: 'Ask Question',
      category: 'dialog',
      fc: 'askQuestion',
      customData: {
        en: {
          fc: 'askQuestion',
          'fc-output': ['Answer'],
          'field-question': 'What is your order number?',
          'dtmf-confirm-key': '0',
        },
        de: { 'field-question': 'Ihre Bestellnummer?', 'field-is-sensitive': false },
      },
    });
    expect(byId.get('Activity_2')).toMatchObject({
      name: 'getOrderStatus',
      category: 'custom',
      customData: { en: { fc: 'getOrderStatus', 'field-orderId': '[Answer]', 'fc-output': ['OrderStatus'] } },
    });
    // A second block of the same kind gets its own output name.
    expect(byId.get('Activity_4')?.customData.en?.['fc-output']).toEqual(['Answer2']);
    expect(byId.get('Gateway_1')).toMatchObject({
      name: 'Found?',
      customData: { de: { condition: 'OrderStatus', operation: 2 } },
    });
    expect(byId.get('Event_1')?.customData.en).toMatchObject({
      redirectToOtherIntent: true,
      intentTo: 'Talk to an agent',
      endFlow: false,
      clearEntities: true,
    });
    expect(byId.get('Event_2')?.customData.de).toMatchObject({ endFlow: true, redirectToOtherIntent: false });

    const connectors = doc.blocks.filter((block) => block.sourceRef === 'Gateway_1');
    expect(connectors.map(({ name, targetRef, customData }) => [name, targetRef, customData.en])).toEqual([
      ['EXISTS', 'Activity_3', { isDefault: false, checkExistance: 'yes' }],
      ['DEFAULT', 'Event_1', { isDefault: true }],
      ['DOES NOT EXIST', 'Activity_4', { isDefault: false, checkExistance: 'no' }],
    ]);
    expect(validateFlow(doc, { ...context, languages: ['en', 'de'] })).toEqual([]);
  });

  it('writes what bpmn-js reads: incoming/outgoing, the gateway default, a shape or edge for every element', async () => {
    const xml = await buildFlowXml(supportSteps, { languages: ['en'] });
    const { process } = await readFlowXml(xml);
    const gateway = elementList(process, 'flowElements').find((element) => element.id === 'Gateway_1');
    if (!gateway) throw new Error('no gateway');
    expect((gateway.get('default') as ModdleElement).id).toBe('Flow_5');
    expect(elementList(gateway, 'outgoing').map((flow) => flow.id)).toEqual(['Flow_4', 'Flow_5', 'Flow_7']);
    const { shapes, edges } = await diagramOf(xml);
    for (const element of elementList(process, 'flowElements')) {
      const drawn = element.$type === 'bpmn:SequenceFlow' ? edges : shapes;
      expect(drawn.has(String(element.id)), String(element.id)).toBe(true);
    }
  });

  it('lays the flow out left to right without overlapping shapes', async () => {
    const xml = await buildFlowXml(supportSteps, { languages: ['en'] });
    const doc = await parseFlow(xml);
    const { shapes, edges } = await diagramOf(xml);
    const boxes = [...shapes.values()];
    boxes.forEach((a, i) => {
      for (const b of boxes.slice(i + 1)) {
        const overlaps =
          a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlaps).toBe(false);
      }
    });
    for (const connector of doc.blocks.filter((block) => block.type === 'bpmn:SequenceFlow')) {
      const source = shapes.get(connector.sourceRef as string);
      const target = shapes.get(connector.targetRef as string);
      const points = edges.get(connector.id) ?? [];
      expect(source && target && target.x > source.x, connector.id).toBe(true);
      // Orthogonal segments that start on the source's border and end on the target's.
      for (const [a, b] of points.slice(1).map((point, index) => [points[index], point])) {
        expect(a?.x === b?.x || a?.y === b?.y).toBe(true);
      }
      const onBorder = (point: { x: number; y: number } | undefined, box: typeof source) =>
        !!point &&
        !!box &&
        (point.x === box.x ||
          point.x === box.x + box.width ||
          point.y === box.y ||
          point.y === box.y + box.height);
      expect(onBorder(points[0], source) && onBorder(points.at(-1), target), connector.id).toBe(true);
    }
    // The branch below the first leaves the gateway downwards; the empty third one goes round below.
    const gateway = shapes.get('Gateway_1');
    expect(edges.get('Flow_5')?.[0]).toMatchObject({ x: (gateway?.x ?? 0) + 25, y: (gateway?.y ?? 0) + 50 });
    expect(edges.get('Flow_7')).toHaveLength(4);
  });

  it("draws a function's Call failed branch below it; both ways meet at the next step", async () => {
    const steps: FlowStep[] = [
      {
        function: 'getOrderStatus',
        type: 'rest',
        fields: { orderId: '7' },
        failed: [{ block: 'message', id: 'Sorry', fields: { message: 'The order service is away.' } }],
      },
      { block: 'message', id: 'After', fields: { message: 'Anything else?' } },
    ];
    const xml = await buildFlowXml(steps, { languages: ['en'] });
    const doc = await parseFlow(xml);
    const call = doc.blocks.find((block) => block.fc === 'getOrderStatus');
    expect(call?.customData.en?.['fc-output-default']).toEqual(['rest']);
    const leaving = doc.blocks.filter((block) => block.sourceRef === call?.id);
    expect(leaving.map(({ name, targetRef, customData }) => [name, targetRef, customData.en?.exit])).toEqual([
      ['Call failed', 'Sorry', 'failed'],
      ['', 'After', undefined],
    ]);
    expect(doc.blocks.find((block) => block.sourceRef === 'Sorry')?.targetRef).toBe('After');
    expect(validateFlow(doc, context)).toEqual([]);
    const { shapes } = await diagramOf(xml);
    expect(shapes.get('Sorry')?.y).toBeGreaterThan(shapes.get(call?.id ?? '')?.y ?? 0);
    expect(shapes.get('After')?.x).toBeGreaterThan(shapes.get('Sorry')?.x ?? 0);
  });

  it('ends a flow that does not end by itself', async () => {
    const doc = await parseFlow(await buildFlowXml([{ block: 'handover' }], { languages: ['en'] }));
    expect(doc.blocks.map((block) => block.type)).toEqual([
      'bpmn:StartEvent',
      'bpmn:Task',
      'bpmn:EndEvent',
      'bpmn:SequenceFlow',
      'bpmn:SequenceFlow',
    ]);
  });

  const refused: [string, FlowStep[], string[], RegExp][] = [
    ['an unknown block kind', [{ block: 'teleport' }], ['en'], /Unknown block function teleport/],
    [
      'an unknown field',
      [{ block: 'message', fields: { text: 'Hi' } }],
      ['en'],
      /Message blocks have no field text/,
    ],
    [
      'a duplicate id',
      [
        { block: 'message', id: 'A' },
        { block: 'handover', id: 'A' },
      ],
      ['en'],
      /two elements with the id A/,
    ],
    [
      'a step after an end',
      [{ end: 'endFlow' }, { block: 'handover' }],
      ['en'],
      /No step can follow an end step/,
    ],
    [
      'an unknown operation',
      [{ condition: 'x', operation: 13, branches: [{ isDefault: true }] }],
      ['en'],
      /Unknown decision operation 13/,
    ],
    ['no languages', [], [], /at least one language/],
    [
      'a Call failed branch of a function whose type cannot fail',
      [{ function: 'Card', type: 'adaptiveCard', failed: [] }],
      ['en'],
      /Function Card has no Call failed exit/,
    ],
  ];
  it.each(refused)('refuses %s', async (_, steps, languages, message) => {
    const building = buildFlowXml(steps, { languages });
    await expect(building).rejects.toBeInstanceOf(FlowFormatError);
    await expect(building).rejects.toThrow(message);
  });
});
