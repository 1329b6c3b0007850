import { z } from 'zod';
import { hasControlCharacters } from '../validators';
import {
  DEFAULT_SNIPPET_SETTINGS,
  SNIPPET_LIMITS as L,
  SNIPPET_MESSAGES as M,
  normalisedOrigin,
  SNIPPET_CHAT_SCREENS,
  SNIPPET_POSITIONS,
  snippetOriginProblem,
} from './snippet-model';

export * from './snippet-model';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const snippetNameSchema = z
  .string(M.nameMissing)
  .trim()
  .min(1, M.nameMissing)
  .max(L.nameMaxLength, M.nameTooLong)
  .refine((v) => !hasControlCharacters(v), M.nameMissing);

/** An allowed origin: only the origin part of an http(s) URL, stored as the URL's origin. */
export const snippetOriginSchema = z
  .string(M.invalidUrl)
  .max(300, M.originOnly)
  .superRefine((value, ctx) => {
    const problem = snippetOriginProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalisedOrigin);

export const popupMessageSchema = z.object({
  message: z
    .string(M.popupMessageMissing)
    .trim()
    .min(1, M.popupMessageMissing)
    .max(L.popupMessageMaxLength, `A popup message has at most ${L.popupMessageMaxLength} characters.`),
  delay: z
    .number(M.popupDelay)
    .min(0, M.popupDelay)
    .max(L.popupDelayMaxSeconds, `A popup message shows at most ${L.popupDelayMaxSeconds} seconds in.`),
});

const color = z.string(M.colorInvalid).regex(HEX_COLOR, M.colorInvalid);

/**
 * The settings a save may change (all but the two images, which only their uploads set). Each is
 * optional: a save sends what the form holds and the rest keeps its stored value.
 */
export const snippetSettingsBodySchema = z
  .object({
    title: z.string().trim().max(L.titleMaxLength, `A title has at most ${L.titleMaxLength} characters.`),
    defaultChatScreen: z.enum(SNIPPET_CHAT_SCREENS),
    position: z.enum(SNIPPET_POSITIONS),
    hasMicButton: z.boolean(),
    isMainColor: z.boolean(),
    mainColor: color,
    isMainTextColor: z.boolean(),
    mainTextColor: color,
    hasButton: z.boolean(),
    hasUploadButton: z.boolean(),
    hasPopupMessages: z.boolean(),
    showNotificationMessage: z.boolean(),
    popupMessages: z
      .array(popupMessageSchema)
      .max(L.popupMessages, `A chat bubble has at most ${L.popupMessages} popup messages.`),
  })
  .partial()
  .strict();
export type SnippetSettingsBody = z.infer<typeof snippetSettingsBodySchema>;

const originsSchema = z
  .array(snippetOriginSchema)
  .max(L.origins, `A chat bubble allows at most ${L.origins} origins.`)
  .transform((origins) => [...new Set(origins)]);

const descriptionSchema = z
  .string()
  .max(L.descriptionMaxLength, `A description has at most ${L.descriptionMaxLength} characters.`);

/** POST /api/bots/{bot}/snippets. */
export const createSnippetBodySchema = z
  .object({
    name: snippetNameSchema,
    description: descriptionSchema.optional(),
    allowedOrigins: originsSchema.optional(),
    settings: snippetSettingsBodySchema.optional(),
  })
  .strict();
export type CreateSnippetBody = z.infer<typeof createSnippetBodySchema>;

/** PUT /api/bots/{bot}/snippets/{name}: what is sent changes, the rest stays. */
export const updateSnippetBodySchema = z
  .object({
    description: descriptionSchema.optional(),
    allowedOrigins: originsSchema.optional(),
    settings: snippetSettingsBodySchema.optional(),
  })
  .strict();
export type UpdateSnippetBody = z.infer<typeof updateSnippetBodySchema>;

/** PUT /api/bots/{bot}/snippets/{name}/name. */
export const renameSnippetBodySchema = z.object({ newName: snippetNameSchema }).strict();
export type RenameSnippetBody = z.infer<typeof renameSnippetBodySchema>;

/** POST /api/widget/{token}/conversations. */
export const widgetConversationBodySchema = z
  .object({
    code: z.string().min(1).max(100),
    visitorKey: z.string().max(200).optional(),
    conversationId: z.string().max(100).optional(),
    startNew: z.boolean().optional(),
    /** The page's language (its lang attribute or the browser's): a new conversation's, when the bot has it. */
    // Any text is taken (a page's lang attribute may hold anything); one the bot lacks means its default.
    language: z.string().max(35).optional(),
  })
  .strict();

/** Stored settings read back: anything missing or malformed takes its default. */
export function readSnippetSettings(stored: unknown): typeof DEFAULT_SNIPPET_SETTINGS {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const parsed = snippetSettingsBodySchema
    .strip()
    .safeParse(
      Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'avatar' && key !== 'bubbleIcon')),
    );
  const imageId = (v: unknown) => (typeof v === 'string' && /^[a-f0-9-]{36}$/.test(v) ? v : null);
  return {
    ...DEFAULT_SNIPPET_SETTINGS,
    ...(parsed.success ? parsed.data : {}),
    avatar: imageId(value.avatar),
    bubbleIcon: imageId(value.bubbleIcon),
  };
}
