import { AppError, readBotSettings } from '@parley/contracts';
import type { Bot } from '@parley/db';
import type { AppContext } from '../../../context';
import { interactionModelOf, invocationNameOf } from './alexa-interaction-model';

/**
 * The Alexa Skill Management API (SMAPI, api.amazonalexa.com) calls behind the dialog's 'Create
 * skill' and 'Delete skill': with the user's Login with Amazon tokens (the skills scope for the
 * skill, the models scope for its interaction model), never stored.
 */
export const ALEXA_SKILL_MESSAGES = {
  notConfigured:
    'Login with Amazon is not set up on this server: the operator sets LOGIN_WITH_AMAZON_CLIENT_ID and LOGIN_WITH_AMAZON_CLIENT_SECRET.',
  notHttps: (publicUrl: string) =>
    `Alexa calls skill endpoints over https only; this server's public address is ${publicUrl}.`,
  noLocale: (language: string) => `Alexa has no skills in the bot's language (${language}).`,
  badInvocation: 'The skill name needs letters: Alexa opens the skill by saying its name.',
  tokenRefused: (message: string) => `Amazon refused the token: ${message}`,
  refused: (message: string) => `Amazon refused the request: ${message}`,
  unreachable: 'Amazon could not be reached. Please try again later.',
  noVendor: 'This Amazon account has no Alexa developer (vendor) account.',
  noSkill: 'This bot has no Alexa skill to delete.',
  modelRefused: (message: string) =>
    `The skill was created, but Amazon refused its interaction model: ${message}. Set it in the Alexa developer console.`,
} as const;

/** Alexa's locales (a skill is made for one), by the bot's language. */
const ALEXA_LOCALES = [
  'ar-SA',
  'de-DE',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-IN',
  'en-US',
  'es-ES',
  'es-MX',
  'es-US',
  'fr-CA',
  'fr-FR',
  'hi-IN',
  'it-IT',
  'ja-JP',
  'nl-NL',
  'pt-BR',
] as const;
const LOCALE_OF_LANGUAGE: Record<string, string> = {
  ar: 'ar-SA',
  de: 'de-DE',
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  hi: 'hi-IN',
  it: 'it-IT',
  ja: 'ja-JP',
  nl: 'nl-NL',
  pt: 'pt-BR',
};

export function alexaLocaleOf(bot: Bot): string {
  const language = readBotSettings(bot.settings).language || 'en';
  const exact = ALEXA_LOCALES.find((locale) => locale.toLowerCase() === language.toLowerCase());
  const locale = exact ?? LOCALE_OF_LANGUAGE[language.split('-')[0]?.toLowerCase() ?? ''];
  if (!locale) throw new AppError('validation_error', ALEXA_SKILL_MESSAGES.noLocale(language));
  return locale;
}

/** SMAPI's error body: { message, violations? }. */
const messageOf = (body: unknown, status: number): string => {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const violations = Array.isArray(record.violations)
    ? record.violations
        .map((violation) => (violation as { message?: unknown })?.message)
        .filter((message): message is string => typeof message === 'string')
    : [];
  const message = typeof record.message === 'string' ? record.message : `status ${status}`;
  return [message, ...violations].join(' ').slice(0, 500);
};

async function callSmapi(
  ctx: AppContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(`${ctx.config.platforms.alexaSkillManagement.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new AppError('configuration_error', ALEXA_SKILL_MESSAGES.unreachable, {}, 502);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed };
}

/** An SMAPI refusal as the user's error: a refused token (401/403) names the token. */
function refusal(answer: { status: number; body: unknown }, tokenField: string): AppError {
  if (answer.status >= 500)
    return new AppError('configuration_error', ALEXA_SKILL_MESSAGES.unreachable, {}, 502);
  const message = messageOf(answer.body, answer.status);
  return answer.status === 401 || answer.status === 403
    ? new AppError('validation_error', ALEXA_SKILL_MESSAGES.tokenRefused(message), { fieldName: tokenField })
    : new AppError('validation_error', ALEXA_SKILL_MESSAGES.refused(message));
}

const isOk = (status: number) => status >= 200 && status < 300;

/** The skill's manifest: a custom skill whose HTTPS endpoint is the bot's Alexa webhook. */
export function skillManifestOf(skillName: string, locale: string, endpointUrl: string) {
  return {
    manifest: {
      manifestVersion: '1.0',
      publishingInformation: {
        locales: {
          [locale]: {
            name: skillName,
            summary: `${skillName}, a Parley bot.`,
            description: `Talk with ${skillName}.`,
            examplePhrases: [`Alexa, open ${invocationNameOf(skillName)}`],
          },
        },
        isAvailableWorldwide: true,
      },
      apis: { custom: { endpoint: { uri: endpointUrl, sslCertificateType: 'Trusted' } } },
    },
  };
}

/**
 * Creates the skill on the user's Alexa developer account (their first vendor) and sets its
 * interaction model for the bot's locale; answers the new skill's id. A refused model after the
 * skill exists is reported with the id, so the keys still name the skill.
 */
export async function createAlexaSkill(
  ctx: AppContext,
  bot: Bot,
  input: { skillToken: string; modelToken: string; skillName: string; endpointUrl: string },
): Promise<{ skillId: string; modelProblem?: string }> {
  if (!input.endpointUrl.startsWith('https://'))
    throw new AppError('validation_error', ALEXA_SKILL_MESSAGES.notHttps(ctx.config.publicUrl));
  if (invocationNameOf(input.skillName).length < 2)
    throw new AppError('validation_error', ALEXA_SKILL_MESSAGES.badInvocation, { fieldName: 'skillName' });
  const locale = alexaLocaleOf(bot);
  const vendors = await callSmapi(ctx, input.skillToken, 'GET', '/v1/vendors');
  if (!isOk(vendors.status)) throw refusal(vendors, 'skillToken');
  const vendorId = (vendors.body as { vendors?: Array<{ id?: unknown }> } | undefined)?.vendors?.[0]?.id;
  if (typeof vendorId !== 'string') throw new AppError('validation_error', ALEXA_SKILL_MESSAGES.noVendor);

  const created = await callSmapi(ctx, input.skillToken, 'POST', '/v1/skills', {
    vendorId,
    ...skillManifestOf(input.skillName, locale, input.endpointUrl),
  });
  if (!isOk(created.status)) throw refusal(created, 'skillToken');
  const skillId = (created.body as { skillId?: unknown } | undefined)?.skillId;
  if (typeof skillId !== 'string' || !/^amzn1\.ask\.skill\.[0-9a-fA-F-]+$/.test(skillId))
    throw new AppError(
      'configuration_error',
      ALEXA_SKILL_MESSAGES.refused('no skill id in its answer'),
      {},
      502,
    );

  const model = await callSmapi(
    ctx,
    input.modelToken,
    'PUT',
    `/v1/skills/${encodeURIComponent(skillId)}/stages/development/interactionModel/locales/${locale}`,
    interactionModelOf(input.skillName),
  );
  return isOk(model.status)
    ? { skillId }
    : { skillId, modelProblem: ALEXA_SKILL_MESSAGES.modelRefused(messageOf(model.body, model.status)) };
}

/** Deletes the skill; one Amazon no longer has counts as deleted. */
export async function deleteAlexaSkill(ctx: AppContext, skillToken: string, skillId: string): Promise<void> {
  const answer = await callSmapi(ctx, skillToken, 'DELETE', `/v1/skills/${encodeURIComponent(skillId)}`);
  if (!isOk(answer.status) && answer.status !== 404) throw refusal(answer, 'skillToken');
}
