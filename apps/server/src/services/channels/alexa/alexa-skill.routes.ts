import { AppError, Permission } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../auth/guard';
import type { AppContext } from '../../../context';
import { parseInput } from '../../../http/validate';
import { botNamed } from '../../bots/bot-access.service';
import { keysViewOf, readPlatformKeys, storePlatformKeys } from '../messaging/channel-keys.service';
import { type MessagingPlatform, webhookUrlOf } from '../messaging/messaging-platform';
import { ALEXA_SKILL_MESSAGES, createAlexaSkill, deleteAlexaSkill } from './alexa-skill-management';

type BotParams = { Params: { bot: string } };
const MANAGE_CHANNELS = { config: { access: { botPermission: [Permission.ManageChannels] } } } as const;

const token = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(4000, `${label} holds at most 4000 characters.`)
    // Access tokens are printable ASCII: anything else could not even be sent in a header.
    .regex(/^[\x21-\x7e]+$/, `${label} is not a Login with Amazon access token.`);

export const createSkillBodySchema = z.object({
  skillToken: token('The skill token'),
  modelToken: token('The model token'),
  skillName: z
    .string({ message: 'The skill name is required.' })
    .trim()
    .min(2, 'The skill name needs at least 2 characters.')
    .max(50, 'Skill name holds at most 50 characters.'),
});
export const deleteSkillBodySchema = z.object({ skillToken: token('The skill token') });

/** The webhook scope hands bodies over as bytes: a JSON call from the web is parsed here. */
function jsonBodyOf(body: unknown): unknown {
  if (!Buffer.isBuffer(body)) return body;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('validation_error', 'The body must be JSON.');
  }
}

/** Where Login with Amazon returns the dialog's sign-in window (an Allowed Return URL of the operator's profile). */
export const LOGIN_WITH_AMAZON_RETURN_PATH = '/api/amazon/login-callback';

/**
 * The page the sign-in window lands on: the dialog that opened it reads the token from its
 * address (same origin) and closes it; the page itself runs nothing.
 */
const RETURN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Login with Amazon</title></head>
<body><p>Signed in with Amazon. You can close this window if it stays open.</p></body></html>`;

/**
 * Spec 04 section 7.1's Alexa calls beyond the keys: the operator's Login with Amazon client id
 * (the dialog's login asks Amazon for the skills and models scopes with it), and creating or
 * deleting the bot's skill through SMAPI with the tokens that login gave.
 */
export function alexaSkillRoutes(app: FastifyInstance, ctx: AppContext, platform: MessagingPlatform): void {
  const loginWithAmazon = () => {
    const settings = ctx.config.platformOperator.loginWithAmazon;
    if (!settings) throw new AppError('not-found_error', ALEXA_SKILL_MESSAGES.notConfigured, {}, 404);
    return settings;
  };

  app.get('/api/amazon/clientId', { config: { access: 'authenticated' } }, async () => ({
    clientId: loginWithAmazon().clientId,
  }));

  app.get(LOGIN_WITH_AMAZON_RETURN_PATH, { config: { access: 'public' } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'")
      .header('referrer-policy', 'no-referrer')
      .send(RETURN_PAGE),
  );

  app.post<BotParams>('/api/amazon/:bot/create_skill', MANAGE_CHANNELS, async (request) => {
    loginWithAmazon();
    const input = parseInput(createSkillBodySchema, jsonBodyOf(request.body));
    const principal = principalOf(request);
    const bot = await botNamed(principal, request.params.bot);
    // The endpoint names the bot's webhook id, which the first stored keys get.
    const before = await storePlatformKeys(
      ctx,
      principal.scope,
      bot,
      platform,
      (await readPlatformKeys(ctx, principal.scope, bot, platform))?.values ?? {},
    );
    const created = await createAlexaSkill(ctx, bot, {
      ...input,
      endpointUrl: webhookUrlOf(ctx, platform.id, before.webhookId),
    });
    const keys = await storePlatformKeys(ctx, principal.scope, bot, platform, {
      ...before.values,
      skillId: created.skillId,
      skillName: input.skillName,
    });
    if (created.modelProblem)
      throw new AppError('validation_error', created.modelProblem, { skillId: created.skillId });
    return keysViewOf(ctx, platform, keys);
  });

  app.post<BotParams>('/api/amazon/:bot/delete_skill', MANAGE_CHANNELS, async (request) => {
    loginWithAmazon();
    const input = parseInput(deleteSkillBodySchema, jsonBodyOf(request.body));
    const principal = principalOf(request);
    const bot = await botNamed(principal, request.params.bot);
    const stored = await readPlatformKeys(ctx, principal.scope, bot, platform);
    const skillId = stored?.values.skillId;
    if (!stored || typeof skillId !== 'string' || skillId === '')
      throw new AppError('validation_error', ALEXA_SKILL_MESSAGES.noSkill);
    await deleteAlexaSkill(ctx, input.skillToken, skillId);
    const keys = await storePlatformKeys(ctx, principal.scope, bot, platform, {
      ...stored.values,
      skillId: '',
      skillName: '',
    });
    return keysViewOf(ctx, platform, keys);
  });
}
