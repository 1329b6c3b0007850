import { MESSAGES, type UserInfo } from '@parley/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendGetMatchEmail } from '../../features/account/api/account-api';
import { Button, popup } from '../../ui';

/** The Hire-an-expert box: 'Get Matched' asks the server to send the matching mail. */
export function HireExpertBox({ user }: { user: UserInfo }) {
  const getMatched = useMutation({
    mutationFn: () => sendGetMatchEmail(user.id),
    meta: { handlesErrors: true },
    onSuccess: () => popup.info({ title: MESSAGES.getMatched.success }),
    onError: () =>
      popup.error({ title: MESSAGES.getMatched.errorTitle, text: MESSAGES.getMatched.errorText }),
  });
  return (
    <section className="hire-expert" aria-labelledby="hire-expert-title">
      <h2 id="hire-expert-title" className="hire-expert__title">
        Hire an expert
      </h2>
      <p className="hire-expert__text">Get matched with an experienced bot builder for your project.</p>
      <Button
        variant="secondary"
        size="sm"
        isFullWidth
        isLoading={getMatched.isPending}
        onClick={() => getMatched.mutate()}
      >
        Get Matched
      </Button>
    </section>
  );
}
