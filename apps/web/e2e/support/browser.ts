import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Browser {
  context: BrowserContext;
  /** Uncaught errors of any page script; a test ends by expecting none. */
  pageErrors: string[];
  /** A fresh tab. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Debian's Chromium with a throw-away profile (a persistent context: --user-data-dir is not allowed in args). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH} (apt-get install -y chromium).`);
  }
  const profileDir = mkdtempSync(path.join(tmpdir(), 'parley-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(10_000);
  const pageErrors: string[] = [];
  context.on('weberror', (error) =>
    pageErrors.push(`${error.page()?.url() ?? ''}: ${error.error().message}`),
  );
  return {
    context,
    pageErrors,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
