import { parseHTML } from 'linkedom';
import { type DocumentSection, tidyText } from '../sections';

const HEADING = /^h([1-6])$/;
/** Elements whose text starts and ends a paragraph of its own. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'ul',
]);
/** Elements with no reading text. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'object',
  'head',
]);

interface HtmlNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<HtmlNode>;
}

/**
 * The reading text of an HTML fragment as sections: every heading (h1-h6) sets the heading path
 * of what follows it, each block element is a paragraph, and a table is one section whose lines
 * are its rows with cells between ` | `, so a table read from a DOCX keeps its rows and columns.
 */
export function sectionsOfHtml(html: string, location: Pick<DocumentSection, 'url'> = {}): DocumentSection[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return sectionsOfNode(document.body as unknown as HtmlNode, location);
}

export function sectionsOfNode(
  root: HtmlNode,
  location: Pick<DocumentSection, 'url'> = {},
): DocumentSection[] {
  const sections: DocumentSection[] = [];
  const path: string[] = [];
  let buffer = '';
  const emit = (text: string) => {
    const tidy = tidyText(text);
    if (tidy) sections.push({ text: tidy, headingPath: path.filter(Boolean), ...location });
  };
  const flush = () => {
    emit(buffer);
    buffer = '';
  };
  const walk = (node: HtmlNode) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        buffer += (child.textContent ?? '').replace(/\s+/g, ' ');
        continue;
      }
      if (child.nodeType !== 1) continue;
      const tag = child.nodeName.toLowerCase();
      if (SKIPPED.has(tag)) continue;
      const level = HEADING.exec(tag)?.[1];
      if (level) {
        flush();
        path.splice(Number(level) - 1);
        while (path.length < Number(level) - 1) path.push('');
        path.push(tidyText((child.textContent ?? '').replace(/\s+/g, ' ')));
      } else if (tag === 'table') {
        flush();
        emit(tableText(child));
      } else if (tag === 'br') {
        buffer += '\n';
      } else if (BLOCKS.has(tag)) {
        flush();
        walk(child);
        flush();
      } else walk(child);
    }
  };
  walk(root);
  flush();
  return sections;
}

function tableText(table: HtmlNode): string {
  const rows: string[] = [];
  const visit = (node: HtmlNode) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType !== 1) continue;
      const tag = child.nodeName.toLowerCase();
      if (tag === 'tr') {
        const cells = Array.from(child.childNodes)
          .filter((cell) => cell.nodeType === 1 && /^t[dh]$/i.test(cell.nodeName))
          .map((cell) => tidyText((cell.textContent ?? '').replace(/\s+/g, ' ')));
        if (cells.some(Boolean)) rows.push(cells.join(' | '));
      } else if (tag !== 'table') visit(child);
    }
  };
  visit(table);
  return rows.join('\n');
}
