import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@parley/contracts';
import { PRIVATE_NETWORK_MESSAGE } from '@parley/functions';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { crawlSite } from './crawl-site';

const words = (topic: string) =>
  `This page explains ${topic} in enough words for a reader to learn it well. `.repeat(6);
const page = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${words(title)}</p>${links
    .map((link) => `<a href="${link}">${link}</a>`)
    .join(' ')}</article></body></html>`;

/** A small site: robots.txt closes /secret, one link is a PDF, one leaves the site, one loops back. */
const SITE: Record<string, { type: string; body: string; status?: number }> = {
  '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /secret\n' },
  '/': {
    type: 'text/html; charset=utf-8',
    body: page('Home', [
      '/secret/plans',
      '/a',
      '/a#top',
      '/report.pdf',
      'http://elsewhere.test/x',
      'mailto:x@y.z',
    ]),
  },
  '/a': { type: 'text/html', body: page('Returns', ['/', '/b', '/missing']) },
  '/b': { type: 'text/html', body: page('Shipping', ['/c']) },
  '/c': { type: 'text/html', body: page('Warranty', ['/d']) },
  '/d': { type: 'text/html', body: page('Careers', []) },
  '/report.pdf': { type: 'application/pdf', body: '%PDF-1.4' },
  '/secret/plans': { type: 'text/html', body: page('Secret', []) },
  '/closed': { type: 'text/html', body: page('Closed', []) },
};

describe('crawlSite', () => {
  let server: Server;
  let origin: string;
  const requested: string[] = [];
  const local = { network: { allowPrivateNetworks: true } };

  beforeAll(async () => {
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      const found = SITE[request.url ?? ''];
      if (!found) {
        response.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
        return;
      }
      response.writeHead(found.status ?? 200, { 'content-type': found.type }).end(found.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('reads same-site pages breadth first up to the page limit, as robots.txt allows', async () => {
    requested.length = 0;
    const result = await crawlSite(`${origin}/`, { pageLimit: 3, ...local });
    expect(result.pages.map((crawled) => crawled.url)).toEqual([`${origin}/`, `${origin}/a`, `${origin}/b`]);
    expect(result.pages[1]?.title).toContain('Returns');
    expect(result.pages[1]?.sections[0]).toMatchObject({ url: `${origin}/a` });
    expect(result.pages[1]?.sections.map((section) => section.text).join(' ')).toContain(
      'This page explains Returns',
    );
    expect(requested).toContain('/robots.txt');
    expect(requested).not.toContain('/secret/plans');
    expect(requested.filter((path) => path === '/a')).toHaveLength(1);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { url: `${origin}/secret/plans`, reason: 'robots.txt does not allow it' },
        { url: `${origin}/report.pdf`, reason: 'it is not a web page (application/pdf)' },
      ]),
    );
  }, 30_000);

  test('the default page limit of 5 reads the whole small site, skipping a missing page', async () => {
    const result = await crawlSite(`${origin}/`, { pageLimit: 5, ...local });
    expect(result.pages.map((crawled) => new URL(crawled.url).pathname)).toEqual([
      '/',
      '/a',
      '/b',
      '/c',
      '/d',
    ]);
    expect(result.skipped).toContainEqual({ url: `${origin}/missing`, reason: 'the site answered 404' });
  }, 30_000);

  test('the SSRF guard of functions refuses a local address unless the operator opened private networks', async () => {
    requested.length = 0;
    const error = await crawlSite(`${origin}/`, { pageLimit: 5 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toContain(PRIVATE_NETWORK_MESSAGE);
    expect(requested).toEqual([]);
  });

  test('a start page robots.txt closes, one that is missing, and an address that is not http are refused', async () => {
    await expect(crawlSite(`${origin}/secret/plans`, { pageLimit: 5, ...local })).rejects.toThrow(
      `The site's robots.txt does not allow reading ${origin}/secret/plans.`,
    );
    await expect(crawlSite(`${origin}/nothing-here`, { pageLimit: 5, ...local })).rejects.toThrow(
      `${origin}/nothing-here could not be read: the site answered 404`,
    );
    await expect(crawlSite('file:///etc/passwd', { pageLimit: 5, ...local })).rejects.toThrow(
      'Please provide a valid URL (http or https).',
    );
  });
});
