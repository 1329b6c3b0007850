import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context';

/** How long a file link the bot sends stays valid: platforms fetch at once, users may open it later. */
export const CHANNEL_FILE_LINK_DAYS = 7;

const hmac = (ctx: AppContext, text: string) =>
  createHmac('sha256', ctx.config.jwtSecret).update(`channel-file:${text}`).digest('base64url');

/**
 * A public URL of one of the bot's block files, for platforms that fetch files by URL (Telegram,
 * Facebook, Twilio, Slack): signed with the server's secret and time-limited, so a link names one
 * file of one bot and nothing else can be read through it.
 */
export function channelFileUrl(ctx: AppContext, tenantId: string, botId: string, fileId: string): string {
  const expires = Math.floor(Date.now() / 1000) + CHANNEL_FILE_LINK_DAYS * 86_400;
  const claim = `${tenantId}.${botId}.${fileId}.${expires}`;
  return `${ctx.config.publicUrl}/api/channel-files/${Buffer.from(claim).toString('base64url')}.${hmac(ctx, claim)}`;
}

/** The file a link names, when its signature holds and it has not expired. */
export function fileOfLink(
  ctx: AppContext,
  token: string,
): { tenantId: string; botId: string; fileId: string } | undefined {
  if (token.length > 600) return undefined;
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return undefined;
  const claim = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(hmac(ctx, claim));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const [tenantId, botId, fileId, expires] = claim.split('.');
  if (!tenantId || !botId || !fileId || !expires || Number(expires) * 1000 < Date.now()) return undefined;
  return { tenantId, botId, fileId };
}
