import { describe, expect, test } from 'vitest';
import type { AppContext } from '../../../context';
import { isSlackInstallState, SLACK_INSTALL_STATE_HOURS, slackInstallState } from './slack-install-state';

const ctx = { config: { jwtSecret: 'state-test-secret-state-test-secret-0123' } } as AppContext;
const otherServer = { config: { jwtSecret: 'another-server-secret-another-secret-01' } } as AppContext;

describe("the state of an 'Add to Slack' link", () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  const state = slackInstallState(ctx, 'webhook-1', now);

  test('holds for its bot until it expires', () => {
    expect(isSlackInstallState(ctx, state, 'webhook-1', now + 60_000)).toBe(true);
    expect(
      isSlackInstallState(ctx, state, 'webhook-1', now + SLACK_INSTALL_STATE_HOURS * 3_600_000 + 1000),
    ).toBe(false);
  });

  test("is refused for another bot, from another server's secret, or altered", () => {
    expect(isSlackInstallState(ctx, state, 'webhook-2', now)).toBe(false);
    expect(isSlackInstallState(otherServer, state, 'webhook-1', now)).toBe(false);
    const [claim, signature] = state.split('.');
    const later = Buffer.from(`webhook-1.${Math.floor(now / 1000) + 10 * 365 * 86_400}`).toString(
      'base64url',
    );
    expect(isSlackInstallState(ctx, `${later}.${signature}`, 'webhook-1', now)).toBe(false);
    expect(isSlackInstallState(ctx, `${claim}.${signature}.x`, 'webhook-1', now)).toBe(false);
    expect(isSlackInstallState(ctx, '', 'webhook-1', now)).toBe(false);
  });
});
