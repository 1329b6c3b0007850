import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture';
import type { FlowDocument } from './flow-document';
import { normaliseFlow, normaliseFlowXml } from './normalise-flow';
import { parseFlow } from './parse-flow';

const doc: FlowDocument = {
  blocks: [
    { id: 'S', type: 'bpmn:StartEvent', name: '', category: null, fc: null, customData: {} },
    {
      id: 'T',
      type: 'bpmn:Task',
      name: 'Message',
      category: 'dialog',
      fc: 'message',
      customData: { de: { fc: 'message', 'field-message': 'Hallo', 'fc-output': [] } },
    },
    {
      id: 'U',
      type: 'bpmn:Task',
      name: 'Message',
      category: 'dialog',
      fc: 'message',
      customData: {
        fr: { fc: 'message', 'field-message': 'Bonjour' },
        en: { fc: 'message', 'field-message': 'Hello' },
      },
    },
  ],
};

describe('normaliseFlow', () => {
  it('copies missing languages from the first one the block has', () => {
    const [start, onlyGerman, frenchAndEnglish] = normaliseFlow(doc, ['en', 'de']).blocks;
    expect(start?.customData).toEqual({});
    expect(onlyGerman?.customData).toEqual({
      de: { fc: 'message', 'field-message': 'Hallo', 'fc-output': [] },
      en: { fc: 'message', 'field-message': 'Hallo', 'fc-output': [] },
    });
    // The bot's main language is the source when the block has it; other languages stay.
    expect(frenchAndEnglish?.customData.de).toEqual({ fc: 'message', 'field-message': 'Hello' });
    expect(frenchAndEnglish?.customData.fr).toEqual({ fc: 'message', 'field-message': 'Bonjour' });
  });

  it('copies, not shares, and leaves the input alone', () => {
    const normalised = normaliseFlow(doc, ['de', 'it']);
    const task = normalised.blocks[1];
    expect(task?.customData.it).not.toBe(task?.customData.de);
    expect(task?.customData.it?.['fc-output']).not.toBe(task?.customData.de?.['fc-output']);
    expect(Object.keys(doc.blocks[1]?.customData ?? {})).toEqual(['de']);
  });

  it('rewrites the XML with every language', async () => {
    const xml = `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:parley="https://parley.dev/schema/bpmn/1" id="D" targetNamespace="x"><bpmn:process id="P"><bpmn:task id="T" name="Hi" parley:category="dialog" parley:customData="{&#34;en&#34;:{&#34;fc&#34;:&#34;message&#34;,&#34;field-message&#34;:&#34;Hi&#34;}}"/></bpmn:process></bpmn:definitions>`;
    const normalised = await parseFlow(await normaliseFlowXml(xml, ['en', 'nl']));
    expect(normalised.blocks[0]).toMatchObject({
      name: 'Hi',
      category: 'dialog',
      customData: { en: { 'field-message': 'Hi' }, nl: { 'field-message': 'Hi' } },
    });
  });

  it('keeps the diagram and everything else of a bpmn-js document', async () => {
    const xml = await normaliseFlowXml(readFixture('order-status.bpmn'), ['en', 'de']);
    expect(xml).toContain('<bpmndi:BPMNEdge id="Flow_0c0x0ay_di" bpmnElement="Flow_0c0x0ay">');
    expect(xml).toContain('<bpmn:text>Ask the shop API for the order</bpmn:text>');
    expect(xml).toContain('exporter="bpmn-js (https://demo.bpmn.io)"');
    const doc = await parseFlow(xml);
    const status = doc.blocks.find((block) => block.id === 'Activity_1b0xq7e');
    expect(status?.customData.de).toEqual(status?.customData.en);
    const ask = doc.blocks.find((block) => block.id === 'Activity_0q6rn2b');
    expect(ask?.customData.de?.['field-question']).toBe('Wie lautet Ihre Bestellnummer?');
  });
});
