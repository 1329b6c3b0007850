import type { AppContext } from '../../../context';
import type { PlatformKeys } from '../messaging/messaging-platform';
import { slackClient } from './slack-api';
import type { SlackBlock } from './slack-blocks';
import type { SlackClickedMessage } from './slack-inbound';
import { escapeSlackText } from './slack-text';

/**
 * The message whose button was clicked, as it is shown afterwards: its text as it was, its
 * buttons replaced by the choice, so an old question cannot be answered twice. Undefined when it
 * had no buttons.
 */
export function answeredMessageOf(
  clicked: SlackClickedMessage,
): { text: string; blocks: SlackBlock[] } | undefined {
  const kept = clicked.blocks.filter((block) => block.type !== 'actions');
  if (kept.length === clicked.blocks.length) return undefined;
  const chosen = escapeSlackText(clicked.chosen);
  return {
    text: chosen,
    blocks: [
      // Slack's own rendering of the bot's blocks, sent back as they came.
      ...(kept as SlackBlock[]),
      { type: 'context', elements: [{ type: 'mrkdwn', text: `✓ ${chosen}` }] },
    ],
  };
}

/** chat.update of the clicked message (after the click was answered); a refusal only loses the tidy-up. */
export async function showChoiceInClickedMessage(
  ctx: AppContext,
  keys: PlatformKeys,
  clicked: SlackClickedMessage,
): Promise<void> {
  const answered = answeredMessageOf(clicked);
  const token = keys.values.botToken;
  if (!answered || typeof token !== 'string' || token === '') return;
  try {
    await slackClient(ctx, token).chat.update({ channel: clicked.channel, ts: clicked.ts, ...answered });
  } catch (error) {
    ctx.log.warn({ err: error, botId: keys.bot.id }, 'the clicked Slack message could not be updated');
  }
}
