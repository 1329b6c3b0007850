import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { DocumentSection } from '../sections';
import { sectionsOfHtml, sectionsOfNode } from './html-sections';

export interface ExtractedWebPage {
  url: string;
  title: string;
  sections: DocumentSection[];
  /** The page's links as absolute http(s) addresses without their #fragment, in page order, once each. */
  links: string[];
}

/**
 * A web page's main text (Readability drops navigation, footers and ads), as sections carrying
 * the page's address and its headings, with the page's links for a crawl to follow.
 */
export function extractWebPage(html: string, url: string): ExtractedWebPage {
  const document = documentOf(html);
  if (!document) return { url, title: '', sections: [], links: [] };
  const links = linksOf(document, url);
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  // Readability changes the document it reads; the links were taken first.
  let article: ReturnType<Readability['parse']> = null;
  try {
    article = new Readability(document as never).parse();
  } catch {
    // Markup Readability cannot read is walked as it is.
    article = null;
  }
  const sections = article?.content
    ? sectionsOfHtml(article.content, { url })
    : document.body
      ? sectionsOfNode(document.body as never, { url })
      : [];
  const title = article?.title?.trim() || pageTitle;
  return { url, title, sections, links };
}

/** The page as a document; markup with no root element (a fragment, noise) inside a body of its own. */
function documentOf(html: string) {
  const { document } = parseHTML(html);
  if (document.documentElement) return document;
  const wrapped = parseHTML(`<!doctype html><html><body>${html}</body></html>`).document;
  return wrapped.documentElement ? wrapped : undefined;
}

function linksOf(
  document: { querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }> },
  pageUrl: string,
): string[] {
  const base = Array.from(document.querySelectorAll('base[href]'))[0]?.getAttribute('href');
  let baseUrl: URL;
  try {
    baseUrl = new URL(base ?? pageUrl, pageUrl);
  } catch {
    baseUrl = new URL(pageUrl);
  }
  const found = new Set<string>();
  for (const anchor of Array.from(document.querySelectorAll('a[href]'))) {
    try {
      const link = new URL(anchor.getAttribute('href') ?? '', baseUrl);
      if (link.protocol !== 'http:' && link.protocol !== 'https:') continue;
      link.hash = '';
      found.add(link.href);
    } catch {
      // An href that is no address is no link.
    }
  }
  return [...found];
}
