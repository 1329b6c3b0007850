import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CHROMIUM_PATH, launchBrowser } from '../../apps/web/e2e/support/browser';
import { BENCH_USER, benchToken, seedBenchDatabase } from './bench-seed';
import { median, round } from './load';
import { startServerProcess } from './server-process';

const root = path.resolve(import.meta.dirname, '../..');
/** The web build measured: apps/web/dist, or another one (BENCH_WEB_DIST: a build before a change, to compare). */
const BUILT_WEB = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');
const PORT = 3924;
const BOT = 'Settings Bench Bot';
/** Timed runs of each case after the first (cold) one. */
const RUNS = 4;
const GOAL_MS = 1000;
/** Chromium's CPU throttling: 1 is the machine as it is; 4 stands for a loaded machine or a slow laptop. */
const CPU_RATES = [1, 4] as const;

/**
 * Each settings tab and what makes it usable: its form drawn with data (the control named), no
 * spinner left in the settings frame, and 'Save settings' shown where the tab saves.
 */
const TABS = [
  { id: 'general', title: 'General Settings', control: 'input', saves: true },
  { id: 'configuration', title: 'Configuration', control: 'input[role="combobox"]', saves: true },
  { id: 'system-languages', title: 'System Messages', control: 'textarea', saves: true },
  { id: 'nluStatus', title: 'NLU Status', control: 'table tbody tr', saves: false },
  { id: 'nluPerformance', title: 'NLU Performance', control: '.nlu-performance__grid button', saves: true },
  { id: 'features', title: 'Features', control: '.features__panel [role="switch"]', saves: true },
] as const;
type Tab = (typeof TABS)[number];

/** A screen opened by its address, and the page's test that it is usable (a JS expression). */
interface Screen {
  id: string;
  path: string;
  usable: string;
}

/** In the page: true once the tab is usable (see TABS). */
const isUsable = (tab: Tab) => `(() => {
  const frame = document.querySelector('.bot-settings');
  if (!frame || frame.querySelector('.spinner')) return false;
  const section = frame.querySelector('section[aria-label=${JSON.stringify(tab.title)}]');
  if (!section || !section.querySelector(${JSON.stringify(tab.control)})) return false;
  return ${tab.saves ? "!!frame.querySelector('.bot-settings__actions button')" : 'true'};
})()`;

const botPath = (tab: string) => `/bots/${encodeURIComponent(BOT)}/${tab}`;
const settingsScreen = (tab: Tab): Screen => ({
  id: tab.id,
  path: botPath(`settings/${tab.id}`),
  usable: isUsable(tab),
});
/** A button of the page, by its text, with no spinner left in the page. */
const buttonShown = (text: string) =>
  `(!document.querySelector('main .spinner') && [...document.querySelectorAll('main button')].some((b) => b.textContent.trim() === ${JSON.stringify(text)}))`;
/** Other screens opened by their address, to compare with: the bot overview and a bot's intents. */
const REFERENCE_SCREENS: Screen[] = [
  { id: 'botOverview', path: '/bots', usable: buttonShown('Create a bot') },
  { id: 'intentsTab', path: botPath('intents'), usable: buttonShown('Add Intent') },
];

/**
 * Arms a measurement: t0 is the next click anywhere (or, with `fromNavigation`, the page's own
 * start), and every animation frame after it checks the tab; `usableAt` is the first frame that
 * shows it usable.
 */
const ARM = (usable: string, fromNavigation: boolean) => `(() => {
  const state = { t0: ${fromNavigation ? '0' : 'null'}, usableAt: null };
  window.__bench = state;
  if (state.t0 === null)
    addEventListener('click', () => { state.t0 = performance.now(); }, { capture: true, once: true });
  const tick = () => {
    if (state.t0 !== null && ${usable}) { state.usableAt = performance.now(); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** The requests between t0 and usable, in ms after t0: the waterfall. */
const COLLECT = `(() => {
  const s = window.__bench;
  return {
    ms: s.usableAt - s.t0,
    requests: performance.getEntriesByType('resource')
      .filter((e) => e.responseEnd >= s.t0 && e.startTime <= s.usableAt)
      .map((e) => ({ path: new URL(e.name).pathname, startMs: Math.round(e.startTime - s.t0),
        endMs: Math.round(e.responseEnd - s.t0) })),
  };
})()`;

interface Timing {
  ms: number;
  requests: Array<{ path: string; startMs: number; endMs: number }>;
}

async function waitUsable(page: Page): Promise<Timing> {
  await page.waitForFunction('window.__bench && window.__bench.usableAt !== null', undefined, {
    timeout: 60_000,
  });
  return (await page.evaluate(COLLECT)) as Timing;
}

/** A full page load of the screen's address, to usable. */
async function openDirectly(page: Page, url: string, screen: Screen): Promise<Timing> {
  await page.goto('about:blank');
  await page.goto(`${url}${screen.path}`, { waitUntil: 'commit' });
  await page.evaluate(ARM(screen.usable, true));
  return waitUsable(page);
}

/** From another settings tab, usable, a click on the tab in the bar, to usable. */
async function switchTo(page: Page, tab: Tab): Promise<Timing> {
  await page.evaluate(ARM(isUsable(tab), false));
  await page.getByRole('tablist').getByRole('tab', { name: tab.title, exact: true }).click();
  return waitUsable(page);
}

const summary = (runs: Timing[]) => {
  const [cold, ...warm] = runs;
  const slowest = [...warm].sort((a, b) => b.ms - a.ms)[0];
  return {
    coldMs: round(cold?.ms ?? 0),
    warmMedianMs: round(median(warm.map((r) => r.ms))),
    warmMaxMs: round(slowest?.ms ?? 0),
    allUnderGoal: runs.every((r) => r.ms < GOAL_MS),
    coldRequests: cold?.requests ?? [],
    slowestWarmRequests: slowest?.requests ?? [],
  };
};

async function measure(url: string, cpuRate: number) {
  const browser = await launchBrowser();
  browser.context.setDefaultTimeout(60_000);
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill(BENCH_USER.email);
    await page.getByLabel('Password', { exact: true }).fill(BENCH_USER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Bot Overview' }).waitFor();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });

    // Switching: the settings open on the previous tab (each pass a fresh page load on General).
    const switching: Record<string, Timing[]> = Object.fromEntries(TABS.slice(1).map((t) => [t.id, []]));
    for (let pass = 0; pass <= RUNS; pass++) {
      await page.goto(`${url}/bots/${encodeURIComponent(BOT)}/settings/general`);
      await page.evaluate(ARM(isUsable(TABS[0]), true));
      await waitUsable(page);
      for (const tab of TABS.slice(1)) {
        switching[tab.id]?.push(await switchTo(page, tab));
      }
    }
    // Opening a tab's address (a reload, a link): the first load is cold (empty HTTP cache).
    const screens = [...TABS.map(settingsScreen), ...REFERENCE_SCREENS];
    const direct: Record<string, Timing[]> = Object.fromEntries(screens.map((screen) => [screen.id, []]));
    for (let pass = 0; pass <= RUNS; pass++)
      for (const screen of screens) direct[screen.id]?.push(await openDirectly(page, url, screen));
    return {
      cpuThrottlingRate: cpuRate,
      switchFromPreviousTab: Object.fromEntries(
        Object.entries(switching).map(([id, runs]) => [id, summary(runs)]),
      ),
      openTabAddress: Object.fromEntries(Object.entries(direct).map(([id, runs]) => [id, summary(runs)])),
      pageErrors: browser.pageErrors,
    };
  } finally {
    await browser.close();
  }
}

/** The bot with a few intents, through the API as the bench user. */
async function createBot(url: string) {
  const token = await benchToken(url);
  const call = async (method: string, route: string, body: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { authtoken: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  };
  await call('POST', '/api/bot', { name: BOT, region: 'eu-west', language: 'en' });
  for (const [name, utterances] of [
    ['Greeting', ['hello', 'good morning', 'hi there']],
    ['Goodbye', ['bye', 'see you later', 'goodbye']],
  ] as const)
    await call('POST', `/api/${encodeURIComponent(BOT)}/intents`, { name, utterances: [...utterances] });
}

/**
 * `npm run bench -- settings-tabs` (issue 22): how long each settings tab takes to become usable
 * in Chromium, switched to from the previous tab and opened by its address (beside two other
 * screens opened so), on the machine as it is and with the CPU slowed four times; with the
 * requests of the cold run and of the slowest warm one (the waterfall).
 */
export async function benchSettingsTabs() {
  if (!existsSync(path.join(BUILT_WEB, 'index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-bench-settings-'));
  const dist = path.join(dataDir, 'web');
  cpSync(BUILT_WEB, dist, { recursive: true });
  const loadBefore = round(loadavg()[0] ?? 0);
  try {
    await seedBenchDatabase(path.join(dataDir, 'data'), async () => {});
    const server = await startServerProcess({
      port: PORT,
      dataDir: path.join(dataDir, 'data'),
      env: { LOG_LEVEL: 'error', WEB_DIST_DIR: dist },
    });
    try {
      await createBot(server.url);
      const results = [];
      for (const rate of CPU_RATES) results.push(await measure(server.url, rate));
      return {
        setup: {
          runsAfterCold: RUNS,
          browser: CHROMIUM_PATH,
          webBuild: BUILT_WEB,
          loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0) },
        },
        results,
        goal: 'every settings tab usable in under 1 s',
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
