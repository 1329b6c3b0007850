import type { FlowContentView } from '@parley/contracts';
import { FLOW_TEMPLATES, type FlowDocument, parseFlow } from '@parley/flows';
import { describe, expect, test } from 'vitest';
import { botPageSuite } from './support/bot-page-suite';
import { expectVisible } from './support/expect-page';

const BOT = 'Round Trip';
/** The starter templates (apps/server/templates) and the intents of each that have a flow. */
const STARTER_TEMPLATES = ['appointment-booking.enc', 'order-status.enc', 'customer-support-faq.enc'];

/** What a flow means: every element with its data and its ends, in id order. Layout is not compared. */
const meaning = (doc: FlowDocument) =>
  [...doc.blocks]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(({ id, type, name, category, fc, customData, sourceRef, targetRef }) => ({
      id,
      type,
      name,
      category,
      fc,
      customData,
      sourceRef,
      targetRef,
    }));

/**
 * Issue 11: every template flow opens in the editor and saves back to an equivalent flow: a
 * flow drawn by Parley's own templates survives bpmn-js reading and writing it.
 */
describe('template flows round-trip through the Dialog Manager', () => {
  /** Every (bot, intent) whose flow comes from a template. */
  const flows: Array<{ bot: string; intent: string }> = [];

  const s = botPageSuite(BOT, async (tina) => {
    for (const template of FLOW_TEMPLATES) {
      const intent = `Template_${template.id.replace(/-/g, '_')}`;
      await tina('POST', `/api/${encodeURIComponent(BOT)}/intents`, {
        name: intent,
        utterances: [`first example of ${template.id}`, `second example of ${template.id}`],
        template: template.id,
      });
      flows.push({ bot: BOT, intent });
    }
    for (const template of STARTER_TEMPLATES) {
      const bot = `From ${template.replace('.enc', '')}`;
      await tina('POST', '/api/bot', { name: bot, region: 'eu-west', createType: 'template', template });
      const intents = (await tina('GET', `/api/${encodeURIComponent(bot)}/intents?view=summary`)) as Array<{
        name: string;
        type: string;
      }>;
      for (const intent of intents.filter((entry) => entry.type === 'normal')) {
        const content = (await tina(
          'GET',
          `/api/${encodeURIComponent(bot)}/intents/${encodeURIComponent(intent.name)}/content`,
        )) as FlowContentView;
        if (content.xml) flows.push({ bot, intent: intent.name });
      }
    }
  });

  test('every template flow is there to check', () => {
    // The five flow templates but 'empty' hold a flow; the starter bots have several each.
    expect(flows.filter((flow) => flow.bot === BOT).length).toBe(FLOW_TEMPLATES.length);
    expect(flows.length).toBeGreaterThan(FLOW_TEMPLATES.length + STARTER_TEMPLATES.length);
  });

  test('each opens, saves, and the saved version means what the template did', async () => {
    for (const { bot, intent } of flows) {
      const contentPath = `/api/${encodeURIComponent(bot)}/intents/${encodeURIComponent(intent)}/content`;
      const before = (await s.tina('GET', contentPath)) as FlowContentView;
      await s.page.goto(
        `${s.app.baseUrl}/bots/${encodeURIComponent(bot)}/flow?item=${encodeURIComponent(intent)}`,
      );
      const editor = s.page.getByRole('dialog', { name: 'Dialog Manager' });
      await expect.poll(() => editor.getByLabel('Intent', { exact: true }).inputValue()).toBe(intent);
      if (before.xml) await expectVisible(editor.getByTestId('flow-canvas').locator('.djs-shape').first());
      await editor.getByRole('button', { name: /^Save/ }).click();
      await expectVisible(s.page.getByRole('alertdialog').getByText('Flow saved!'));
      await s.page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      const after = (await s.tina('GET', contentPath)) as FlowContentView;
      expect(after.xmlArray.length, `${bot} / ${intent}`).toBe(before.xmlArray.length + 1);
      const saved = after.xmlArray[0]!.xml;
      if (before.xml) {
        expect(meaning(await parseFlow(saved)), `${bot} / ${intent}`).toEqual(
          meaning(await parseFlow(before.xml)),
        );
      } else {
        expect((await parseFlow(saved)).blocks, `${bot} / ${intent}`).toEqual([]);
      }
    }
  });
});
