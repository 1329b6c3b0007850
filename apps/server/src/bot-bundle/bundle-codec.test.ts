import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import {
  BUNDLE_FORMAT_VERSION,
  BUNDLE_HEADER_LENGTH,
  BundleFormatError,
  bundleKey,
  decodeBundle,
  encodeBundle,
} from './bundle-codec';

const LIMIT = 1024 * 1024;
const shared = bundleKey(undefined);
const content = { format: 'parley-bot', bot: { botName: 'Support Bot' }, sections: { intents: ['ä', '😀'] } };

const problemOf = (file: Buffer, key = shared, limit = LIMIT) => {
  try {
    decodeBundle(file, key, limit);
  } catch (error) {
    if (error instanceof BundleFormatError) return error.problem;
    throw error;
  }
  return 'read';
};

describe('the bot bundle codec', () => {
  test('a file opens to the JSON it was made from, with any key it was sealed with', () => {
    expect(decodeBundle(encodeBundle(content, shared), shared, LIMIT)).toEqual(content);
    const own = bundleKey('an operator secret of at least thirty-two characters');
    expect(decodeBundle(encodeBundle(content, own), own, LIMIT)).toEqual(content);
  });

  test('the header names the format, its version and the key source; the content is not readable', () => {
    const file = encodeBundle(content, shared);
    expect(file.subarray(0, 10).toString('ascii')).toBe('PARLEYBOT\n');
    expect(file.readUInt16BE(10)).toBe(BUNDLE_FORMAT_VERSION);
    expect(file.readUInt8(12)).toBe(0);
    expect(file.includes(Buffer.from('Support Bot'))).toBe(false);
    expect(encodeBundle(content, shared).equals(file)).toBe(false);
  });

  test('every single changed byte, in the header or the content, is noticed', () => {
    const file = encodeBundle(content, shared);
    for (let i = 0; i < file.length; i++) {
      const changed = Buffer.from(file);
      changed[i] = (changed[i] ?? 0) ^ 0x01;
      expect(problemOf(changed), `byte ${i}`).not.toBe('read');
    }
    const inContent = Buffer.from(file);
    inContent[BUNDLE_HEADER_LENGTH + 3] = (inContent[BUNDLE_HEADER_LENGTH + 3] ?? 0) ^ 0xff;
    expect(problemOf(inContent)).toBe('damaged');
  });

  test('a file cut anywhere is incomplete; one with bytes added is damaged', () => {
    const file = encodeBundle(content, shared);
    for (const length of [1, 5, 11, 20, BUNDLE_HEADER_LENGTH, BUNDLE_HEADER_LENGTH + 16, file.length - 1]) {
      expect(problemOf(file.subarray(0, length)), `cut at ${length}`).toBe('truncated');
    }
    expect(problemOf(Buffer.concat([file, Buffer.from('x')]))).toBe('damaged');
  });

  test('another installation’s key, a newer version and foreign files are told apart', () => {
    const own = bundleKey('an operator secret of at least thirty-two characters');
    expect(problemOf(encodeBundle(content, own))).toBe('other-key');
    expect(problemOf(encodeBundle(content, shared), own)).toBe('other-key');
    const newer = encodeBundle(content, shared);
    newer.writeUInt16BE(BUNDLE_FORMAT_VERSION + 1, 10);
    expect(problemOf(newer)).toBe('newer-version');
    expect(problemOf(Buffer.from('{"format":"parley-bot"}'))).toBe('not-a-bundle');
    expect(problemOf(Buffer.alloc(0))).toBe('not-a-bundle');
    expect(problemOf(gzipSync(Buffer.from('{}')))).toBe('not-a-bundle');
  });

  test('content that unpacks beyond the limit is refused before it is read (zip bomb)', () => {
    const bomb = encodeBundle({ padding: 'x'.repeat(4 * LIMIT) }, shared);
    expect(bomb.length).toBeLessThan(LIMIT / 10);
    expect(problemOf(bomb)).toBe('too-large');
  });
});
