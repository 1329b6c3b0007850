import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture';
import { connector, flowOf, node, task } from './fixtures/test-flows';
import { flowReferences, missingFunctionsWarning } from './flow-references';
import { parseFlow } from './parse-flow';

describe('flowReferences', () => {
  it('lists what the bpmn-js fixture refers to', async () => {
    const doc = await parseFlow(readFixture('order-status.bpmn'));
    expect(flowReferences(doc)).toEqual({
      functions: ['getOrderStatus'],
      intents: ['Talk to an agent'],
      entities: [],
      variables: ['OrderNumber', 'OrderStatus'],
    });
  });

  it('finds entities, compared variables and intents in every language', () => {
    const doc = flowOf(
      task('Check', 'dialog', {
        fc: 'multipleEntityCheck',
        'field-entities': [{ entity: 'city', message: 'Which city, [Name]?' }],
      }),
      task('Validate', 'action', {
        fc: 'validationBlock',
        condition: 'Email',
        operation: 1,
        connector: { equalsCmpType: 'var', equalsValueVar: 'KnownEmail' },
        'field-onFailAction': 'redirect-flow',
        'field-newFlow': 'Contact',
      }),
      task('Call', 'custom', { fc: 'lookupCustomer', 'fc-output': ['Customer'] }),
    );
    const call = doc.blocks.find((block) => block.id === 'Call');
    if (call) call.customData.de = { fc: 'lookupKunde' };
    doc.blocks.push(
      node('G', 'bpmn:ExclusiveGateway', { condition: 'Customer', operation: 7 }),
      connector('C', 'G', 'End', { whichEntity: 'date' }),
      node('End2', 'bpmn:EndEvent', { redirectToOtherIntent: true, intentTo: '[NextIntent]' }),
    );
    expect(flowReferences(doc)).toEqual({
      functions: ['lookupCustomer', 'lookupKunde'],
      intents: ['Contact'],
      entities: ['city', 'date'],
      variables: ['Name', 'Email', 'KnownEmail', 'Customer', 'NextIntent'],
    });
  });
});

describe('missingFunctionsWarning', () => {
  const doc = flowOf(
    task('A', 'custom', { fc: 'getWeather' }),
    task('B', 'custom', { fc: 'getOrderStatus' }),
    task('C', 'custom', { fc: 'sendInvoice' }),
  );

  it('names the functions the bot lacks', () => {
    expect(missingFunctionsWarning(doc, [{ name: 'getOrderStatus' }])).toBe(
      'Warning! Flow contains custom functions which need to be available: getWeather, sendInvoice',
    );
  });

  it('is null when every function is there', () => {
    expect(missingFunctionsWarning(doc, ['getWeather', 'getOrderStatus', 'sendInvoice'])).toBeNull();
  });
});
