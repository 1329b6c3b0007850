import { z } from 'zod';

/**
 * The parts of an Alexa request envelope (ask-sdk-model RequestEnvelope) Parley reads, checked:
 * a request is signed by Amazon, but its shape is still the platform's, not ours.
 */
const idSchema = z.string().min(1).max(1000);
const applicationSchema = z.object({ applicationId: idSchema });
const userSchema = z.object({ userId: idSchema });

const slotSchema = z.object({
  name: z.string().max(200),
  value: z.string().max(4000).optional(),
});

const requestBase = {
  requestId: idSchema,
  timestamp: z.string().max(100),
  locale: z.string().max(20).optional(),
};

const alexaRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LaunchRequest'), ...requestBase }),
  z.object({
    type: z.literal('IntentRequest'),
    ...requestBase,
    intent: z.object({
      name: z.string().min(1).max(200),
      slots: z.record(z.string(), slotSchema).optional(),
    }),
  }),
  z.object({
    type: z.literal('SessionEndedRequest'),
    ...requestBase,
    reason: z.string().max(100).optional(),
  }),
]);

/** Requests of other interfaces (audio player, APL, skill events): answered, never a turn. */
const otherRequestSchema = z.object({ type: z.string().max(200), ...requestBase });

export const alexaEnvelopeSchema = z.object({
  version: z.string().max(20),
  session: z
    .object({
      new: z.boolean().optional(),
      sessionId: idSchema.optional(),
      application: applicationSchema.optional(),
      attributes: z.record(z.string(), z.unknown()).optional(),
      user: userSchema.optional(),
    })
    .optional(),
  context: z
    .object({
      System: z.object({ application: applicationSchema.optional(), user: userSchema.optional() }).optional(),
    })
    .optional(),
  request: z.union([alexaRequestSchema, otherRequestSchema]),
});
export type AlexaEnvelope = z.infer<typeof alexaEnvelopeSchema>;
export type AlexaRequest = z.infer<typeof alexaRequestSchema>;

/** The skill the request is for: the context's, else the session's (both carry it). */
export const applicationIdOf = (envelope: AlexaEnvelope) =>
  envelope.context?.System?.application?.applicationId ?? envelope.session?.application?.applicationId;

export const userIdOf = (envelope: AlexaEnvelope) =>
  envelope.context?.System?.user?.userId ?? envelope.session?.user?.userId;

/** The request as one Parley answers, or undefined for another interface's request. */
export const knownRequestOf = (envelope: AlexaEnvelope): AlexaRequest | undefined => {
  const parsed = alexaRequestSchema.safeParse(envelope.request);
  return parsed.success ? parsed.data : undefined;
};

/** The session attribute the options the bot last read out travel in (Alexa echoes attributes back). */
export const OFFERED_OPTIONS_ATTRIBUTE = 'parleyOptions';

/** The options the bot offered in this session's previous answer, if any. */
export function offeredOptionsOf(envelope: AlexaEnvelope): string[] {
  const parsed = z
    .array(z.string().max(1000))
    .max(50)
    .safeParse(envelope.session?.attributes?.[OFFERED_OPTIONS_ATTRIBUTE]);
  return parsed.success ? parsed.data : [];
}
