import { isLongEnoughPassword, MESSAGES } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { handleApiError } from '../../../api/error-reactions';
import { Button, PasswordField, popup, Spinner } from '../../../ui';
import { checkResetLink, resetPassword } from '../api/password-api';
import { endSession } from '../end-session';
import { AuthLayout } from './AuthLayout';

interface ResetErrors {
  newPassword?: string;
  confirmPassword?: string;
}

function validate(newPassword: string, confirmPassword: string): ResetErrors {
  const errors: ResetErrors = {};
  if (!isLongEnoughPassword(newPassword)) errors.newPassword = MESSAGES.reset.passwordTooShort;
  if (newPassword !== confirmPassword) errors.confirmPassword = MESSAGES.reset.passwordsMustMatch;
  return errors;
}

/** An answer from the server about the link itself (404 and the like) means it is invalid. */
const isInvalidLink = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Once the password is changed the link is spent: it must not be checked again.
  const [isChanged, setIsChanged] = useState(false);
  const link = useQuery({
    queryKey: ['password-reset-link', id],
    queryFn: () => checkResetLink(id),
    enabled: !isChanged,
    meta: { handlesErrors: true },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    if (!link.isError) return;
    if (!isInvalidLink(link.error)) {
      handleApiError(link.error);
      return;
    }
    void popup
      .error({
        title: MESSAGES.reset.invalidLinkTitle,
        text: MESSAGES.reset.invalidLinkText,
        actionText: MESSAGES.reset.leavePage,
      })
      .then(() => navigate('/login', { replace: true }));
  }, [link.isError, link.error, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(newPassword, confirmPassword);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsSaving(true);
    try {
      const isChanged = await resetPassword(id, newPassword);
      setIsSaving(false);
      if (!isChanged) {
        void popup.error({ title: MESSAGES.reset.falsyTitle, text: MESSAGES.reset.falsyText });
        return;
      }
      setIsChanged(true);
      await popup.info({
        title: MESSAGES.reset.changedTitle,
        text: MESSAGES.reset.changedText,
        actionText: 'Login',
      });
      // A new password means a new sign-in: this device's old session ends here.
      void endSession();
      navigate('/login', { replace: true });
    } catch {
      setIsSaving(false);
      void popup.error({ title: MESSAGES.reset.falsyTitle, text: MESSAGES.reset.exceptionText });
    }
  };

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a password of at least 8 characters."
      footer={<Link to="/login">Back to login</Link>}
    >
      {link.isSuccess || isChanged ? (
        <form className="auth__form" onSubmit={submit} noValidate>
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            error={errors.newPassword}
            onChange={(event) => {
              setNewPassword(event.target.value);
              setErrors((current) => ({ ...current, newPassword: undefined }));
            }}
            autoFocus
          />
          <PasswordField
            label="Re-enter new password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            error={errors.confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              setErrors((current) => ({ ...current, confirmPassword: undefined }));
            }}
          />
          <Button type="submit" isFullWidth isLoading={isSaving}>
            {MESSAGES.reset.button}
          </Button>
        </form>
      ) : (
        link.isPending && (
          <div className="auth__loading">
            <Spinner label="Checking the reset link" />
          </div>
        )
      )}
    </AuthLayout>
  );
}
