import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../../server/test/support/test-server';
import { WEB_DIST_DIR } from './paths';

export interface AppServer {
  server: TestServer;
  /** Where the browser reaches the app, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The same address's link: the server's printed links name its public URL instead. */
  local(link: string): string;
  close(): Promise<void>;
}

export interface AppServerOptions {
  /**
   * Extra environment, given the address the app will have. With it the server's public URL
   * is that address too (needed where an outside party calls back, as a directory does).
   */
  env?: (baseUrl: string) => Promise<Record<string, string>> | Record<string, string>;
}

/**
 * A copy of the built app for this suite alone: a build started meanwhile (in another
 * terminal) empties apps/web/dist, and must not pull the pages from under a running test.
 */
function snapshotWebApp(): string {
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error(
      `The web app is not built (${WEB_DIST_DIR}/index.html is missing). ` +
        'Run `npm run build -w @parley/web` first, or `npm run test:e2e -w @parley/web` which builds, then tests.',
    );
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'parley-e2e-web-'));
  cpSync(WEB_DIST_DIR, copy, { recursive: true, filter: (source) => !source.endsWith('.map') });
  return copy;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * A real server on a fresh SQLite database, serving the built web app on a real port. The
 * harness builds nothing: the test command builds apps/web first.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const webDir = snapshotWebApp();
  // The server's public address is the one the browser uses: links and the websocket's address point at it.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = (await options.env?.(baseUrl)) ?? {};
  const server = await startTestServer('sqlite', { ...env, PUBLIC_URL: baseUrl, WEB_DIST_DIR: webDir });
  await server.app.listen({ port, host: '127.0.0.1' });
  return {
    server,
    baseUrl,
    local(link) {
      const url = new URL(link, baseUrl);
      return `${baseUrl}${url.pathname}${url.search}${url.hash}`;
    },
    async close() {
      await server.close();
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}
