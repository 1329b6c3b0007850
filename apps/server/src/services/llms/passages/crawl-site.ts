import { validationError } from '@parley/contracts';
import { type GuardedResponse, guardedGet, type HostResolver, type NetworkAccess } from '@parley/functions';
import type { DocumentSection } from '@parley/retrieval';
import { parseRobots, type RobotsRules } from '@parley/retrieval/core';
import { readWebPageInWorker } from './document-extraction';
import { WEB_PAGE_MAX_CHARACTERS } from './web-page-limit';

/** How the crawler names itself, to sites and to their robots.txt. */
export const CRAWLER_USER_AGENT = 'ParleyBot/1.0 (+LLM documents)';
const ROBOTS_MAX_BYTES = 512 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
/** Fetches a crawl may make for each page it may keep: links that fail or are not HTML are bounded too. */
const FETCHES_PER_PAGE = 3;

export interface CrawlOptions {
  /** Pages read at most (spec 04: default 5). */
  pageLimit: number;
  /** The operator's rules for outgoing connections: the functions' (FUNCTIONS_ALLOW_PRIVATE_NETWORKS, FUNCTIONS_ALLOWED_HOSTS). */
  network?: NetworkAccess | undefined;
  resolveHost?: HostResolver | undefined;
  /** Each request's time limit. */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface CrawledPage {
  url: string;
  title: string;
  sections: DocumentSection[];
}

export interface CrawlResult {
  pages: CrawledPage[];
  /** Addresses met but not read, and why (robots.txt, not HTML, failed). */
  skipped: Array<{ url: string; reason: string }>;
}

/**
 * A Url document's pages (issue 23): the address given, then the links of the pages read, breadth
 * first, on the same site only (the same host name), as robots.txt allows ParleyBot, up to the
 * page limit. Every request goes through the functions' SSRF guard; each page's main text is read
 * in the untrusted-input worker. The first page failing fails the crawl (a validation error on
 * `url` saying why); a later page that fails is skipped.
 */
export async function crawlSite(address: string, options: CrawlOptions): Promise<CrawlResult> {
  const start = startAddress(address);
  const fetchPage = (url: string, maxBytes: number) =>
    guardedGet(url, {
      network: options.network,
      resolveHost: options.resolveHost,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBytes,
      headers: {
        'user-agent': CRAWLER_USER_AGENT,
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
      },
      signal: options.signal,
    });
  const robots = await robotsOf(start, fetchPage);
  const pages: CrawledPage[] = [];
  const skipped: CrawlResult['skipped'] = [];
  const seen = new Set<string>([start.href]);
  const queue: string[] = [start.href];
  let fetches = 0;
  while (
    queue.length > 0 &&
    pages.length < options.pageLimit &&
    fetches < options.pageLimit * FETCHES_PER_PAGE
  ) {
    const url = queue.shift() as string;
    const isFirst = url === start.href;
    if (!robots.isAllowed(new URL(url))) {
      if (isFirst) throw validationError('url', `The site's robots.txt does not allow reading ${url}.`);
      skipped.push({ url, reason: 'robots.txt does not allow it' });
      continue;
    }
    fetches++;
    let response: GuardedResponse;
    try {
      response = await fetchPage(url, WEB_PAGE_MAX_CHARACTERS);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isFirst) throw validationError('url', `${url} could not be read: ${reason}`);
      skipped.push({ url, reason });
      continue;
    }
    const problem = problemOf(response, start);
    if (problem) {
      if (isFirst) throw validationError('url', `${url} could not be read: ${problem}`);
      skipped.push({ url, reason: problem });
      continue;
    }
    const page = await readWebPageInWorker(decode(response), response.url);
    pages.push({ url: response.url, title: page.title, sections: page.sections });
    for (const link of page.links) {
      const next = new URL(link);
      if (next.hostname !== start.hostname || seen.has(next.href)) continue;
      seen.add(next.href);
      queue.push(next.href);
    }
  }
  return { pages, skipped };
}

function startAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    throw validationError('url', 'Please provide a valid URL (http or https).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw validationError('url', 'Please provide a valid URL (http or https).');
  url.hash = '';
  return url;
}

/** The site's robots.txt; none (404, unreadable) allows everything, as RFC 9309 says for a missing one. */
async function robotsOf(
  start: URL,
  fetchPage: (url: string, maxBytes: number) => Promise<GuardedResponse>,
): Promise<RobotsRules> {
  try {
    const response = await fetchPage(new URL('/robots.txt', start).href, ROBOTS_MAX_BYTES);
    if (response.status >= 200 && response.status < 300)
      return parseRobots(response.body.toString('utf8'), CRAWLER_USER_AGENT);
  } catch {
    // Unreachable robots.txt: the page fetches meet the same guard and say why.
  }
  return parseRobots('', CRAWLER_USER_AGENT);
}

/** Why an answer is not a page to read: an error status, another site after redirects, not HTML. */
function problemOf(response: GuardedResponse, start: URL): string | undefined {
  if (response.status < 200 || response.status >= 300) return `the site answered ${response.status}`;
  if (new URL(response.url).hostname !== start.hostname)
    return `it redirects to another site (${response.url})`;
  const type = response.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type && type !== 'text/html' && type !== 'application/xhtml+xml')
    return `it is not a web page (${type})`;
  return undefined;
}

/** The page's text in the charset its Content-Type names (UTF-8 when none, or one unknown). */
function decode(response: GuardedResponse): string {
  const charset = /charset=["']?([\w-]+)/i.exec(response.contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}
