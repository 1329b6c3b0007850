/** One TwiML element, read back: what Twilio would act on. */
export interface TwimlNode {
  name: string;
  attributes: Record<string, string>;
  children: TwimlNode[];
  /** The element's own text, unescaped (a Say's words, a Number's digits). */
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(#x?[0-9a-fA-F]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? whole;
  });

/**
 * Reads a TwiML document (elements, attributes, text: all TwiML has) into its tree, and fails on
 * anything that is not well-formed, so a test sees what Twilio's parser would refuse.
 */
export function readTwiml(xml: string): TwimlNode {
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  const root: TwimlNode = { name: '#document', attributes: {}, children: [], text: '' };
  const open: TwimlNode[] = [root];
  const token = /<(\/?)([A-Za-z]+)((?:\s+[A-Za-z]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let at = 0;
  for (let match = token.exec(body); match; match = token.exec(body)) {
    at = token.lastIndex;
    const [, closing, name, attributeText, selfClosing, text] = match;
    const parent = open[open.length - 1] as TwimlNode;
    if (text !== undefined) {
      parent.text += decodeEntities(text);
      continue;
    }
    if (closing) {
      if (parent.name !== name) throw new Error(`TwiML: </${name}> closes <${parent.name}>`);
      open.pop();
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of (attributeText ?? '').matchAll(/([A-Za-z]+)="([^"]*)"/g))
      attributes[key as string] = decodeEntities(value as string);
    const node: TwimlNode = { name: name as string, attributes, children: [], text: '' };
    parent.children.push(node);
    if (!selfClosing) open.push(node);
  }
  if (at !== body.length || open.length !== 1)
    throw new Error(`TwiML is not well-formed: ${xml.slice(0, 300)}`);
  const [response, ...rest] = root.children;
  if (!response || rest.length > 0 || response.name !== 'Response')
    throw new Error(`TwiML has one <Response>: ${xml.slice(0, 300)}`);
  return response;
}

/** The words of every Say in a node, in order (those nested in Gathers too). */
export const saysIn = (node: TwimlNode): string[] =>
  node.children.flatMap((child) => (child.name === 'Say' ? [child.text] : saysIn(child)));
