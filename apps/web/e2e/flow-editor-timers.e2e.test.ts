import { buildFlowXml } from '@parley/flows';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ApiCall } from './support/bot-content';
import { botPageSuite } from './support/bot-page-suite';
import { expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const BOT = 'Timer Bot';
const api = (rest: string) => `/api/${encodeURIComponent(BOT)}${rest}`;
const intentPath = (intent: string) => api(`/intents/${encodeURIComponent(intent)}`);

/** Intents with flows of their own for each test, and a sub flow that one of them calls. */
async function prepareBot(tina: ApiCall): Promise<void> {
  const functions = `/api/bots/${encodeURIComponent(BOT)}/functions`;
  await tina('POST', functions, {
    type: 'flow',
    name: 'Address',
    inputs: [{ name: 'city', defaultValue: 'Rome' }],
  });
  const address = await buildFlowXml(
    [
      { block: 'askQuestion', fields: { question: 'Which street in [city]?' }, outputs: ['street'] },
      { end: 'endFlow' },
    ],
    { languages: ['en'] },
  );
  await tina('POST', `${functions}/Address/flow`, { xml: encodeURIComponent(address) });
  const greeting = await buildFlowXml(
    [{ block: 'message', fields: { message: 'Hello!' } }, { end: 'endFlow' }],
    {
      languages: ['en'],
    },
  );
  for (const name of ['Delivery', 'Idle', 'Checked', 'Published']) {
    await tina('POST', api('/intents'), { name, utterances: [`${name} one`, `${name} two`] });
    const xml =
      name === 'Delivery'
        ? await buildFlowXml([{ function: 'Address', fields: { city: 'Paris' } }, { end: 'endFlow' }], {
            languages: ['en'],
          })
        : greeting;
    await tina('PUT', `${intentPath(name)}/test-version`, { xml });
  }
}

/**
 * The Dialog Manager's timed and nested behaviour (spec 03 sections 2.4, 2.4b, 4.1, 4.2, 4.3):
 * the Subs block's plus, the automatic copy after five idle minutes, auto-validation every
 * minute, auto-publish after a save, and a refused preference change. Timers run on Playwright's
 * clock in a page of their own, so no test waits minutes.
 */
describe('the Dialog Manager over time', () => {
  const s = botPageSuite(BOT, prepareBot);

  /** A page of the signed-in context with a controllable clock, on the Dialog Manager at `intent`. */
  async function editorAt(intent: string, options: { clock?: boolean } = {}): Promise<Page> {
    const page = await s.browser.newPage();
    if (options.clock) await page.clock.install();
    await page.goto(s.botUrl('intents'));
    await page.getByRole('button', { name: 'Dialog Manager', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Dialog Manager' });
    await expectVisible(editor.getByText('Select an element'));
    await expect
      .poll(() => editor.getByLabel('Intent', { exact: true }).locator('option').allInnerTexts())
      .toContain(intent);
    await editor.getByLabel('Intent', { exact: true }).selectOption(intent);
    await expect.poll(() => versionsOf(page)).toContain('v1 · test');
    return page;
  }
  const editorOf = (page: Page) => page.getByRole('dialog', { name: 'Dialog Manager' }).first();
  const versionsOf = (page: Page) =>
    editorOf(page).getByLabel('Version', { exact: true }).locator('option').allInnerTexts();
  /** Selects the task whose caption reads `caption` (clicking its shape). */
  async function selectTask(page: Page, caption: string): Promise<void> {
    const shape = editorOf(page)
      .getByTestId('flow-canvas')
      .locator('.djs-shape', { has: page.locator('text.parley-task-caption', { hasText: caption }) })
      .first();
    const id = await shape.getAttribute('data-element-id');
    await page.locator(`[data-element-id="${id}"] .djs-hit`).first().click({ force: true });
  }
  /** Renames the message block: an edit that needs no saving to be seen. */
  async function editMessage(page: Page, text: string): Promise<void> {
    await selectTask(page, 'Dialog · Message');
    await editorOf(page)
      .getByRole('complementary', { name: 'Details' })
      .getByLabel('Name', { exact: true })
      .fill(text);
  }

  test('the plus on a Subs block opens the sub flow in an editor over the flow, and closing it goes back', async () => {
    const page = await editorAt('Delivery');
    try {
      await selectTask(page, 'Address');
      await page.locator('.djs-context-pad [aria-label="Open the sub flow"]').click();
      const nested = page.getByRole('dialog', { name: 'Sub flow Address' });
      await expect.poll(() => nested.getByLabel('Sub flow', { exact: true }).inputValue()).toBe('Address');
      await expectVisible(
        nested.getByTestId('flow-canvas').locator('text.parley-task-caption', { hasText: 'Ask Question' }),
      );
      await screenshot(page, 'flow-editor-nested-sub-flow');
      await nested.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => nested.count()).toBe(0);
      await expect
        .poll(() => editorOf(page).getByLabel('Intent', { exact: true }).inputValue())
        .toBe('Delivery');
    } finally {
      await page.close();
    }
  });

  test('five idle minutes with unsaved changes keep an automatic copy, starred', async () => {
    const page = await editorAt('Idle', { clock: true });
    try {
      await editMessage(page, 'Hello, renamed');
      await page.clock.fastForward('04:50');
      expect(await versionsOf(page)).toEqual(['v1 · test']);
      await page.clock.fastForward('00:15');
      await expect.poll(() => versionsOf(page)).toEqual(['v2*', 'v1 · test']);
      const starred = editorOf(page).getByRole('option', { name: 'v2*' });
      expect(await starred.getAttribute('title')).toBe('This version was auto saved!');
      const content = (await s.tina('GET', `${intentPath('Idle')}/content`)) as {
        xmlArray: Array<{ status: string; xml: string }>;
      };
      expect(content.xmlArray[0]).toMatchObject({ status: 'auto-saved' });
      expect(content.xmlArray[0]!.xml).toContain('Hello, renamed');
      // The designer comes back, touches nothing, and leaves again: no second copy. The lock's next poll, sent after
      // the idle callback has run, is the barrier.
      const autoSaves: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/auto-save')) autoSaves.push(request.url());
      });
      await page.mouse.move(40, 40);
      await page.mouse.move(60, 60);
      await page.clock.fastForward('05:05');
      await Promise.all([
        page.waitForRequest((request) => request.url().endsWith('/editor')),
        page.clock.runFor(3_000),
      ]);
      expect(autoSaves).toEqual([]);
      expect(await versionsOf(page)).toEqual(['v2*', 'v1 · test']);
    } finally {
      await page.close();
    }
  });

  test('auto-validation checks the flow every minute while it is on', async () => {
    const page = await editorAt('Checked', { clock: true });
    const validations: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/validate-flow')) validations.push(request.url());
    });
    try {
      const autoValidation = editorOf(page).getByRole('switch', { name: 'Auto-validation' });
      if ((await autoValidation.getAttribute('aria-checked')) !== 'true') await autoValidation.click();
      await expect.poll(() => autoValidation.getAttribute('aria-checked')).toBe('true');
      // An action block whose kind is not chosen: wrong, but nothing says so until the check.
      await selectTask(page, 'Dialog · Message');
      await page.locator('.djs-context-pad [aria-label="Append Action"]').click();
      const errors = editorOf(page).getByTestId('flow-canvas').locator('.parley-error-box');
      expect(await errors.count()).toBe(0);
      const before = validations.length;
      await page.clock.fastForward('01:01');
      // The new block is unfinished, and the message now has two ways out.
      await expect.poll(() => errors.count()).toBeGreaterThan(0);
      await expectVisible(editorOf(page).getByTestId('flow-canvas').locator('.parley-has-errors').first());
      expect(validations.length).toBeGreaterThan(before);
      await autoValidation.click();
      await expect.poll(() => autoValidation.getAttribute('aria-checked')).toBe('false');
    } finally {
      await page.close();
    }
  });

  test('auto-publish activates each save to test', async () => {
    const page = await editorAt('Published');
    try {
      const autoPublish = editorOf(page).getByRole('switch', { name: 'Auto-publish' });
      if ((await autoPublish.getAttribute('aria-checked')) !== 'true') await autoPublish.click();
      await expect.poll(() => autoPublish.getAttribute('aria-checked')).toBe('true');
      await editMessage(page, 'Hello, published');
      await editorOf(page).getByRole('button', { name: /^Save/ }).click();
      const popup = page.getByRole('alertdialog');
      await expectVisible(popup.getByText('Flow saved!'));
      await expectVisible(popup.getByText('Flow Published activated!'));
      await popup.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => versionsOf(page)).toEqual(['v2 · test', 'v1']);
      await autoPublish.click();
      await expect.poll(() => autoPublish.getAttribute('aria-checked')).toBe('false');
    } finally {
      await page.close();
    }
  });

  test('a preference the server refuses to change goes back to what it was', async () => {
    const page = await editorAt('Checked');
    try {
      await page.route('**/api/users/auto-validation', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: '{"code":"custom_error","message":"Try again later."}',
            })
          : route.fallback(),
      );
      const autoValidation = editorOf(page).getByRole('switch', { name: 'Auto-validation' });
      const before = await autoValidation.getAttribute('aria-checked');
      await autoValidation.click();
      await expect.poll(() => autoValidation.getAttribute('aria-checked')).toBe(before);
    } finally {
      await page.close();
    }
  });
});
