import { describe, expect, it } from 'vitest';
import {
  CONDITION_CHANNELS,
  canAddEntityCheck,
  channelChoices,
  clampSimilarity,
  entityChoices,
} from './connector-choices';

describe('Which channel choices', () => {
  it('offers the test chats and the declared channels', () => {
    const ids = CONDITION_CHANNELS.map((channel) => channel.id);
    expect(ids.slice(0, 3)).toEqual(['test-chat', 'test-chat-public', 'test-chat-sub-flow']);
    expect(ids).toContain('slack');
    expect(CONDITION_CHANNELS.find((channel) => channel.id === 'twilio')?.name).toBe('Twilio SMS');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leaves out channels sibling arrows name, but not the arrow’s own', () => {
    const ids = channelChoices(['slack', 'test-chat', undefined], 'slack').map((channel) => channel.id);
    expect(ids).toContain('slack');
    expect(ids).not.toContain('test-chat');
    expect(ids).toHaveLength(CONDITION_CHANNELS.length - 1);
  });
});

describe('similarity', () => {
  it.each([
    [70, 70],
    ['85', 85],
    [5, 20],
    [250, 100],
    ['', 70],
    [undefined, 70],
    ['abc', 70],
    [66.6, 67],
  ])('%j is stored as %i', (value, expected) => {
    expect(clampSimilarity(value)).toBe(expected);
  });
});

describe('multiple entity check', () => {
  const available = ['Size', 'Topping', 'Crust'];

  it('offers each entity once per block', () => {
    expect(entityChoices(available, ['Size', 'Crust'], 0)).toEqual(['Size', 'Topping']);
    expect(entityChoices(available, ['Size', ''], 1)).toEqual(['Topping', 'Crust']);
  });

  it('adds rows while fewer than the available entities and fewer than 10 are chosen', () => {
    expect(canAddEntityCheck(available, 2)).toBe(true);
    expect(canAddEntityCheck(available, 3)).toBe(false);
    expect(canAddEntityCheck([], 0)).toBe(false);
    const many = Array.from({ length: 12 }, (_, index) => `E${index}`);
    expect(canAddEntityCheck(many, 9)).toBe(true);
    expect(canAddEntityCheck(many, 10)).toBe(false);
  });
});
