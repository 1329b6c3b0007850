import { describe, expect, test } from 'vitest';
import { channelOf } from './test-channels';

describe("a stored conversation's channel", () => {
  test.each([
    ['test-chat', 'Test chat'],
    ['test-chat-public', 'Public test chat'],
    ['api', 'API'],
    ['chatBubble', 'Chat Bubble'],
    ['retired-channel', 'retired-channel'],
  ])('%s is named %s', (id, name) => {
    expect(channelOf(id)).toEqual({ id, name });
  });
});
