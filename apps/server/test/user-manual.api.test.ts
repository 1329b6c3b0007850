import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

describe('user manual', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server?.close());

  test('lists every page with rendered HTML, without a token', async () => {
    const response = await server.request({ method: 'GET', url: '/api/user-manual/all' });
    expect(response.statusCode).toBe(200);
    const { pages } = response.json() as {
      pages: Array<{ slug: string; title: string; section: string; html: string }>;
    };
    const slugs = pages.map((p) => p.slug);
    expect([...new Set(pages.map((p) => p.section))]).toEqual([
      'Getting started',
      'Accounts and sign-in',
      'Administration',
      'Bots',
      'Channels',
      'Legal',
    ]);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'getting-started',
        'signing-in',
        'users-and-roles',
        'publishing',
        'nlu-status-and-performance',
        'terms-of-service',
      ]),
    );
    const roles = pages.find((p) => p.slug === 'users-and-roles');
    expect(roles?.html).toContain('<table>');
    expect(roles?.html).toContain('Manage bot permissions');
  });

  test('search finds pages by words, best title match first, with a snippet', async () => {
    const response = await server.request({
      method: 'GET',
      url: '/api/user-manual/search?q=reset%20password',
    });
    const { results } = response.json() as { results: Array<{ slug: string; snippet: string }> };
    expect(results[0]?.slug).toBe('signing-in');
    expect(results[0]?.snippet.toLowerCase()).toContain('reset');
    const none = await server.request({ method: 'GET', url: '/api/user-manual/search?q=zyxwvut' });
    expect(none.json()).toEqual({ results: [] });
  });

  test.each([
    ['/api/user-manual/search'],
    ['/api/user-manual/search?q='],
    [`/api/user-manual/search?q=${'a'.repeat(201)}`],
  ])('%s is a validation error', async (url) => {
    const response = await server.request({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });
});
