import type { CHANNEL_KEYS, ChannelPlatform, ConnectableChannelId } from '@parley/contracts';
import type { ChannelPlugin } from './channel-plugin';
import type { MessagingPlatform } from './messaging/messaging-platform';

// biome-ignore lint/suspicious/noExplicitAny: each plug-in has its own platform's message types.
export type AnyChannelPlugin = ChannelPlugin<any, any>;

/** Plug-ins by the catalogue id each one is for. */
export type PluginsOf<C extends ConnectableChannelId> = { [Id in C]: AnyChannelPlugin & { id: Id } };

/** The catalogue channels a platform's keys connect (contracts CHANNEL_KEYS). */
export type ChannelsOfPlatform<P extends ChannelPlatform> = (typeof CHANNEL_KEYS)[P]['channels'][number];

/** The platform whose keys connect a channel; never for a web channel (Chat Bubble, API). */
export type PlatformOfChannel<C extends ConnectableChannelId> = {
  [P in ChannelPlatform]: C extends ChannelsOfPlatform<P> ? P : never;
}[ChannelPlatform];

/** The channels Parley runs whose settings are no platform's keys (Chat Bubble, API). */
export type WebChannelId = {
  [C in ConnectableChannelId]: [PlatformOfChannel<C>] extends [never] ? C : never;
}[ConnectableChannelId];

/**
 * A messaging platform (issue 14): its keys and what saving them does, its routes, and the
 * plug-in of every catalogue channel its keys connect.
 */
export interface MessagingPlatformDeclaration<P extends ChannelPlatform> extends MessagingPlatform {
  id: P;
  keys: (typeof CHANNEL_KEYS)[P];
  channels: PluginsOf<ChannelsOfPlatform<P>>;
}

/** A web channel: its settings are the bot's own (no keys) and its routes are the app's. */
export interface WebPlatformDeclaration<C extends WebChannelId> {
  id?: never;
  keys?: never;
  channels: PluginsOf<C>;
}

/** What the platform table (channel-platforms.ts) asks of the platform that runs channel C. */
export type PlatformRunning<C extends ConnectableChannelId> = C extends WebChannelId
  ? WebPlatformDeclaration<C>
  : MessagingPlatformDeclaration<PlatformOfChannel<C>>;

/**
 * One channel platform, declared once: the plug-ins of its catalogue channels and, for a
 * messaging platform, its keys (contracts CHANNEL_KEYS), what saving them does with the platform
 * and its own routes (inbound webhooks and extra calls). The table in channel-platforms.ts lists
 * it under each catalogue channel it runs; the plug-ins, the keys calls and the webhook routes are
 * all derived from that table, so a platform missing a part does not compile.
 *
 * @example
 * export const examplePlatform = definePlatform({
 *   id: 'example', // its name in CHANNEL_KEYS
 *   keys: EXAMPLE_KEYS,
 *   channels: { example: exampleChannel }, // every channel EXAMPLE_KEYS.channels names
 *   async afterSave(ctx, keys) { await checkWithExample(ctx, keys); return { isValidated: true }; },
 *   routes: (app, ctx) => exampleWebhookRoutes(app, ctx, examplePlatform),
 * });
 * // channel-platforms.ts: example: examplePlatform; the web app: its dialog in ChannelDialog.tsx.
 */
export function definePlatform<const P extends ChannelPlatform>(
  declaration: MessagingPlatformDeclaration<P>,
): MessagingPlatformDeclaration<P>;
export function definePlatform<const C extends WebChannelId>(
  declaration: WebPlatformDeclaration<C>,
): WebPlatformDeclaration<C>;
export function definePlatform(
  declaration: MessagingPlatformDeclaration<ChannelPlatform> | WebPlatformDeclaration<WebChannelId>,
) {
  return declaration;
}
