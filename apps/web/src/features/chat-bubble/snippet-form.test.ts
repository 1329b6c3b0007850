import { DEFAULT_SNIPPET_SETTINGS, SNIPPET_MESSAGES as M } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { draftProblems, embedCodeOf, iconFileProblem, type SnippetDraft } from './snippet-form';

const { avatar: _a, bubbleIcon: _b, ...settings } = DEFAULT_SNIPPET_SETTINGS;
const draft = (change: Partial<SnippetDraft> = {}): SnippetDraft => ({
  description: '',
  allowedOrigins: [],
  settings,
  ...change,
});

describe('the snippet form', () => {
  test.each([
    ['https://shop.example.com', undefined],
    ['http://localhost:8080/', undefined],
    ['https://shop.example.com:8443', undefined],
    ['https://shop.example.com?', M.originOnly],
    ['https://user@shop.example.com', M.originOnly],
    ['https://shop.example.com/page', M.originOnly],
    ['shop.example.com', M.invalidUrl],
  ])('the origin %j: %j', (origin, problem) => {
    expect(draftProblems(draft({ allowedOrigins: [origin] }))['allowedOrigins.0']).toBe(problem);
  });

  test('popup messages are checked only while they are on', () => {
    const popupMessages = [{ message: '', delay: -1 }];
    expect(draftProblems(draft({ settings: { ...settings, popupMessages } }))).toEqual({});
    expect(
      draftProblems(draft({ settings: { ...settings, popupMessages, hasPopupMessages: true } })),
    ).toEqual({
      'popupMessages.0.message': M.popupMessageMissing,
      'popupMessages.0.delay': M.popupDelay,
    });
  });

  test('icons: type first, then size', () => {
    expect(iconFileProblem({ name: 'a.gif', size: 1 })).toBe(M.iconType);
    expect(iconFileProblem({ name: 'a.svg', size: 300 * 1024 })).toBe(
      'Icon is too big. Accepted size is 200KB',
    );
    expect(iconFileProblem({ name: 'a.PNG', size: 1000 })).toBeUndefined();
  });

  test('the embed code loads the script and mounts with token, code and both addresses, escaped', () => {
    const code = embedCodeOf(
      { token: 'tok</script>', code: 'c0de' },
      {
        backendUrl: 'https://parley.example.com',
        websocketUrl: 'wss://parley.example.com/ws',
        bcr: 'https://parley.example.com/api/widget',
        scriptUrl: 'https://parley.example.com/assets/chat-widget.js',
      },
    );
    expect(code).toContain('<script src="https://parley.example.com/assets/chat-widget.js"></script>');
    expect(code).toContain('ParleyChat.mount({ token: "tok\\u003c/script>", code: "c0de"');
    expect(code).toContain('websocketUrl: "wss://parley.example.com/ws"');
    expect(code.match(/<\/script>/g)).toHaveLength(2);
  });
});
