import type { Locator, Page } from 'playwright-core';

/** Waits until document.title is exactly `title` (routes set it after rendering). */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 5_000 });
}

/** Waits until the text is on screen. */
export async function expectVisible(target: Locator): Promise<void> {
  await target.first().waitFor({ state: 'visible' });
}

export async function expectHidden(target: Locator): Promise<void> {
  await target.first().waitFor({ state: 'hidden' });
}

export const storedKeys = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('parley.'))
      .sort(),
  );
