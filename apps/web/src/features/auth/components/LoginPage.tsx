import { type IdentityValue, MESSAGES, PRODUCT_NAME } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { saveSession } from '../../../api/session';
import { pathAfterLogin } from '../../../app/after-login';
import { Banner, BuildingIcon, Button, PasswordField, popup, Spinner, TextField } from '../../../ui';
import { USER_INFO_KEY } from '../../account';
import { logIn } from '../api/auth-api';
import { offerConfirmationMail } from '../confirmation-mail';
import { useAuthMethods } from '../hooks/use-auth-methods';
import { useDirectoryCallback } from '../hooks/use-directory-callback';
import { AuthLayout } from './AuthLayout';
import { LEGAL_PAGES } from './legal-pages';

function ConfirmationBanner() {
  const [params] = useSearchParams();
  const confirmed = params.get('confirmed');
  if (confirmed === '1') {
    return (
      <Banner tone="info" title="Your account is confirmed">
        You can sign in now.
      </Banner>
    );
  }
  if (confirmed === '0') {
    return (
      <Banner tone="warning" title="This confirmation link is not valid">
        It has expired or has already been used.
      </Banner>
    );
  }
  return null;
}

function PasswordLoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: logIn,
    meta: { handlesErrors: true },
    onSuccess: ({ user, token }) => {
      saveSession(token, user);
      queryClient.setQueryData(USER_INFO_KEY, user);
      navigate(pathAfterLogin(searchParams.get('next')));
    },
    onError: (error) => {
      if (isApiError(error) && error.is('tenant_not_confirmed_code')) {
        void offerConfirmationMail(email.trim());
        return;
      }
      void popup.error({
        title: MESSAGES.loginErrorTitle,
        text: isApiError(error) ? error.message : MESSAGES.noServerConnection,
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ userId: email.trim(), password });
  };

  return (
    <form className="auth__form" onSubmit={submit} noValidate>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoFocus
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="auth__row">
        <span />
        <Link to="/forgot-password">Forgot password?</Link>
      </div>
      <Button type="submit" isFullWidth isLoading={login.isPending}>
        Sign in
      </Button>
    </form>
  );
}

function DirectoryLoginButton({ url }: { url: string | undefined }) {
  return (
    <Button
      variant="secondary"
      isFullWidth
      icon={<BuildingIcon />}
      disabled={!url}
      onClick={() => url && window.location.assign(url)}
    >
      Sign in with directory account
    </Button>
  );
}

function LoginMethods() {
  const methods = useAuthMethods();
  const [chosen, setChosen] = useState<IdentityValue | null>(null);

  if (methods.isPending) {
    return (
      <div className="auth__loading">
        <Spinner label="Loading sign-in options" />
      </div>
    );
  }
  if (methods.isError) {
    return <Banner tone="error">{MESSAGES.noServerConnection}</Banner>;
  }

  const offered = methods.data.methods;
  const hasDirectory = offered.includes('microsoft');
  // The password form is the default only when the directory method is not offered.
  const shown: IdentityValue = chosen ?? (hasDirectory ? 'microsoft' : 'platform');
  const other: IdentityValue = shown === 'platform' ? 'microsoft' : 'platform';

  return (
    <>
      {shown === 'platform' ? (
        <PasswordLoginForm />
      ) : (
        <DirectoryLoginButton url={methods.data.directoryLoginUrl} />
      )}
      {offered.length > 1 && (
        <>
          <div className="auth__divider">or</div>
          <button type="button" className="auth__switch" onClick={() => setChosen(other)}>
            {other === 'platform' ? 'Use email and password instead' : 'Use a directory account instead'}
          </button>
        </>
      )}
    </>
  );
}

export function LoginPage() {
  const isUsingDirectoryToken = useDirectoryCallback();
  return (
    <AuthLayout
      title={`Sign in to ${PRODUCT_NAME}`}
      subtitle="Welcome back. Sign in to build and run your bots."
      footer={
        <>
          <span>
            Have an invitation code? <Link to="/signup">Create an account</Link>
          </span>
          <Link to="/user-manual">User manual</Link>
        </>
      }
    >
      <ConfirmationBanner />
      {isUsingDirectoryToken ? (
        <div className="auth__loading">
          <Spinner label="" />
          <span>Signing you in…</span>
        </div>
      ) : (
        <LoginMethods />
      )}
      <p className="auth__notice">
        By signing in you accept the <Link to={LEGAL_PAGES.eula}>end-user licence agreement</Link>.
      </p>
    </AuthLayout>
  );
}
