import type { OutboxMail } from '@parley/db';
import { createInvitationCode } from '../../src/services/accounts/bootstrap.service';
import { pollUntil } from './poll-until';
import type { TestServer } from './test-server';

/** Signs up a platform user with an organisation of their own, through the public sign-up. */
export async function signUpUser(
  server: TestServer,
  email: string,
  password: string,
  name = 'Pat Person',
): Promise<void> {
  const invitationCode = await createInvitationCode(server.ctx.repos, 'new-tenant', {
    requiresConfirmation: false,
  });
  const response = await server.request({
    method: 'POST',
    url: '/api/users/signup',
    body: {
      userData: {
        identity: 'platform',
        invitationCode,
        name,
        // Tenant names are unique: each sign-up its own organisation.
        organization: `${name} Org ${crypto.randomUUID().slice(0, 8)}`,
        workEmail: email,
        password,
        confirmPassword: password,
      },
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
}

/**
 * Waits until the outbox holds `count` mails for an address (optionally only those with a
 * subject): mail goes out after the answer.
 */
export async function waitForOutbox(
  server: TestServer,
  to: string,
  count: number,
  options: { subject?: string; timeoutMs?: number } = {},
): Promise<OutboxMail[]> {
  return pollUntil(
    `${count} mails to ${to}`,
    async () =>
      (await server.ctx.repos.outbox.listFor(to)).filter(
        (m) => options.subject === undefined || m.subject === options.subject,
      ),
    (mails) => mails.length >= count,
    { timeoutMs: options.timeoutMs ?? 5000, intervalMs: 20 },
  );
}

export const RESET_SUBJECT = 'Reset your Parley password';

/** The password reset mails to an address, once there are `count` of them. */
export const waitForResetMails = (server: TestServer, to: string, count: number) =>
  waitForOutbox(server, to, count, { subject: RESET_SUBJECT });

/** The reset token of the link in a mail's text. */
export function resetTokenIn(text: string, publicUrl = 'http://parley.test'): string {
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/password/reset/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${text}`);
  return match[1];
}
