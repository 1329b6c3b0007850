import { describe, expect, it } from 'vitest';
import { context } from './fixtures/test-flows';
import { FlowFormatError } from './flow-format-error';
import { FLOW_TEMPLATES, flowTemplateXml, sampleFlowXml } from './flow-templates';
import { parseFlow } from './parse-flow';
import { validateFlow } from './validate-flow';

const options = { intentName: 'Order status', languages: ['en', 'de-at', 'pt'] };

describe('flow templates', () => {
  it('offers the templates of the Create Intent modal', () => {
    expect(FLOW_TEMPLATES.map((template) => template.id)).toEqual([
      'empty',
      'greeting',
      'question-and-answer',
      'collect-feedback',
      'hand-over',
    ]);
    for (const template of FLOW_TEMPLATES) {
      expect(template.name.length).toBeGreaterThan(2);
      expect(template.description).toMatch(/^[A-Z].+\.$/);
    }
  });

  it.each(FLOW_TEMPLATES.map((template) => template.id))('%s builds and validates clean', async (id) => {
    const doc = await parseFlow(await flowTemplateXml(id, options));
    expect(validateFlow(doc, { ...context, languages: options.languages })).toEqual([]);
    expect(validateFlow(doc, { ...context, languages: options.languages, isWelcomeIntent: true })).toEqual(
      [],
    );
  });

  it('writes each language its texts, English where Parley has no translation', async () => {
    const doc = await parseFlow(await flowTemplateXml('question-and-answer', options));
    const ask = doc.blocks.find((block) => block.fc === 'askQuestion');
    expect(ask?.customData.en?.['field-question']).toBe('What can I help you with?');
    expect(ask?.customData['de-at']?.['field-question']).toBe('Wobei kann ich Ihnen helfen?');
    expect(ask?.customData.pt?.['field-question']).toBe('What can I help you with?');
    const echo = doc.blocks.find((block) => block.name === 'Repeat answer');
    expect(echo?.customData.en?.['field-message']).toBe('You said: [Answer]');
  });

  it('collect-feedback branches on the rating with the Math Comparator', async () => {
    const doc = await parseFlow(await flowTemplateXml('collect-feedback', options));
    const gateway = doc.blocks.find((block) => block.type === 'bpmn:ExclusiveGateway');
    expect(gateway?.customData.en).toEqual({ condition: 'Rating', operation: 3 });
    const branches = doc.blocks.filter((block) => block.sourceRef === gateway?.id);
    expect(branches.map((branch) => branch.name)).toEqual(['> 3', 'DEFAULT']);
    const targets = branches.map((branch) => doc.blocks.find((block) => block.id === branch.targetRef)?.name);
    expect(targets).toEqual(['Thank you', 'Sorry']);
  });

  it('hand-over hands over', async () => {
    const doc = await parseFlow(await flowTemplateXml('hand-over', options));
    expect(doc.blocks.filter((block) => block.type === 'bpmn:Task').map((block) => block.fc)).toEqual([
      'message',
      'handover',
    ]);
  });

  it('refuses an unknown template id', async () => {
    await expect(flowTemplateXml('nope', options)).rejects.toBeInstanceOf(FlowFormatError);
  });
});

describe('sampleFlowXml', () => {
  it('greets with the intent name: start, message, end', async () => {
    const xml = await sampleFlowXml({ intentName: 'Opening hours & "prices"', languages: ['en', 'fr'] });
    const doc = await parseFlow(xml);
    expect(
      doc.blocks.filter((block) => block.type !== 'bpmn:SequenceFlow').map((block) => block.type),
    ).toEqual(['bpmn:StartEvent', 'bpmn:Task', 'bpmn:EndEvent']);
    const message = doc.blocks[1];
    expect(message?.customData.en?.['field-message']).toBe('Hello from the intent Opening hours & "prices"!');
    expect(message?.customData.fr?.['field-message']).toContain('Opening hours & "prices"');
    expect(validateFlow(doc, { ...context, languages: ['en', 'fr'] })).toEqual([]);
  });
});
