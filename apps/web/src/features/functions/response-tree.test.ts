import { describe, expect, test } from 'vitest';
import { outputNameFor, responseTree } from './response-tree';

describe('the tree of a test call answer', () => {
  const answer = {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-request-id': 'abc' },
    data: {
      order: { id: '42', status: 'shipped', 'first name': 'Ada' },
      items: [{ sku: 'A1' }, { sku: 'B2' }],
    },
  };

  test('starts at {status, headers, data}, each value with the path an output reads it by', () => {
    const tree = responseTree(answer);
    expect(tree.map((node) => [node.label, node.path, node.preview])).toEqual([
      ['status', 'status', '200'],
      ['headers', 'headers', '{2 fields}'],
      ['data', 'data', '{2 fields}'],
    ]);
    const data = tree[2];
    const order = data?.children[0];
    expect(order?.children.map((node) => [node.path, node.preview])).toEqual([
      ['data.order.id', '"42"'],
      ['data.order.status', '"shipped"'],
      ['data.order["first name"]', '"Ada"'],
    ]);
    expect(data?.children[1]?.children.map((node) => [node.label, node.path])).toEqual([
      ['[0]', 'data.items[0]'],
      ['[1]', 'data.items[1]'],
    ]);
    expect(tree[1]?.children[1]?.path).toBe('headers.x-request-id');
  });

  test('a large body is cut: at most 20 items a level, the rest counted', () => {
    const [data] = responseTree({ data: Array.from({ length: 50 }, (_, i) => ({ id: i })) });
    expect(data?.preview).toBe('[50 items]');
    expect(data?.children).toHaveLength(20);
    expect(data?.hiddenCount).toBe(30);
  });

  test('a text body is one value', () => {
    expect(responseTree({ status: 500, data: 'database down' })[1]).toMatchObject({
      path: 'data',
      preview: '"database down"',
      children: [],
    });
  });
});

describe('the variable name of a picked value', () => {
  test.each([
    [['data', 'order', 'status'], [], 'status'],
    [['headers', 'x-request-id'], [], 'xRequestId'],
    [['data', 'items', 0], [], 'items0'],
    [['data', 'first name'], [], 'firstName'],
    [['data', 'order', 'status'], ['Status'], 'status2'],
    [['data', '2024'], [], 'value2024'],
  ])('%j is named %s', (segments, taken, name) => {
    expect(outputNameFor(segments, taken as string[])).toBe(name);
  });
});
