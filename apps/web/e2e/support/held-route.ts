import type { Page, Route } from 'playwright-core';

/**
 * Holds requests matching `pattern` until `release()` is called, so a test sees the loading
 * state for as long as it needs (no delay that a slow run outlasts or a fast one wastes).
 * `release()` lets the held requests through, then removes the route (removing it first would
 * hand the held requests on and make their own continue fail). With `method`, only those requests
 * are held.
 */
export async function holdRoute(
  page: Page,
  pattern: string,
  options: { method?: string } = {},
): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  const passed: Promise<void>[] = [];
  const handler = (route: Route) => {
    if (options.method && route.request().method() !== options.method) return route.fallback();
    const passing = released.then(() => route.continue());
    passed.push(passing);
    return passing;
  };
  await page.route(pattern, handler);
  return {
    release: async () => {
      open();
      await Promise.all(passed);
      await page.unroute(pattern, handler);
    },
  };
}
