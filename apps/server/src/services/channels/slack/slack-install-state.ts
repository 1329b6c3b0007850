import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context';

/** How long an 'Add to Slack' link works: the dialog may stay open a while before the click. */
export const SLACK_INSTALL_STATE_HOURS = 24;

const hmac = (ctx: AppContext, claim: string) =>
  createHmac('sha256', ctx.config.jwtSecret).update(`slack-install:${claim}`).digest('base64url');

/**
 * OAuth's state of an 'Add to Slack' link: names the bot (its webhook id) until it expires, signed
 * with the server's secret, so the redirect stores a token only for the bot whose dialog made the
 * link, and only while the link is fresh.
 */
export function slackInstallState(ctx: AppContext, webhookId: string, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + SLACK_INSTALL_STATE_HOURS * 3600;
  const claim = `${webhookId}.${expires}`;
  return `${Buffer.from(claim).toString('base64url')}.${hmac(ctx, claim)}`;
}

/** Whether a state came from slackInstallState for this webhook id and has not expired. */
export function isSlackInstallState(
  ctx: AppContext,
  state: string,
  webhookId: string,
  nowMs = Date.now(),
): boolean {
  if (state.length > 300) return false;
  const [encoded, signature, extra] = state.split('.');
  if (!encoded || !signature || extra !== undefined) return false;
  const claim = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(hmac(ctx, claim));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const at = claim.lastIndexOf('.');
  const named = claim.slice(0, at);
  const expires = Number(claim.slice(at + 1));
  return at > 0 && named === webhookId && Number.isFinite(expires) && expires * 1000 > nowMs;
}
