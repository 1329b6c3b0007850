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
  // The resting state: fonts loaded and every entry animation (pop-ups, dialogs) finished.
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Endless ones (a spinner) never finish: only those that end are waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
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
