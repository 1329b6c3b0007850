import { MESSAGES, type TenantView } from '@parley/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../../../api/error-reactions';
import { Button, Card, popup, TrashIcon } from '../../../../ui';
import { endSession } from '../../../auth';
import { isSessionError } from '../../api/server-message';
import { deleteAccount } from '../../api/tenant-api';
import { ScreenBlocker } from './ScreenBlocker';

/**
 * Account deletion (master administrators; spec 01 sections 2, 4 and 8): after a confirmation
 * the screen is blocked while the server deletes; on 200 the user is logged out and sent to /,
 * on an error the screen unblocks with the spec's message.
 */
export function DeleteAccountCard({ tenant }: { tenant: TenantView }) {
  const navigate = useNavigate();
  const [isDeleting, setIsDeleting] = useState(false);

  const requestDeletion = async () => {
    const isConfirmed = await popup.confirm({
      title: 'Delete this account?',
      text: `${tenant.displayName} is deleted with its memberships, roles, bot roles and log. Users left without any account are deleted too. This cannot be undone.`,
      actionText: 'Delete account',
      isDanger: true,
    });
    if (!isConfirmed) return;
    setIsDeleting(true);
    let status: number | undefined;
    try {
      status = (await deleteAccount(tenant.id)).status;
    } catch (error) {
      if (isSessionError(error)) {
        handleApiError(error);
        return;
      }
    }
    if (status === 200) {
      void endSession();
      navigate('/', { replace: true });
      return;
    }
    setIsDeleting(false);
    void popup.error({ title: MESSAGES.plainErrorTitle, text: MESSAGES.admin.accountDeletionError });
  };

  return (
    <Card
      className="danger-zone"
      title="Delete account"
      description="Deletes this account for everyone in it. Only master administrators may do this."
      actions={
        <Button variant="danger" icon={<TrashIcon />} onClick={requestDeletion}>
          Delete account
        </Button>
      }
    >
      {isDeleting && <ScreenBlocker label={`Deleting ${tenant.displayName}...`} />}
    </Card>
  );
}
