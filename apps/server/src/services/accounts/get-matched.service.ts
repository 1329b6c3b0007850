import { AppError, MESSAGES, validationError } from '@parley/contracts';
import { normaliseEmail } from '@parley/db';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';

/**
 * POST /api/users/get-match-email: the Hire-an-expert 'Get Matched' button mails support
 * (SUPPORT_EMAIL) who is asking and for which tenant, so an expert can reply to them.
 */
export async function sendGetMatchedMail(
  ctx: AppContext,
  principal: Principal,
  userId: string,
): Promise<void> {
  if (normaliseEmail(userId) !== principal.user.id)
    throw validationError('userId', MESSAGES.admin.onlyOwnMatchRequest);
  const tenant = await ctx.repos.tenants.get(principal.tenantId);
  const { user } = principal;
  try {
    await ctx.mailer.send({
      to: ctx.config.supportEmail,
      subject: `Get Matched: ${user.name} (${tenant?.displayName ?? principal.tenantId})`,
      text: [
        'A Parley user asks to be matched with an expert.',
        '',
        `Name: ${user.name}`,
        `E-mail: ${user.id}`,
        `Tenant: ${tenant?.displayName ?? ''} (${principal.tenantId})`,
      ].join('\n'),
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'Get Matched mail could not be delivered');
    throw new AppError(
      'configuration_error',
      `${MESSAGES.getMatched.errorTitle}: ${MESSAGES.getMatched.errorText}`,
      {},
      502,
    );
  }
}
