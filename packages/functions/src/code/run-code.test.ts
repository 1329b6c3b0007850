import { functionDefinitionSchema } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { FunctionRunError } from '../function-run-error';
import { runFunction } from '../run-function';

const code = (source: string, inputs: Array<{ name: string; defaultValue?: string }> = []) =>
  functionDefinitionSchema.parse({ type: 'code', name: 'custom code', code: source, inputs });

async function failureOf(promise: Promise<unknown>): Promise<FunctionRunError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FunctionRunError);
  return error as FunctionRunError;
}

describe('custom code functions', () => {
  test('the code gets its inputs, converted, as `inputs` and as variables, and returns the output', async () => {
    const result = await runFunction(
      code('return { total: price * quantity, currency: inputs.currency, tags: inputs.tags };', [
        { name: 'price', defaultValue: '2.5' },
        { name: 'quantity', defaultValue: '4' },
        { name: 'currency', defaultValue: 'EUR' },
        { name: 'tags', defaultValue: '["a","b"]' },
      ]),
      { quantity: '3' },
    );
    expect(result.output).toEqual({ total: 7.5, currency: 'EUR', tags: ['a', 'b'] });
  });

  test('inputs whose names are no variable names are still in `inputs`', async () => {
    const result = await runFunction(
      code("return inputs['first name'] + ' ' + inputs.class;", [
        { name: 'first name', defaultValue: 'Ada' },
        { name: 'class', defaultValue: 'A' },
      ]),
    );
    expect(result.text).toBe('Ada A');
  });

  test('top-level await works, and the outputs read the result', async () => {
    const definition = functionDefinitionSchema.parse({
      type: 'code',
      name: 'awaits',
      code: 'const value = await Promise.resolve(41);\nreturn { answer: { value: value + 1 } };',
      outputs: [{ variableName: 'answer', propertyPath: 'answer.value' }],
    });
    const result = await runFunction(definition);
    expect(result.outputs).toEqual({ answer: 42 });
  });

  test('results leave the sandbox as JSON: dates as text, functions and undefined dropped', async () => {
    const result = await runFunction(
      code('return { when: new Date(0), f() {}, gone: undefined, list: [undefined] };'),
    );
    expect(result.output).toEqual({ when: '1970-01-01T00:00:00.000Z', list: [null] });
    expect((await runFunction(code('const x = 1;'))).output).toBeNull();
  });

  test('console output is kept for the author', async () => {
    const result = await runFunction(
      code("console.log('hello', { a: 1 }); console.error('careful'); return 1;"),
    );
    expect(result.logs).toEqual(['log: hello {"a":1}', 'error: careful']);
  });

  test('there is no Node inside: no require, process, fetch, timers or module import', async () => {
    const result = await runFunction(
      code(
        'return [typeof require, typeof process, typeof fetch, typeof setTimeout, typeof Buffer, typeof globalThis.module];',
      ),
    );
    expect(result.output).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
    ]);
    const imported = await failureOf(runFunction(code("return await import('node:fs');")));
    expect(imported.functionType).toBe('code');
  });

  test('an error thrown by the code names itself and its line', async () => {
    const error = await failureOf(runFunction(code('const a = 1;\nthrow new TypeError("no such order");')));
    expect(error.message).toBe('TypeError: no such order');
    expect(error.details).toContain('function.js:2');
  });

  test('a syntax error says so', async () => {
    const error = await failureOf(runFunction(code('return {')));
    expect(error.message).toBe('The code has a syntax error');
    expect(error.details).toMatch(/Unexpected/);
  });

  test('a result that is not JSON is refused clearly', async () => {
    const error = await failureOf(runFunction(code('return 10n;')));
    expect(error.message).toMatch(/The result cannot be converted to JSON/);
  });

  test('an endless loop ends at 1000 ms, and the next run works', async () => {
    const started = Date.now();
    const error = await failureOf(runFunction(code('while (true) {}')));
    expect(error.message).toBe('The function took longer than 1000 ms');
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await runFunction(code('return 1 + 1;'))).output).toBe(2);
  });

  test('an endless loop after an await, and a promise that never settles, end too', async () => {
    const afterAwait = await failureOf(runFunction(code('await null; for (;;) {}'), {}, { timeoutMs: 300 }));
    expect(afterAwait.message).toBe('The function took longer than 300 ms');
    const never = await failureOf(runFunction(code('await new Promise(() => {});'), {}, { timeoutMs: 300 }));
    expect(never.message).toBe('The function took longer than 300 ms');
  });

  test('unbounded allocation ends at 32 MB, and the next run works', async () => {
    // A generous time limit: on a busy machine the memory limit must still be what stops it.
    const patient = { timeoutMs: 15_000 };
    const error = await failureOf(
      runFunction(code('const all = []; while (true) all.push(new Array(100000).fill(1));'), {}, patient),
    );
    expect(error.message).toBe('The function used more than 32 MB');
    const map = await failureOf(
      runFunction(
        code("const seen = new Map(); for (let i = 0; ; i++) seen.set(i, 'value ' + i);"),
        {},
        patient,
      ),
    );
    expect(map.message).toBe('The function used more than 32 MB');
    expect((await runFunction(code('return [1, 2, 3].map((n) => n * 2);'))).output).toEqual([2, 4, 6]);
    expect(process.memoryUsage().heapUsed).toBeLessThan(1024 * 1024 * 1024);
  });

  test('a result larger than the cap is refused', async () => {
    const error = await failureOf(
      runFunction(code("return 'x'.repeat(2000);"), {}, { maxResponseBytes: 1000 }),
    );
    expect(error.message).toBe('The result is larger than 1000 bytes');
  });

  test('runs side by side do not see each other', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        runFunction(
          code('globalThis.seen = (globalThis.seen ?? 0) + n; return globalThis.seen;', [{ name: 'n' }]),
          {
            n: String(n),
          },
        ),
      ),
    );
    expect(results.map((r) => r.output)).toEqual([1, 2, 3]);
  });
});
