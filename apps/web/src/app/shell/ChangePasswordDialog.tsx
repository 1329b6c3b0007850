import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { handleApiError } from '../../api/error-reactions';
import { requestPasswordChange } from '../../features/account/api/account-api';
import { Button, Modal, PasswordField } from '../../ui';

/**
 * Change password, step one: the current password. The server answers the reset screen's
 * address with a fresh token, where the new password is chosen.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [currentPassword, setCurrentPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const change = useMutation({
    mutationFn: requestPasswordChange,
    meta: { handlesErrors: true },
    onSuccess: ({ url }) => {
      const target = new URL(url, window.location.origin);
      if (target.origin === window.location.origin) navigate(target.pathname + target.search);
      else window.location.assign(target.href);
    },
    onError: (failure) => {
      // A wrong current password is the field's error; anything else is for the global handler.
      if (isApiError(failure) && (failure.is('validation_error') || failure.is('unauthorised_error_code'))) {
        setError(failure.message);
      } else {
        handleApiError(failure);
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword) {
      setError('Please enter your current password.');
      return;
    }
    change.mutate(currentPassword);
  };

  return (
    <Modal
      title="Change password"
      description="Confirm your current password. You will then choose a new one."
      onClose={onClose}
      isDirty={currentPassword.length > 0}
      size="sm"
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="change-password-form" isLoading={change.isPending}>
            Continue
          </Button>
        </>
      )}
    >
      <form id="change-password-form" onSubmit={submit} noValidate>
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          error={error}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
