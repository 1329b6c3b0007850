import {
  AppError,
  MAIL_CHANNEL_MESSAGES,
  MAIL_KEYS,
  mailConnectBodySchema,
  Permission,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/guard';
import type { AppContext } from '../../../context';
import { parseInput } from '../../../http/validate';
import { botNamed } from '../../bots/bot-access.service';
import { keysViewOf, readPlatformKeys, storePlatformKeys } from '../messaging/channel-keys.service';
import type { MessagingPlatform } from '../messaging/messaging-platform';
import { checkMailLogin } from './mail-login';

type BotParams = { Params: { bot: string } };
const MANAGE_CHANNELS = { config: { access: { botPermission: [Permission.ManageChannels] } } } as const;

/** This scope hands bodies over unparsed (channel-webhooks.routes.ts): the connect form's JSON is read here. */
function jsonOf(body: unknown): unknown {
  if (body === undefined || body === null) return undefined;
  if (!Buffer.isBuffer(body)) return body;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('validation_error', MAIL_CHANNEL_MESSAGES.notJson);
  }
}

/**
 * POST /api/mail-channel/{botName}/connect and /disconnect (spec 04 section 7.1). Connect logs in
 * to the mailbox (IMAP) and the SMTP server before anything is saved, so a wrong password leaves
 * the channel as it was; disconnect forgets the password.
 */
export function mailConnectRoutes(app: FastifyInstance, ctx: AppContext, platform: MessagingPlatform): void {
  const base = `/api/${MAIL_KEYS.path}/:bot`;

  app.post<BotParams>(`${base}/connect`, MANAGE_CHANNELS, async (request) => {
    const principal = principalOf(request);
    const bot = await botNamed(principal, request.params.bot);
    const { emailAddress, password } = parseInput(mailConnectBodySchema, jsonOf(request.body));
    await checkMailLogin(ctx, { emailAddress, password });
    const keys = await storePlatformKeys(ctx, principal.scope, bot, platform, {
      isEnabled: true,
      emailAddress,
      password,
    });
    return keysViewOf(ctx, platform, keys);
  });

  app.post<BotParams>(`${base}/disconnect`, MANAGE_CHANNELS, async (request) => {
    const principal = principalOf(request);
    const bot = await botNamed(principal, request.params.bot);
    const before = await readPlatformKeys(ctx, principal.scope, bot, platform);
    // The address stays shown (the next connect is likely the same mailbox); the password goes.
    const keys = await storePlatformKeys(ctx, principal.scope, bot, platform, {
      isEnabled: false,
      emailAddress: before?.values.emailAddress ?? '',
    });
    return keysViewOf(ctx, platform, keys);
  });
}
