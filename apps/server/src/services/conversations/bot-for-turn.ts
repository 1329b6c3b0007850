import { type FlowTargetName, gdprSettingsOf, readBotSettings, systemMessagesIn } from '@parley/contracts';
import type { Bot, TenantScope, VariableRecord } from '@parley/db';
import { NluModelMissing } from '@parley/nlu';
import type { BotForTurn, Recognition } from '@parley/runtime';
import type { AppContext } from '../../context';
import { type Masker, maskerOf } from '../gdpr/masking';
import { llmTalkOf } from '../llms/answering/llm-talk';
import { botRefOf } from '../nlu/engine/bot-ref';
import { recognitionOf } from '../nlu/engine/recognition';
import { entityValuesOf } from './entity-values';
import { activeFlowOf } from './runtime-flows';
import { runtimeFunctionOf } from './runtime-functions';
import { TEST_CHAT_CHANNELS } from './test-channels';

/** An activity as one line of a history mail. */
function historyText(activity: unknown): string {
  const a = (activity ?? {}) as {
    type?: string;
    text?: string;
    options?: string[];
    url?: string;
    name?: string;
  };
  if (a.options) return `${a.text ?? ''} [${a.options.join(' | ')}]`;
  return a.text ?? a.url ?? a.name ?? a.type ?? '';
}

const NOTHING_RECOGNIZED: Recognition = { intent: null, score: 0, entities: [] };

/**
 * What the runtime needs of a bot for one turn. What it reads of the bot's published version
 * (intents, activations, the model) is kept by `ctx.botRuntime` until the bot changes on any
 * process, so settings, flows activated and models published take effect on the next message.
 */
export async function botForTurn(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  options: {
    target: FlowTargetName;
    language: string;
    channel: { id: string; name: string };
    conversationId: string;
    /** The conversation's first turn: the one that gives it the bot's starting variables. */
    isFirstTurn: boolean;
  },
): Promise<BotForTurn> {
  const settings = readBotSettings(bot.settings);
  // Conditions check values against the bot's entities synchronously: read (and kept) before the turn.
  const entityValue = await ctx.botRuntime.remember(bot, 'entity-values', async () =>
    entityValuesOf(await scope.entities(bot.id).list()),
  );
  const messages = systemMessagesIn(settings.systemMessages, options.language);
  const recognizer = settings.intentRecognizerProvider;
  const provider = recognizer ? ctx.nluProviders.get(recognizer) : undefined;
  return {
    confidence: settings.confidence,
    lowConfidence: settings.lowConfidence,
    messageBetweenThreshold: messages.messageBetweenThreshold,
    messageBelowThreshold: messages.messageBelowThreshold,
    idleText: settings.idleText,
    ...(settings.chitChatEnabled && settings.chitChatModel
      ? { chitChat: { llmId: settings.chitChatModel, limit: settings.belowThresholdLimit } }
      : {}),
    // Read once per conversation, not on every turn: a turn is on the hot path.
    ...(options.isFirstTurn
      ? { startingVariables: async () => startingVariablesOf(await scope.variables(bot.id).list()) }
      : {}),
    flowOf: (intent) => activeFlowOf(ctx.botRuntime, scope, bot, intent, options.target, options.language),
    answerOf: (intent) =>
      ctx.botRuntime.remember(
        bot,
        `intent-answer:${intent}`,
        async () => (await scope.intents(bot.id).get(intent))?.answer,
      ),
    functionOf: (name) =>
      runtimeFunctionOf(ctx, scope, bot, name, {
        ...options,
        runsLatestSubFlows: options.channel.id === TEST_CHAT_CHANNELS.subFlow.id,
      }),
    services: {
      async recognize(text) {
        if (!provider || text.trim() === '') return NOTHING_RECOGNIZED;
        try {
          // The runtime answers with the published model, test chats included: what users would get.
          const prediction = await provider.predict(botRefOf(bot), 'published', text);
          return {
            ...recognitionOf(prediction),
            entities: prediction.entities.map((e) => ({ entity: e.entity, text: e.text, value: e.value })),
            intents: prediction.intents,
          };
        } catch (error) {
          // Not published yet: nothing is recognised, and the bot says so with its below-threshold message.
          if (error instanceof NluModelMissing) return NOTHING_RECOGNIZED;
          throw error;
        }
      },
      sendMail: (mail) => ctx.mailer.send(mail),
      llm: llmTalkOf(ctx, scope, bot.tenantId, {
        splitSentences: settings.llmSplitSentences,
        asyncGuardrails: settings.llmAsyncGuardrails,
        maskForProvider: () => maskForProviderOf(bot),
      }),
      async conversationHistory() {
        const turns = await scope.conversations(bot.id).turnsOf(options.conversationId);
        return turns
          .map(
            (turn) => `${turn.at} ${turn.direction === 'in' ? 'User' : 'Bot'}: ${historyText(turn.activity)}`,
          )
          .join('\n');
      },
    },
    decision: { channel: options.channel, user: 'absent', entityValue },
  };
}

/** Variables with a value, and objects with the properties that have one: what a conversation starts with. */
function startingVariablesOf(records: readonly VariableRecord[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const record of records) {
    if (record.kind === 'object') {
      const properties = record.properties.filter((property) => property.value !== '');
      if (properties.length > 0)
        values[record.name] = Object.fromEntries(properties.map((p) => [p.key, p.value]));
    } else if (record.value !== '') {
      values[record.name] = record.value;
    }
  }
  return values;
}

/** The bot's maskAIData (spec 04 section 3.7): its masking patterns applied to what an LLM provider is sent. */
function maskForProviderOf(bot: Bot): Masker | undefined {
  const gdpr = gdprSettingsOf(bot.settings);
  return gdpr.maskAIData ? maskerOf(gdpr.maskingPatterns) : undefined;
}
