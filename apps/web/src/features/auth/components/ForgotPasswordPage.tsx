import { isValidEmail, MESSAGES } from '@parley/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button, popup, TextField } from '../../../ui';
import { requestResetEmail } from '../api/password-api';
import { AuthLayout } from './AuthLayout';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [isSending, setIsSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const userId = email.trim();
    if (!isValidEmail(userId)) {
      void popup.error({ title: MESSAGES.forgot.invalidTitle, text: MESSAGES.forgot.invalidText });
      return;
    }
    setIsSending(true);
    try {
      const { status } = await requestResetEmail(userId);
      if (status === 204) setEmail('');
    } catch {
      // Swallowed on purpose: the answer must not reveal whether an account exists.
    }
    setIsSending(false);
    void popup.info({ title: MESSAGES.forgot.importantTitle, text: MESSAGES.forgot.importantText });
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle={MESSAGES.forgot.hint}
      footer={<Link to="/login">Back to login</Link>}
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoFocus
        />
        <Button type="submit" isFullWidth isLoading={isSending}>
          {MESSAGES.forgot.button}
        </Button>
      </form>
    </AuthLayout>
  );
}
