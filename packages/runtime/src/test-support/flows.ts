import { type BlockData, blockKindOf, type FlowBlock, type FlowDocument } from '@parley/flows';
import type { BotForTurn } from '../run-turn';
import { compileFlow, type FlowOwnerKind, type RuntimeFlow } from '../runtime-flow';
import type { Recognition } from '../runtime-services';

type Node =
  | { id: string; start: true }
  | { id: string; task: string; category?: string; data?: BlockData; outputs?: string[] }
  | { id: string; gateway: { condition?: string; operation: number; caseSensitivity?: boolean } }
  | { id: string; end: BlockData };

interface Connector {
  from: string;
  to: string;
  data?: BlockData;
}

/**
 * A flow document from a compact description, in English: tasks by their kind's fc with field
 * data as stored ('field-message'), connectors with their data (an exit, a gateway's operator).
 */
export function flowDocument(nodes: Node[], connectors: Connector[]): FlowDocument {
  const blocks: FlowBlock[] = nodes.map((node) => {
    if ('start' in node)
      return {
        id: node.id,
        type: 'bpmn:StartEvent',
        name: '',
        category: null,
        fc: null,
        customData: { en: {} },
      };
    if ('gateway' in node)
      return {
        id: node.id,
        type: 'bpmn:ExclusiveGateway',
        name: node.id,
        category: null,
        fc: null,
        customData: { en: { ...node.gateway } },
      };
    if ('end' in node)
      return {
        id: node.id,
        type: 'bpmn:EndEvent',
        name: '',
        category: null,
        fc: null,
        customData: { en: node.end },
      };
    const category = node.category ?? blockKindOf(null, node.task)?.category ?? 'action';
    return {
      id: node.id,
      type: 'bpmn:Task',
      name: node.id,
      category,
      fc: node.task,
      customData: {
        en: { fc: node.task, ...(node.outputs ? { 'fc-output': node.outputs } : {}), ...node.data },
      },
    };
  });
  connectors.forEach((connector, index) => {
    blocks.push({
      id: `Flow_${index + 1}`,
      type: 'bpmn:SequenceFlow',
      name: '',
      category: null,
      fc: null,
      customData: { en: connector.data ?? {} },
      sourceRef: connector.from,
      targetRef: connector.to,
    });
  });
  return { blocks };
}

/** A straight line of tasks from a start event to an end that ends the flow. */
export function lineFlow(
  name: string,
  tasks: Array<{ task: string; category?: string; data?: BlockData; outputs?: string[] }>,
  origin: { owner: FlowOwnerKind; version: number | null } = { owner: 'intent', version: 1 },
): RuntimeFlow {
  const ids = tasks.map((_, index) => `Activity_${index + 1}`);
  const nodes: Node[] = [
    { id: 'Start', start: true },
    ...tasks.map((task, index) => ({ id: ids[index] as string, ...task })),
    { id: 'End', end: { endFlow: true } },
  ];
  const chain = ['Start', ...ids, 'End'];
  return compileFlow(
    name,
    flowDocument(
      nodes,
      chain.slice(1).map((to, index) => ({ from: chain[index] as string, to })),
    ),
    'en',
    origin,
  );
}

/** Mails the test bots sent, newest last. */
export const mails: Array<{ to: string; subject: string; text: string }> = [];

/**
 * A bot for tests: its flows by intent, and a recognizer that answers the intent named by the
 * first word of the text that is an intent ('order' -> Order), with the score given.
 */
export function testBot(
  flows: RuntimeFlow[],
  recognize: (text: string) => Recognition = (text) => {
    const intent = flows.find((f) => text.toLowerCase().includes(f.name.toLowerCase()))?.name ?? null;
    return { intent, score: intent ? 0.9 : 0.1, entities: [] };
  },
): BotForTurn {
  return {
    confidence: 0.7,
    lowConfidence: 0.3,
    messageBetweenThreshold: 'Did you mean something else?',
    messageBelowThreshold: 'Sorry, I did not understand.',
    flowOf: async (intent) => flows.find((f) => f.name === intent),
    services: {
      recognize: async (text) => recognize(text),
      sendMail: async (mail) => {
        mails.push(mail);
      },
      conversationHistory: async () => 'user: hi\nbot: hello',
    },
    decision: { user: 'absent', entityValue: () => undefined },
  };
}
