import type { FlowContentView } from '@parley/contracts';
import { type Call, expectStatus } from './admin-world';

export const intentFlowPath = (bot: string, intent: string) =>
  `/api/${encodeURIComponent(bot)}/intents/${encodeURIComponent(intent)}`;
export const subFlowPath = (bot: string, name: string) =>
  `/api/bots/${encodeURIComponent(bot)}/functions/${encodeURIComponent(name)}`;

export interface TestFlow {
  /** The text of the flow's message block. */
  message?: string;
  /** A custom function block calling this function (by name), after the message. */
  callsFunction?: string;
  /** The end block redirects to this intent instead of ending the flow. */
  redirectTo?: string;
}

const attr = (value: unknown) => JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A flow document as bpmn-js writes one (start, message, optional function call, end), with the
 * diagram left out: enough for the server, which reads the process.
 */
export function testFlowXml(flow: TestFlow = {}, language = 'en'): string {
  const data = (value: Record<string, unknown>) => attr({ [language]: value });
  const tasks = [
    `<bpmn:task id="Message_1" name="Message" parley:category="dialog" parley:customData="${data({
      fc: 'message',
      'field-message': flow.message ?? 'Hello!',
    })}"/>`,
    ...(flow.callsFunction
      ? [
          `<bpmn:task id="Call_1" name="${flow.callsFunction}" parley:category="custom" parley:customData="${data(
            {
              fc: flow.callsFunction,
            },
          )}"/>`,
        ]
      : []),
  ];
  const ids = ['Start_1', 'Message_1', ...(flow.callsFunction ? ['Call_1'] : []), 'End_1'];
  const end = flow.redirectTo
    ? { redirectToOtherIntent: true, intentTo: flow.redirectTo }
    : { endFlow: true };
  const connectors = ids
    .slice(1)
    .map(
      (target, i) =>
        `<bpmn:sequenceFlow id="Connector_${i + 1}" sourceRef="${ids[i]}" targetRef="${target}"/>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:parley="https://parley.dev/schema/bpmn/1" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">',
    '<bpmn:process id="Process_1" isExecutable="false">',
    '<bpmn:startEvent id="Start_1"/>',
    ...tasks,
    `<bpmn:endEvent id="End_1" parley:customData="${data(end)}"/>`,
    ...connectors,
    '</bpmn:process>',
    '</bpmn:definitions>',
  ].join('\n');
}

export async function flowContent(call: Call, path: string): Promise<FlowContentView> {
  return expectStatus(await call('GET', `${path}/content`), 200).json() as FlowContentView;
}
