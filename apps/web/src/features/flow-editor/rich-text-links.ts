/**
 * Links in rich texts (spec 03 section 5: 'a link needs selected text; it can be set or
 * removed'). A rich text is stored as an HTML string with [variable] placeholders
 * (docs/flow-format.md); the runtime sends it as written. The editor keeps that string as it is
 * and only adds or takes away `<a href="...">...</a>` around the chosen text, so plain texts
 * stay byte for byte what the designer typed.
 */

/** Schemes a link may use: web pages, e-mail and phone numbers. Never javascript: or data:. */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;

export const LINK_MESSAGES = {
  noSelection: 'Select the text to link first.',
  badUrl: 'Enter a link starting with http://, https://, mailto: or tel:.',
  crossesMarkup: 'Select plain text: a link cannot start or end inside another link or tag.',
  noLink: 'There is no link here to remove.',
} as const;

export interface RichTextLink {
  /** The '<' of `<a`. */
  start: number;
  /** Just after `</a>`. */
  end: number;
  /** The linked text: from `textStart` up to `textEnd`. */
  textStart: number;
  textEnd: number;
  href: string;
}

export type LinkEdit = { text: string; selection: [number, number] } | { error: string };

const LINK = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: '\u00a0',
};

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!);
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whether a link may point there: an absolute http(s) address with a host, mailto: or tel:. */
export function isAllowedLinkUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return false;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return false;
  }
  if (!(LINK_SCHEMES as readonly string[]).includes(parsed.protocol)) return false;
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.hostname !== '';
  return parsed.pathname !== '';
}

/** Every `<a href>` of the text, in order. */
export function linksIn(html: string): RichTextLink[] {
  return [...html.matchAll(LINK)].map((match) => {
    const start = match.index;
    const attributes = match[1] ?? '';
    const inner = match[2] ?? '';
    const href = HREF.exec(attributes);
    const textStart = start + 2 + attributes.length + 1;
    return {
      start,
      end: start + match[0].length,
      textStart,
      textEnd: textStart + inner.length,
      href: decode(href?.[1] ?? href?.[2] ?? href?.[3] ?? ''),
    };
  });
}

/** The link whose text holds the selection (or the caret), if any. */
export function linkAt(html: string, start: number, end: number): RichTextLink | undefined {
  return linksIn(html).find((link) => link.textStart <= start && end <= link.textEnd);
}

/**
 * Links the selected text to `url`, or changes the address of the link the selection is in.
 * The selection comes back around the linked text.
 */
export function setLink(html: string, start: number, end: number, url: string): LinkEdit {
  const address = url.trim();
  if (!isAllowedLinkUrl(address)) return { error: LINK_MESSAGES.badUrl };
  const opening = `<a href="${escapeAttribute(address)}">`;
  const existing = linkAt(html, start, end);
  if (existing) {
    const text = `${html.slice(0, existing.start)}${opening}${html.slice(existing.textStart)}`;
    const shift = opening.length - (existing.textStart - existing.start);
    return { text, selection: [existing.textStart + shift, existing.textEnd + shift] };
  }
  if (start >= end) return { error: LINK_MESSAGES.noSelection };
  const selected = html.slice(start, end);
  const cutsLink = linksIn(html).some((link) => start < link.end && link.start < end);
  if (cutsLink || /[<>]/.test(selected) || isInsideTag(html, start) || isInsideTag(html, end)) {
    return { error: LINK_MESSAGES.crossesMarkup };
  }
  const text = `${html.slice(0, start)}${opening}${selected}</a>${html.slice(end)}`;
  return { text, selection: [start + opening.length, start + opening.length + selected.length] };
}

/** Takes away the links the selection touches (or the one the caret is in), keeping their text. */
export function removeLink(html: string, start: number, end: number): LinkEdit {
  const touched = linksIn(html).filter((link) =>
    start === end ? link.textStart <= start && start <= link.textEnd : start < link.end && link.start < end,
  );
  if (touched.length === 0) return { error: LINK_MESSAGES.noLink };
  let text = html;
  let removed = 0;
  let first = 0;
  let last = 0;
  for (const [index, link] of touched.entries()) {
    const at = link.start - removed;
    const inner = html.slice(link.textStart, link.textEnd);
    text = `${text.slice(0, at)}${inner}${text.slice(at + link.end - link.start)}`;
    if (index === 0) first = at;
    last = at + inner.length;
    removed += link.end - link.start - inner.length;
  }
  const selection: [number, number] = [first, last];
  return { text, selection };
}

/** Whether `at` falls between a tag's '<' and '>'. */
function isInsideTag(html: string, at: number): boolean {
  if (at <= 0) return false;
  const open = html.lastIndexOf('<', at - 1);
  return open !== -1 && html.lastIndexOf('>', at - 1) < open && html.indexOf('>', open) >= at;
}

export type RichTextPart = { text: string; href?: string };

/**
 * The text as a reader sees it, for the editor's preview: tags left out, entities decoded, and
 * the links with an allowed address kept as links. Never HTML to inject: parts are drawn as
 * React text and `<a>` elements.
 */
export function richTextParts(html: string): RichTextPart[] {
  const parts: RichTextPart[] = [];
  const plain = (text: string) => decode(text.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''));
  let at = 0;
  for (const link of linksIn(html)) {
    if (link.start > at) parts.push({ text: plain(html.slice(at, link.start)) });
    const text = plain(html.slice(link.textStart, link.textEnd));
    parts.push(isAllowedLinkUrl(link.href) ? { text, href: link.href } : { text });
    at = link.end;
  }
  if (at < html.length) parts.push({ text: plain(html.slice(at)) });
  return parts.filter((part) => part.text !== '');
}
