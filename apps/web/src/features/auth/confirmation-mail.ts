import { MESSAGES } from '@parley/contracts';
import { handleApiError } from '../../api/error-reactions';
import { popup } from '../../ui';
import { sendConfirmationMail } from './api/auth-api';

/**
 * Signing in to an account whose e-mail is not confirmed yet (spec 01 section 8: the dialog asks
 * to accept the mailbox invitation): says where the link went and offers to send it again.
 */
export async function offerConfirmationMail(email: string): Promise<void> {
  const wantsItAgain = await popup.confirm({
    title: MESSAGES.accountNotConfirmed,
    text: MESSAGES.accountNotConfirmedMail(email),
    actionText: MESSAGES.sendConfirmationAgain,
    cancelText: MESSAGES.popups.defaultAction,
  });
  if (!wantsItAgain) return;
  try {
    await sendConfirmationMail(email);
    void popup.info({ title: MESSAGES.confirmationSentTitle, text: MESSAGES.confirmationSentText(email) });
  } catch (error) {
    handleApiError(error);
  }
}
