import { describe, expect, it } from 'vitest';
import { calledFunctions, extensionProblem, readFlowFile, toFlowFile } from './flow-file';

describe('flow files', () => {
  it('refuses other extensions with the spec message', () => {
    expect(extensionProblem('order.JSON')).toBeNull();
    expect(extensionProblem('order.xml')).toBe(
      'File has invalid extension .xml allowed extensions are: .json',
    );
    expect(extensionProblem('order')).toBe('File has invalid extension (none) allowed extensions are: .json');
  });

  it('round-trips a flow with the custom functions it calls', () => {
    const blocks = [
      { id: 'a', type: 'bpmn:Task', name: 'Get', category: 'custom', customData: { en: { fc: 'getOrder' } } },
      { id: 'b', type: 'bpmn:Task', name: 'Hi', category: 'dialog', customData: { en: { fc: 'message' } } },
    ];
    expect(calledFunctions(blocks)).toEqual(['getOrder']);
    const file = toFlowFile('Order', '<xml/>', blocks);
    expect(readFlowFile(JSON.stringify(file))).toEqual(file);
  });

  it.each([
    ['not json', 'it is not JSON.'],
    ['{"format":"other","xml":"x"}', 'it is not a flow exported from Parley.'],
    ['{"format":"parley-flow","version":9,"xml":"x"}', 'it was exported by a newer Parley.'],
  ])('says why %s cannot be read', (text, message) => {
    expect(() => readFlowFile(text)).toThrow(message);
  });
});
