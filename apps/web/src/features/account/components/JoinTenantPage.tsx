import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { Banner, Button, Card, PageHeader, Spinner } from '../../../ui';
import { acceptInvitation, fetchInvitation } from '../api/account-api';
import { USER_INFO_KEY } from '../hooks/use-current-user';
import './join-tenant.css';

const isUnusable = (error: unknown): error is Error => isApiError(error) && error.status === 404;

/**
 * /join?token=...: the mailed invitation to work in another account (tenant). The signed-in
 * owner of the invited address accepts it; anything else reads as an unusable invitation.
 */
export function JoinTenantPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    enabled: token !== '',
    retry: false,
    meta: { handlesErrors: true },
  });
  const accept = useMutation({
    mutationFn: (tenant: { tenantId: string; name: string }) => acceptInvitation(token, tenant),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      await queryClient.refetchQueries({ queryKey: USER_INFO_KEY });
      navigate('/bots', { replace: true });
    },
    onError: (error) => {
      if (!isUnusable(error)) handleApiError(error);
    },
  });

  // A used, expired or foreign invitation is shown here; other failures go to the app's handler.
  useEffect(() => {
    if (invitation.error && !isUnusable(invitation.error)) handleApiError(invitation.error);
  }, [invitation.error]);
  const failure = [invitation.error, accept.error].find(isUnusable);
  const refusal = failure ? failure.message : undefined;
  return (
    <div className="join-tenant">
      <PageHeader title="Join an account" />
      {token === '' || refusal ? (
        <Banner tone="warning" title={refusal ?? 'This link has no invitation in it.'} />
      ) : invitation.isPending ? (
        <Spinner label="Loading the invitation" />
      ) : invitation.data ? (
        <Card
          title={`Join ${invitation.data.tenantName}`}
          description={`${invitation.data.invitedBy} invited you to work in ${invitation.data.tenantName} with the User role. Your password and your other accounts stay as they are.`}
        >
          <div className="join-tenant__actions">
            <Button variant="secondary" onClick={() => navigate('/bots')} disabled={accept.isPending}>
              Not now
            </Button>
            <Button
              onClick={() =>
                accept.mutate({ tenantId: invitation.data.tenantId, name: invitation.data.tenantName })
              }
              isLoading={accept.isPending}
            >
              Join {invitation.data.tenantName}
            </Button>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
