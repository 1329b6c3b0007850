import { functionDefinitionSchema } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { FunctionRunError } from '../function-run-error';
import { runFunction } from '../run-function';
import { CAPTURE_STORAGE_NOTICE } from './run-capture-storage';
import { SEND_EVENT_NOTICE } from './run-send-event';

describe('Capture Storage run outside a chat', () => {
  test('answers the writes it would make, with values from the inputs of the same name', async () => {
    const definition = functionDefinitionSchema.parse({
      type: 'captureStorage',
      name: 'remember',
      inputs: [{ name: 'customerId', defaultValue: '1042' }, { name: 'cart' }],
      variables: [
        { name: 'customerId', storageType: 'local', key: 'shop.customer' },
        { name: 'cart', storageType: 'session', key: 'cart-{{customerId}}' },
        { name: 'unknown', storageType: 'cookie', key: '' },
      ],
      outputs: [{ variableName: 'firstKey', propertyPath: 'writes[0].key' }],
    });
    const result = await runFunction(definition, { cart: '{"items":2}' });
    expect(result.output).toEqual({
      writes: [
        { variable: 'customerId', storageType: 'local', key: 'shop.customer', value: 1042 },
        { variable: 'cart', storageType: 'session', key: 'cart-1042', value: { items: 2 } },
        { variable: 'unknown', storageType: 'cookie', key: 'unknown', value: null },
      ],
    });
    expect(result.outputs).toEqual({ firstKey: 'shop.customer' });
    expect(result.notice).toBe(CAPTURE_STORAGE_NOTICE);
  });
});

describe('Send Event run outside a chat', () => {
  test('answers the event with its values filled in; JSON events are parsed', async () => {
    const definition = functionDefinitionSchema.parse({
      type: 'sendEvent',
      name: 'notify page',
      inputs: [{ name: 'orderId', defaultValue: '77' }],
      event: '{"name": "orderPlaced", "orderId": {{orderId}}}',
    });
    const result = await runFunction(definition);
    expect(result.output).toEqual({ event: { name: 'orderPlaced', orderId: 77 } });
    expect(result.notice).toBe(SEND_EVENT_NOTICE);
    const plain = await runFunction(
      functionDefinitionSchema.parse({ ...definition, event: 'order-{{orderId}}' }),
    );
    expect(plain.output).toEqual({ event: 'order-77' });
  });

  test('an empty event is refused', async () => {
    const definition = functionDefinitionSchema.parse({ type: 'sendEvent', name: 'notify page', event: ' ' });
    await expect(runFunction(definition)).rejects.toMatchObject({
      message: 'Please provide an event to send',
      functionType: 'sendEvent',
    });
  });
});

describe('types Run Function does not run here', () => {
  test.each([
    ['flow', 'Sub Flow functions cannot be run with Run Function'],
    ['adaptiveCard', 'Adaptive Card functions cannot be run with Run Function'],
    ['llm', 'LLM functions cannot be run with Run Function'],
  ])('%s', async (type, message) => {
    const definition = functionDefinitionSchema.parse({ type, name: 'other' });
    const error = await runFunction(definition).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FunctionRunError);
    expect(error).toMatchObject({ message, functionType: type });
  });
});
