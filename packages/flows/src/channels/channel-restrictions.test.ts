import { describe, expect, it } from 'vitest';
import type { FlowBlock, FlowDocument } from '../flow-document';
import { channelRestrictions } from './channel-restrictions';

const task = (id: string, category: string, data: Record<string, unknown>): FlowBlock => ({
  id,
  type: 'bpmn:Task',
  name: id,
  category,
  fc: String(data.fc),
  customData: { en: data, de: data },
});
const flow = (...blocks: FlowBlock[]): FlowDocument => ({ blocks });

describe('channel restrictions (spec 03 section 9)', () => {
  it('works on all channels when nothing is restricted', () => {
    expect(
      channelRestrictions(flow(task('hello', 'dialog', { fc: 'message', 'field-message': 'Hello!' }))),
    ).toEqual([]);
  });

  it('reports a text that reaches a channel limit, counting what the user sees', () => {
    const text = `<p>${'a'.repeat(2000)}</p>`;
    const rows = channelRestrictions(flow(task('long', 'dialog', { fc: 'message', 'field-message': text })), {
      channels: ['discord', 'slack', 'googleAssistant'],
    });
    expect(rows).toEqual([
      {
        channel: 'discord',
        name: 'Discord',
        errors: [{ blockId: 'long', message: "A text of 2000 characters reaches Discord's limit of 2000." }],
        warnings: [],
      },
      {
        channel: 'googleAssistant',
        name: 'Google Assistant',
        errors: [],
        warnings: [
          {
            blockId: 'long',
            message: "A text of 2000 characters reaches Google Assistant's limit of 200 (recommended).",
          },
        ],
      },
    ]);
  });

  it('refuses more than 10 options on Twilio, and warns of images there', () => {
    const choices = Array.from({ length: 11 }, (_, index) => `Option ${index + 1}`);
    const rows = channelRestrictions(
      flow(
        task('menu', 'dialog', { fc: 'showOptions', 'field-choices': choices }),
        task('picture', 'dialog', { fc: 'sendGif', 'field-gif': 'https://example.com/a.gif' }),
      ),
      { channels: ['twilio'] },
    );
    expect(rows[0]?.errors).toEqual([
      { blockId: 'menu', message: 'Twilio SMS shows at most 10 options; this block has 11.' },
    ]);
    expect(rows[0]?.warnings).toEqual([
      { blockId: 'picture', message: 'Twilio SMS may not show images as intended.' },
    ]);
  });

  it('knows adaptive cards from the function type, an error on Skype and a warning on Slack', () => {
    const doc = flow(task('card', 'custom', { fc: 'OrderCard' }));
    const rows = channelRestrictions(doc, {
      channels: ['skype', 'slack', 'discord'],
      functionTypes: new Map([['OrderCard', 'adaptiveCard']]),
    });
    expect(rows.map((row) => [row.channel, row.errors.length, row.warnings.length])).toEqual([
      ['skype', 1, 0],
      ['slack', 0, 1],
    ]);
    expect(rows[0]?.errors[0]?.message).toBe('Skype cannot show adaptive cards.');
  });
});
