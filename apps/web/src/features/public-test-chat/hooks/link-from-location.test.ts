import { publicTestChatPath } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { linkFromLocation } from './link-from-location';

describe('the public test chat address', () => {
  test.each([
    ['?id=abc', '', { linkId: 'abc', pass: null }],
    ['?id=abc', '#pass=x.y-z', { linkId: 'abc', pass: 'x.y-z' }],
    ['', '#pass=x', { linkId: null, pass: 'x' }],
    ['?id=', '', { linkId: null, pass: null }],
    ['?id=%20', '#other=1', { linkId: null, pass: null }],
  ])('%s%s', (search, hash, expected) => {
    expect(linkFromLocation(search, hash)).toEqual(expected);
  });

  test('reads back what publicTestChatPath writes', () => {
    const url = new URL(publicTestChatPath('Ab_-9', 'eyJ.h+d/='), 'http://parley.test');
    expect(url.pathname).toBe('/test-chat');
    expect(linkFromLocation(url.search, url.hash)).toEqual({ linkId: 'Ab_-9', pass: 'eyJ.h+d/=' });
  });
});
