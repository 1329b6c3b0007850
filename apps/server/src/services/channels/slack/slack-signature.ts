import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's replay window: a request signed longer ago than this is refused. */
export const SLACK_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

export const SLACK_SIGNATURE_MESSAGES = {
  missing: 'The request has no Slack signature.',
  stale: 'The Slack request timestamp is too old or in the future.',
  wrong: 'The Slack signature does not match.',
  noSecret: 'The Slack signing secret is not set for this bot.',
} as const;

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * Slack's request signing (api.slack.com/authentication/verifying-requests-from-slack):
 * X-Slack-Signature is 'v0=' and the hex HMAC-SHA256, keyed with the app's signing secret, of
 * 'v0:{X-Slack-Request-Timestamp}:{the exact body}'. Answers why a request is refused, or
 * undefined when it is Slack's.
 */
export function slackSignatureProblem(
  signingSecret: unknown,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  nowMs = Date.now(),
): string | undefined {
  if (typeof signingSecret !== 'string' || signingSecret === '') return SLACK_SIGNATURE_MESSAGES.noSecret;
  const timestamp = header(headers['x-slack-request-timestamp']);
  const signature = header(headers['x-slack-signature']);
  if (!timestamp || !signature) return SLACK_SIGNATURE_MESSAGES.missing;
  if (!/^\d{1,12}$/.test(timestamp)) return SLACK_SIGNATURE_MESSAGES.stale;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_SIGNATURE_MAX_AGE_SECONDS)
    return SLACK_SIGNATURE_MESSAGES.stale;
  const expected = Buffer.from(slackSignatureOf(signingSecret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? undefined
    : SLACK_SIGNATURE_MESSAGES.wrong;
}

/** The signature Slack sends with a body at a timestamp. */
export function slackSignatureOf(signingSecret: string, timestamp: string, body: Buffer | string): string {
  const hmac = createHmac('sha256', signingSecret);
  hmac.update(`v0:${timestamp}:`);
  hmac.update(body);
  return `v0=${hmac.digest('hex')}`;
}
