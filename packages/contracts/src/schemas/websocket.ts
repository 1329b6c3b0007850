import { z } from 'zod';
import type { SyncProgressView } from './synchronization-model';

/**
 * The websocket gateway (/ws). A client connects with `?app=parley&token=<base64 of the
 * platform token>` (spec 01 section 7) and then receives server messages; it may send
 * client messages. Both directions are discriminated by `type`.
 */
export { WEBSOCKET_APP_NAME, WEBSOCKET_CLOSE, WEBSOCKET_PATH, type WebsocketUrl } from './websocket-protocol';

export const tenantsChangedMessageSchema = z.object({
  type: z.literal('tenants:changed'),
  tenantId: z.string(),
  change: z.enum(['created', 'deleted']),
});
export type TenantsChangedMessage = z.infer<typeof tenantsChangedMessageSchema>;

/** A provider's publishing progress (spec 02 section 4 'sync:progress-state'). */
export const syncProgressStateMessageSchema = z.object({
  type: z.literal('sync:progress-state'),
  botName: z.string(),
  provider: z.string(),
  syncId: z.string(),
  progress: z.custom<SyncProgressView>((value) => typeof value === 'object' && value !== null),
});

/** Messages the server sends. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connected'), userId: z.string() }),
  tenantsChangedMessageSchema,
  syncProgressStateMessageSchema,
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** Messages a client may send; anything else is answered with an error message. */
export const clientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
