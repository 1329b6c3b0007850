import type { BpmnModdle, ModdleElement } from 'bpmn-moddle';
import { type Bounds, connectorWaypoints, shapeBounds } from './flow-layout';
import type { FlowStep } from './flow-steps';
import { createModdle, writeCustomData, writeFlowXml } from './flow-xml';
import { type FlowPlan, planFlow } from './plan-flow';

export interface BuildFlowOptions {
  /** The bot's languages: every block gets data in each. */
  languages: string[];
}

/**
 * BPMN XML of a flow described by steps (flow-steps.ts), laid out left to right with the
 * diagram bpmn-js needs to draw it. Throws FlowFormatError for steps that cannot be built
 * (unknown kinds or fields, duplicate ids, steps after an end).
 */
export async function buildFlowXml(steps: readonly FlowStep[], options: BuildFlowOptions): Promise<string> {
  const plan = planFlow(steps, options.languages);
  const moddle = createModdle();
  return writeFlowXml(moddle, definitionsOf(moddle, plan));
}

function definitionsOf(moddle: BpmnModdle, plan: FlowPlan): ModdleElement {
  const process = moddle.create('bpmn:Process', { id: 'Process_1', isExecutable: false });
  const elements = new Map<string, ModdleElement>();
  const bounds = new Map<string, Bounds>();
  const flowElements: ModdleElement[] = [];
  const planeElements: ModdleElement[] = [];

  for (const node of plan.nodes) {
    const element = moddle.create(node.type, { id: node.id, incoming: [], outgoing: [] });
    if (node.name !== '') element.set('name', node.name);
    if (node.category !== null) element.set('parley:category', node.category);
    if (node.customData !== null) writeCustomData(element, node.customData);
    elements.set(node.id, element);
    flowElements.push(element);

    const nodeBounds = shapeBounds(node.type, node.column, node.row);
    bounds.set(node.id, nodeBounds);
    const shape = moddle.create('bpmndi:BPMNShape', {
      id: `${node.id}_di`,
      bpmnElement: element,
      bounds: moddle.create('dc:Bounds', { ...nodeBounds }),
    });
    if (node.type === 'bpmn:ExclusiveGateway') shape.set('isMarkerVisible', true);
    planeElements.push(shape);
  }

  for (const connector of plan.connectors) {
    const source = elements.get(connector.source) as ModdleElement;
    const target = elements.get(connector.target) as ModdleElement;
    const element = moddle.create('bpmn:SequenceFlow', {
      id: connector.id,
      sourceRef: source,
      targetRef: target,
    });
    if (connector.name !== '') element.set('name', connector.name);
    if (connector.customData !== null) writeCustomData(element, connector.customData);
    (source.get('outgoing') as ModdleElement[]).push(element);
    (target.get('incoming') as ModdleElement[]).push(element);
    // bpmn-js draws the default marker from the gateway's own attribute.
    if (connector.isDefault) source.set('default', element);
    flowElements.push(element);

    const waypoints = connectorWaypoints(
      bounds.get(connector.source) as Bounds,
      bounds.get(connector.target) as Bounds,
      source.$type === 'bpmn:ExclusiveGateway',
      connector.viaRow,
    );
    planeElements.push(
      moddle.create('bpmndi:BPMNEdge', {
        id: `${connector.id}_di`,
        bpmnElement: element,
        waypoint: waypoints.map((point) => moddle.create('dc:Point', { ...point })),
      }),
    );
  }

  process.set('flowElements', flowElements);
  const plane = moddle.create('bpmndi:BPMNPlane', {
    id: 'BPMNPlane_1',
    bpmnElement: process,
    planeElement: planeElements,
  });
  return moddle.create('bpmn:Definitions', {
    id: 'Definitions_1',
    targetNamespace: 'http://bpmn.io/schema/bpmn',
    exporter: 'Parley',
    exporterVersion: '1',
    rootElements: [process],
    diagrams: [moddle.create('bpmndi:BPMNDiagram', { id: 'BPMNDiagram_1', plane })],
  });
}
