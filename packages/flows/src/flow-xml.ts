import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import type { BlockData } from './flow-document';
import { FlowFormatError, MAX_FLOW_XML_BYTES } from './flow-format-error';
import { parleyModdleDescriptor } from './parley-moddle';

/** A moddle that knows BPMN and the Parley attributes. */
export function createModdle(): BpmnModdle {
  return new BpmnModdle({ parley: parleyModdleDescriptor });
}

// Building the type registry costs more than reading a flow (1.7 ms against 1.2 ms); reading
// only looks types up, so one instance serves every read.
let readingModdle: BpmnModdle | undefined;
const moddleForReading = (): BpmnModdle => {
  readingModdle ??= createModdle();
  return readingModdle;
};

export interface FlowXmlTree {
  moddle: BpmnModdle;
  definitions: ModdleElement;
  process: ModdleElement;
  /**
   * References moddle could not resolve, by element id and property (sourceRef, targetRef):
   * moddle drops them, validation still needs to name them.
   */
  danglingReferences: Map<string, Record<string, string>>;
}

/**
 * Elements a flow may hold: a block is about ten (task, shape, bounds, extension, connectors),
 * so this is some 5,000 blocks. Counted before the moddle reads anything: a 2 MB flow of 60,000
 * bare tasks took the moddle 2.4 s of CPU.
 */
export const MAX_FLOW_XML_ELEMENTS = 50_000;

/** Start tags (`<` then a letter): one linear pass, no parsing. */
function countStartTags(xml: string): number {
  let count = 0;
  for (let i = xml.indexOf('<'); i !== -1; i = xml.indexOf('<', i + 1)) {
    const next = xml.charCodeAt(i + 1);
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122)) count++;
  }
  return count;
}

// A DOCTYPE may declare entities (billion laughs, external files); BPMN never needs one.
const DTD_PATTERN = /<!DOCTYPE|<!ENTITY/i;

/**
 * Reads flow XML into the moddle tree. Refuses, with a FlowFormatError: more than
 * MAX_FLOW_XML_BYTES, DTDs, text that is not XML, another root than bpmn:definitions, and
 * definitions without exactly one process.
 */
export async function readFlowXml(xml: string): Promise<FlowXmlTree> {
  if (typeof xml !== 'string' || xml.trim() === '') throw new FlowFormatError('The flow is empty.');
  // Each UTF-16 unit is at least one UTF-8 byte: the cheap check first, the exact one after.
  if (xml.length > MAX_FLOW_XML_BYTES || new TextEncoder().encode(xml).length > MAX_FLOW_XML_BYTES) {
    throw new FlowFormatError(
      `The flow is too big: at most ${MAX_FLOW_XML_BYTES / 1024 / 1024} MB are accepted.`,
    );
  }
  if (countStartTags(xml) > MAX_FLOW_XML_ELEMENTS) {
    throw new FlowFormatError(
      `The flow is too big: at most ${MAX_FLOW_XML_ELEMENTS.toLocaleString('en')} XML elements are accepted.`,
    );
  }
  if (DTD_PATTERN.test(xml)) {
    throw new FlowFormatError(
      'The flow is not valid BPMN XML: DOCTYPE and entity declarations are not allowed.',
    );
  }
  const moddle = moddleForReading();
  let result: Awaited<ReturnType<BpmnModdle['fromXML']>>;
  try {
    result = await moddle.fromXML(xml, 'bpmn:Definitions');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.startsWith('failed to parse document as')) {
      throw new FlowFormatError(
        'The flow is not a BPMN document: its root element must be bpmn:definitions.',
      );
    }
    throw new FlowFormatError(`The flow is not valid BPMN XML: ${parserProblem(message)}`);
  }
  // moddle reads leniently; markup it could not place means broken XML or unknown BPMN elements.
  const unparsable = result.warnings.find((warning) => warning.message.startsWith('unparsable content'));
  if (unparsable)
    throw new FlowFormatError(`The flow is not valid BPMN XML: ${parserProblem(unparsable.message)}`);

  const danglingReferences = new Map<string, Record<string, string>>();
  for (const warning of result.warnings) {
    const id = warning.element?.id;
    if (typeof id === 'string' && warning.property && warning.value !== undefined) {
      const property = warning.property.replace(/^bpmn:/, '');
      danglingReferences.set(id, { ...danglingReferences.get(id), [property]: warning.value });
    }
  }

  const definitions = result.rootElement;
  const processes = elementList(definitions, 'rootElements').filter(
    (element) => element.$type === 'bpmn:Process',
  );
  const [process] = processes;
  if (!process || processes.length > 1) {
    throw new FlowFormatError('The flow must contain exactly one process (bpmn:process).');
  }
  return { moddle, definitions, process, danglingReferences };
}

export async function writeFlowXml(moddle: BpmnModdle, definitions: ModdleElement): Promise<string> {
  const { xml } = await moddle.toXML(definitions, { format: true });
  return xml;
}

/** A list property of a moddle element (moddle creates them lazily). */
export function elementList(element: ModdleElement, property: string): ModdleElement[] {
  const value = element.get(property);
  return Array.isArray(value) ? (value as ModdleElement[]) : [];
}

/** parley:customData as an object keyed by language; {} when absent. */
export function readCustomData(element: ModdleElement): Record<string, BlockData> {
  const raw = element.get('parley:customData');
  if (raw === undefined || raw === null || raw === '') return {};
  const problem = `The data of block ${String(element.id)} is not valid: it must be a JSON object of one object per language.`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    throw new FlowFormatError(problem);
  }
  if (!isPlainObject(parsed)) throw new FlowFormatError(problem);
  for (const data of Object.values(parsed)) {
    if (!isPlainObject(data)) throw new FlowFormatError(problem);
  }
  return parsed as Record<string, BlockData>;
}

export function writeCustomData(element: ModdleElement, customData: Record<string, BlockData>): void {
  element.set('parley:customData', JSON.stringify(customData));
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * moddle-xml's 'unparsable content <x> detected / line / column / nested error' as one line:
 * the nested error (the actual problem) with a 1-based position.
 */
function parserProblem(message: string): string {
  const nested = /nested error: (.+)/.exec(message)?.[1];
  const line = /line: (\d+)/.exec(message)?.[1];
  const column = /column: (\d+)/.exec(message)?.[1];
  if (!nested) return message.split('\n')[0] ?? message;
  return line && column ? `${nested} (line ${Number(line) + 1}, column ${Number(column) + 1})` : nested;
}
