import type { BlockSnapshot } from '@parley/editor';

/**
 * Export Flow / Import Flow (spec 03 sections 2.3 and 5): a .json file holding the flow's BPMN
 * XML and the custom functions it calls, so an import can say which ones must exist.
 */
export const FLOW_FILE_FORMAT = 'parley-flow';
export const FLOW_FILE_VERSION = 1;
export const FLOW_FILE_EXTENSIONS = ['.json'];
/** Larger than any flow the server accepts (2 MB of XML) with room for the JSON around it. */
export const FLOW_FILE_MAX_BYTES = 3 * 1024 * 1024;

export interface FlowFile {
  format: typeof FLOW_FILE_FORMAT;
  version: number;
  name: string;
  xml: string;
  functions: string[];
}

export const flowFileName = (botName: string, name: string) => `${botName}-${name}-flow.json`;

/** The custom functions and sub flows a flow's blocks call. */
export const calledFunctions = (blocks: readonly BlockSnapshot[]): string[] => [
  ...new Set(
    blocks.flatMap((block) =>
      block.category === 'custom'
        ? Object.values(block.customData).flatMap((data) =>
            typeof data.fc === 'string' && data.fc ? [data.fc] : [],
          )
        : [],
    ),
  ),
];

export const toFlowFile = (name: string, xml: string, blocks: readonly BlockSnapshot[]): FlowFile => ({
  format: FLOW_FILE_FORMAT,
  version: FLOW_FILE_VERSION,
  name,
  xml,
  functions: calledFunctions(blocks),
});

/** The extension message of a file that is not .json, or null. */
export function extensionProblem(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  const extension = dot === -1 ? '' : fileName.slice(dot).toLowerCase();
  return FLOW_FILE_EXTENSIONS.includes(extension)
    ? null
    : `File has invalid extension ${extension || '(none)'} allowed extensions are: ${FLOW_FILE_EXTENSIONS.join(', ')}`;
}

/** Reads an exported flow file; throws an Error whose message completes 'Failed to load the file'. */
export function readFlowFile(text: string): FlowFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('it is not JSON.');
  }
  const file = parsed as Partial<FlowFile> | null;
  if (!file || typeof file !== 'object' || file.format !== FLOW_FILE_FORMAT || typeof file.xml !== 'string') {
    throw new Error('it is not a flow exported from Parley.');
  }
  if (typeof file.version !== 'number' || file.version > FLOW_FILE_VERSION) {
    throw new Error('it was exported by a newer Parley.');
  }
  return {
    format: FLOW_FILE_FORMAT,
    version: file.version,
    name: typeof file.name === 'string' ? file.name : '',
    xml: file.xml,
    functions: Array.isArray(file.functions) ? file.functions.filter((name) => typeof name === 'string') : [],
  };
}
