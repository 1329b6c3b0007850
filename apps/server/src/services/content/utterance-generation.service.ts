import {
  customError,
  GENERATED_UTTERANCES_MAX,
  type GeneratedUtterances,
  type GenerateUtterancesBody,
  type generateUtterancesBodySchema,
  hasControlCharacters,
  INTENT_LIMITS,
  INTENT_MESSAGES as M,
  readBotSettings,
} from '@parley/contracts';
import { LLM_PROVIDER_IDS, LLM_PROVIDERS, type LlmClient, LlmProviderError } from '@parley/llm';
import type { z } from 'zod';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { clientFor } from '../llms/providers/llm-client-resolver';
import { findCredentials } from '../llms/providers/provider-credentials';
import { readBotContent } from './bot-content.service';
import { toIntentView } from './intent-views';
import { requireIntent } from './intents.service';

/** The answer's room: ten short utterances in JSON. */
const ANSWER_TOKENS = 600;

/**
 * The provider that writes utterances for a tenant: its own credentials first (in the providers'
 * declared order), else the installation's; with the provider's first model.
 */
async function writerOf(
  ctx: AppContext,
  tenantId: string,
): Promise<{ client: LlmClient; model: string } | null> {
  const found = await Promise.all(
    LLM_PROVIDER_IDS.map((provider) => findCredentials(ctx, tenantId, provider)),
  );
  const chosen = found.find((f) => f?.source === 'tenant') ?? found.find((f) => f !== undefined);
  if (!chosen) return null;
  const model = LLM_PROVIDERS[chosen.credentials.provider].models[0];
  return model ? { client: clientFor(ctx, chosen), model } : null;
}

/**
 * PUT /api/{bot}/intents/{intent}/utterances/generate: utterances proposed for an intent from its
 * name, description and examples. Nothing is added: the designer picks (spec 02 section 2.2).
 */
export async function generateIntentUtterances(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  intentName: string,
): Promise<GeneratedUtterances> {
  const content = await readBotContent(principal, botRef);
  const intent = toIntentView(await requireIntent(content, intentName));
  return proposeUtterances(ctx, principal.tenantId, readBotSettings(content.bot.settings).language, {
    intentName: intent.name,
    intentDescription: intent.description,
    utterances: [...intent.utterances, ...intent.patterns].map((example) => example.text),
  });
}

/** POST /api/{bot}/intents/utterances/generate: the same for an intent being created. */
export async function generateNewIntentUtterances(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: GenerateUtterancesBody,
): Promise<GeneratedUtterances> {
  const content = await readBotContent(principal, botRef);
  const input = body as z.output<typeof generateUtterancesBodySchema>;
  return proposeUtterances(ctx, principal.tenantId, readBotSettings(content.bot.settings).language, input);
}

async function proposeUtterances(
  ctx: AppContext,
  tenantId: string,
  language: string,
  intent: { intentName: string; intentDescription: string; utterances: string[] },
): Promise<GeneratedUtterances> {
  const writer = await writerOf(ctx, tenantId);
  if (!writer) throw customError(M.generateNoProvider, 409);
  // A sample of the examples is enough to show the model the intent; a big intent stays cheap.
  const examples = intent.utterances.slice(0, 30);
  const system = [
    `You write example messages for a chatbot's intent, in the language with the code ${language}.`,
    `Answer with one JSON object {"utterances": [...]} holding up to ${GENERATED_UTTERANCES_MAX} different, short, natural messages a user might type to express the intent, each one line, none repeating the examples.`,
  ].join(' ');
  const user = [
    `Intent: ${intent.intentName.trim() || '(not named yet)'}`,
    intent.intentDescription.trim() ? `Description: ${intent.intentDescription.trim()}` : '',
    examples.length > 0 ? `Examples:\n${examples.map((e) => `- ${e}`).join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  let text: string;
  try {
    ({ text } = await writer.client.chat({
      model: writer.model,
      system,
      messages: [{ role: 'user', content: user }],
      temperature: 0.7,
      maxOutputTokens: ANSWER_TOKENS,
      json: true,
    }));
  } catch (error) {
    if (error instanceof LlmProviderError) {
      ctx.log.warn({ tenantId, provider: error.provider, kind: error.kind }, 'utterance generation failed');
      throw customError(M.generateFailed, 409);
    }
    throw error;
  }
  const utterances = usableUtterances(text, intent.utterances);
  if (utterances.length === 0) throw customError(M.generateFailed, 409);
  return { utterances, patterns: [] };
}

/** The model's proposals that can be examples: one line, within the limits, new, each once. */
export function usableUtterances(answer: string, existing: readonly string[]): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
  } catch {
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { utterances?: unknown } | null)?.utterances;
  if (!Array.isArray(list)) return [];
  const seen = new Set(existing.map((e) => e.trim().toLowerCase()));
  const kept: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const text = item.trim();
    const key = text.toLowerCase();
    if (text.length < 2 || text.length > INTENT_LIMITS.example || hasControlCharacters(text) || seen.has(key))
      continue;
    seen.add(key);
    kept.push(text);
    if (kept.length === GENERATED_UTTERANCES_MAX) break;
  }
  return kept;
}
