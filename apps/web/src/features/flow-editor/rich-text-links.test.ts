import { describe, expect, it } from 'vitest';
import {
  isAllowedLinkUrl,
  LINK_MESSAGES,
  linkAt,
  linksIn,
  removeLink,
  richTextParts,
  setLink,
} from './rich-text-links';

describe('rich-text links', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com/a?b=1&c=2', true],
    ['  https://example.com/path  ', true],
    ['mailto:sales@example.com', true],
    ['tel:+4312345', true],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['ftp://example.com', false],
    ['example.com', false],
    ['https://', false],
    ['mailto:', false],
    ['https://exa mple.com', false],
    ['', false],
  ])('%j is %s as an address', (url, expected) => {
    expect(isAllowedLinkUrl(url)).toBe(expected);
  });

  it('needs selected text', () => {
    expect(setLink('Visit our shop', 6, 6, 'https://shop.example')).toEqual({
      error: LINK_MESSAGES.noSelection,
    });
  });

  it('refuses addresses of other schemes', () => {
    expect(setLink('Visit our shop', 10, 14, 'javascript:alert(1)')).toEqual({ error: LINK_MESSAGES.badUrl });
  });

  it('links the selection, as <a href>, and keeps the rest byte for byte', () => {
    const text = 'Hi [Name] & welcome: visit our shop!';
    const edit = setLink(text, 31, 35, 'https://shop.example/?a=1&b="2"');
    expect(edit).toEqual({
      text: 'Hi [Name] & welcome: visit our <a href="https://shop.example/?a=1&amp;b=&quot;2&quot;">shop</a>!',
      selection: [87, 91],
    });
    if ('text' in edit) {
      expect(edit.text.slice(...edit.selection)).toBe('shop');
      expect(linksIn(edit.text)[0]?.href).toBe('https://shop.example/?a=1&b="2"');
    }
  });

  it('changes the address of the link the selection is in', () => {
    const text = 'See <a href="https://old.example">our page</a> now';
    const link = linkAt(text, 34, 34);
    expect(link?.href).toBe('https://old.example');
    const edit = setLink(text, 34, 37, 'https://new.example/x');
    expect(edit).toMatchObject({ text: 'See <a href="https://new.example/x">our page</a> now' });
    if ('text' in edit) expect(edit.text.slice(...edit.selection)).toBe('our page');
  });

  it('refuses a selection that cuts through a link or a tag', () => {
    const text = 'See <a href="https://old.example">our page</a> now';
    expect(setLink(text, 0, 40, 'https://x.example')).toEqual({ error: LINK_MESSAGES.crossesMarkup });
    expect(setLink(text, 40, 50, 'https://x.example')).toEqual({ error: LINK_MESSAGES.crossesMarkup });
    expect(setLink('a<br>b', 0, 3, 'https://x.example')).toEqual({ error: LINK_MESSAGES.crossesMarkup });
  });

  it('removes the links the selection touches, or the one the caret is in', () => {
    const text = 'A <a href="https://a.example">one</a> and <a href="mailto:b@example.com">two</a>.';
    expect(removeLink(text, 31, 31)).toEqual({
      text: 'A one and <a href="mailto:b@example.com">two</a>.',
      selection: [2, 5],
    });
    expect(removeLink(text, 0, text.length)).toEqual({ text: 'A one and two.', selection: [2, 13] });
    expect(removeLink('No links', 0, 3)).toEqual({ error: LINK_MESSAGES.noLink });
  });

  it('draws a preview without tags, with safe links only', () => {
    expect(
      richTextParts(
        'Tom &amp; Jerry<br>see <a href="https://x.example">here</a> or <a href="javascript:x">there</a>',
      ),
    ).toEqual([
      { text: 'Tom & Jerry\nsee ' },
      { text: 'here', href: 'https://x.example' },
      { text: ' or ' },
      { text: 'there' },
    ]);
  });
});
