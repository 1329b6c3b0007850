import { LogLevel, WebClient } from '@slack/web-api';
import type { AppContext } from '../../../context';

/** How long a Slack Web API call may take before it counts as failed (and is tried again later). */
const SLACK_CALL_TIMEOUT_MS = 10_000;

/**
 * Slack's official Web API client, at the configured Slack API address (a test's stand-in). It
 * neither retries nor waits out rate limits itself: a refused message goes to the delivery job,
 * which tries again without holding a request open.
 */
export function slackClient(ctx: AppContext, token?: string): WebClient {
  return new WebClient(token, {
    slackApiUrl: ctx.config.platforms.slackApi,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: SLACK_CALL_TIMEOUT_MS,
    logLevel: LogLevel.ERROR,
  });
}

/** Slack's error code of a refused call ('invalid_auth'), or undefined for other failures. */
export function slackErrorOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { code?: unknown; data?: { error?: unknown } }).data;
  return typeof data?.error === 'string' ? data.error : undefined;
}
