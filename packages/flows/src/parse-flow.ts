import type { ModdleElement } from 'bpmn-moddle';
import {
  FLOW_BLOCK_TYPES,
  type FlowBlock,
  type FlowBlockType,
  type FlowDocument,
  firstFc,
} from './flow-document';
import { FlowFormatError } from './flow-format-error';
import { elementList, type FlowXmlTree, readCustomData, readFlowXml } from './flow-xml';

/**
 * Reads a flow as bpmn-js writes it into blocks and connectors. Rejects (FlowFormatError)
 * what readFlowXml rejects, flow elements Parley does not use, and malformed customData.
 */
export async function parseFlow(xml: string): Promise<FlowDocument> {
  return flowDocumentOf(await readFlowXml(xml));
}

export function flowDocumentOf({ process, danglingReferences }: FlowXmlTree): FlowDocument {
  const blocks = elementList(process, 'flowElements').map((element) => {
    if (!isFlowBlockType(element.$type)) {
      throw new FlowFormatError(
        `The flow contains a ${element.$type} (${String(element.id)}), which Parley flows do not use.`,
      );
    }
    if (typeof element.id !== 'string' || element.id === '') {
      throw new FlowFormatError(`The flow contains a ${element.$type} without an id.`);
    }
    return blockOf(element, element.$type, danglingReferences.get(element.id));
  });
  return { blocks };
}

function blockOf(element: ModdleElement, type: FlowBlockType, dangling?: Record<string, string>): FlowBlock {
  const customData = readCustomData(element);
  const category = element.get('parley:category');
  const block: FlowBlock = {
    id: String(element.id),
    type,
    name: typeof element.name === 'string' ? element.name : '',
    category: typeof category === 'string' && category !== '' ? category : null,
    fc: firstFc(customData),
    customData,
  };
  if (type === 'bpmn:SequenceFlow') {
    const sourceRef = referenceId(element.sourceRef) ?? dangling?.sourceRef;
    const targetRef = referenceId(element.targetRef) ?? dangling?.targetRef;
    if (sourceRef !== undefined) block.sourceRef = sourceRef;
    if (targetRef !== undefined) block.targetRef = targetRef;
  }
  return block;
}

function referenceId(reference: unknown): string | undefined {
  const id = (reference as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

function isFlowBlockType(type: string): type is FlowBlockType {
  return (FLOW_BLOCK_TYPES as readonly string[]).includes(type);
}
