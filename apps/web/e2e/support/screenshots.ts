import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { SCREENSHOT_DIR } from './paths';

/**
 * Saves test-results/screenshots/<name>.png, for a person to look at: what the window shows,
 * or the whole scrolled page with `fullPage`.
 */
export async function screenshot(page: Page, name: string, { fullPage = false } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Let entry animations (pop-ups, dialogs) settle so the picture shows the resting state.
  await page.waitForTimeout(250);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Pictures the page of every failing test as failed-<test name>.png, to see what went wrong. */
export function screenshotFailures(currentPage: () => Page | undefined): void {
  afterEach(async (context) => {
    const page = currentPage();
    if (context.task.result?.state !== 'fail' || !page || page.isClosed()) return;
    const name = context.task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
    await screenshot(page, `failed-${name}`).catch(() => undefined);
  });
}
