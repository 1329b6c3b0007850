import { z } from 'zod';
import { CHANNELS } from './channels';

/**
 * The External API channel (spec 04 sections 3.4, 5, 7.1, 9; issue 13): a bot's API keys, its
 * conversation timeout, and the Bot Framework Direct Line 3.0 endpoint its keys open
 * (docs/external-api.md).
 */

/** The channel's entry of the catalogue, as conversations store it. */
export const EXTERNAL_API_CHANNEL = { id: 'api', name: CHANNELS.api.name } as const;

/** Where Direct Line clients talk to Parley, under PUBLIC_URL: their `domain`. */
export const DIRECT_LINE_PATH = '/v3/directline';

/** The conversation timeout (conversationIdLifeTime), in seconds: shown in minutes, sent in seconds (spec 04 section 9). */
export const API_CONVERSATION_LIFETIME = {
  defaultSeconds: 3600,
  minSeconds: 60,
  maxSeconds: 7 * 24 * 3600,
  /** The dialog's unit: minutes, times 60 when sent. */
  secondsPerUnit: 60,
} as const;

/** A bot holds at most this many keys (locked ones too): enough to rotate, few enough to keep track of. */
export const MAX_API_KEYS_PER_BOT = 20;

/** A key's id: 16 hex digits, part of the key itself (`prl_<keyId>_<secret>`). */
export const API_KEY_ID_PATTERN = /^[0-9a-f]{16}$/;

export const EXTERNAL_API_MESSAGES = {
  deleteConfirm: 'Are you sure you want to delete this Access Key?',
  updateFailed: 'Could not update keys',
  keyIdInvalid: 'A key id is 16 hexadecimal digits.',
  unknownKey: 'This bot has no such API key.',
  tooManyKeys: `A bot has at most ${MAX_API_KEYS_PER_BOT} API keys. Delete one you no longer use first.`,
  expiresOnDate: 'API keys do not expire on a date: lock or delete a key to stop it.',
  lifetime: `The conversation timeout is a whole number of seconds from ${API_CONVERSATION_LIFETIME.minSeconds} to ${API_CONVERSATION_LIFETIME.maxSeconds} (${API_CONVERSATION_LIFETIME.maxSeconds / 60} minutes).`,
  isLocked: 'isLocked must be true or false.',
} as const;

export const apiKeyIdSchema = z
  .string({ message: EXTERNAL_API_MESSAGES.keyIdInvalid })
  .regex(API_KEY_ID_PATTERN, EXTERNAL_API_MESSAGES.keyIdInvalid);

/** POST /api/external/{bot}/api-key/generate. */
export const generateApiKeyBodySchema = z
  .strictObject({
    expiresOnDate: z.literal(false, { message: EXTERNAL_API_MESSAGES.expiresOnDate }).default(false),
  })
  .default({ expiresOnDate: false });
export type GenerateApiKeyBody = z.infer<typeof generateApiKeyBodySchema>;

export const conversationLifetimeSchema = z
  .number({ message: EXTERNAL_API_MESSAGES.lifetime })
  .int(EXTERNAL_API_MESSAGES.lifetime)
  .min(API_CONVERSATION_LIFETIME.minSeconds, EXTERNAL_API_MESSAGES.lifetime)
  .max(API_CONVERSATION_LIFETIME.maxSeconds, EXTERNAL_API_MESSAGES.lifetime);

/** PUT /api/external/{bot}/api-key/update: keys to lock or unlock, and the conversation timeout in seconds. */
export const updateApiKeysBodySchema = z.strictObject({
  apiKeys: z
    .record(z.string(), z.strictObject({ isLocked: z.boolean({ message: EXTERNAL_API_MESSAGES.isLocked }) }))
    .superRefine((keys, ctx) => {
      const ids = Object.keys(keys);
      const bad = ids.find((id) => !API_KEY_ID_PATTERN.test(id));
      if (bad !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: EXTERNAL_API_MESSAGES.keyIdInvalid,
          path: [bad.slice(0, 40)],
        });
      else if (ids.length > MAX_API_KEYS_PER_BOT)
        ctx.addIssue({ code: 'custom', message: EXTERNAL_API_MESSAGES.unknownKey });
    })
    .default({}),
  conversationIdLifeTime: conversationLifetimeSchema.optional(),
});
export type UpdateApiKeysBody = z.infer<typeof updateApiKeysBodySchema>;

/** The answer of generate: the key, shown this once. */
export interface GeneratedApiKey {
  apiKey: string;
  keyId: string;
  isLocked: boolean;
}

/** A key as the dialog lists it: never the key, only a hint of its end. */
export interface ApiKeyView {
  keyId: string;
  /** The key's last characters, as '…k3Xz'. */
  hint: string;
  isLocked: boolean;
  createdAt: string;
}

/** GET /api/external/{bot}/api-keys: the dialog's content. */
export interface ExternalApiSettingsView {
  apiKeys: ApiKeyView[];
  /** Seconds. */
  conversationIdLifeTime: number;
  /** The Direct Line endpoint clients use as their `domain`: {PUBLIC_URL}/v3/directline. */
  directLineUrl: string;
}

/**
 * GET /api/bots/{bot}/bcr (spec 02 section 7, 'keys with externalApiKeys'): the bot's Direct Line
 * registration as a client needs it to open a conversation with the bot: its keys by id (hints,
 * never the keys), the conversation timeout and the endpoint.
 */
export interface BotChannelRegistrationView {
  externalApiKeys: Record<string, { keyId: string; apiKey: string; isLocked: boolean }>;
  /** Seconds. */
  conversationIdLifeTime: number;
  directLineUrl: string;
}
