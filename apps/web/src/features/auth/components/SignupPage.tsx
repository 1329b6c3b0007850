import { type IdentityValue, MESSAGES, type SignupResult } from '@parley/contracts';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { Button, buttonClassName, PasswordField, popup, Spinner, SuccessIcon, TextField } from '../../../ui';
import { signUp } from '../api/auth-api';
import { useAuthMethods } from '../hooks/use-auth-methods';
import { useHashError } from '../hooks/use-hash-error';
import {
  browserCountryName,
  type SignupErrors,
  type SignupFields,
  signupHeading,
  validateSignup,
} from '../signup-form';
import { AuthLayout } from './AuthLayout';
import { LEGAL_PAGES } from './legal-pages';

/** 'Account created': with 'Check your email' only when a mail must confirm the account. */
function SignupSuccess({ requiresConfirmation }: { requiresConfirmation: boolean }) {
  return (
    <div className="auth__result" role="status">
      <span className="auth__result-icon">
        <SuccessIcon />
      </span>
      <h2 className="auth__title">{MESSAGES.signup.accountCreated}</h2>
      <p className="auth__subtitle">
        {requiresConfirmation ? MESSAGES.signup.checkEmail : MESSAGES.signup.readyToSignIn}
      </p>
      <Link to="/login" className={buttonClassName('primary', 'md', true)}>
        Go to login
      </Link>
    </div>
  );
}

export function SignupPage() {
  const [params] = useSearchParams();
  const activationEmail = params.get('activation_email');
  const methods = useAuthMethods();
  const canUseDirectory = methods.data?.methods.includes('microsoft') ?? false;

  const [identity, setIdentity] = useState<IdentityValue>('platform');
  const [fields, setFields] = useState<SignupFields>(() => ({
    invitationCode: params.get('invitationCode') ?? '',
    name: '',
    organization: '',
    workEmail: activationEmail ?? '',
    password: '',
    confirmPassword: '',
  }));
  const [errors, setErrors] = useState<SignupErrors>({});
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<{ requiresConfirmation: boolean }>();
  const country = useMemo(browserCountryName, []);

  // A directory sign-up that failed at the provider or on our side comes back here.
  const directoryError = useHashError();
  useEffect(() => {
    if (directoryError) void popup.error({ title: MESSAGES.signup.errorTitle, text: directoryError.message });
  }, [directoryError]);

  const isDirectory = identity === 'microsoft';
  const bind = (name: keyof SignupFields) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setFields((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(fields, identity);
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setIsCreating(true);
    try {
      const { status, data } = await signUp({
        identity,
        invitationCode: fields.invitationCode.trim(),
        name: fields.name.trim(),
        organization: fields.organization.trim(),
        workEmail: fields.workEmail.trim(),
        country,
        ...(isDirectory ? {} : { password: fields.password, confirmPassword: fields.confirmPassword }),
        customPlanName: params.get('prod_name'),
        couponId: params.get('coupon_id'),
      });
      if (identity === 'platform' && status === 200) {
        setCreated({ requiresConfirmation: (data as SignupResult).requiresConfirmation });
      } else if (typeof data === 'string') {
        // The directory (or another non-password) flow continues at the address the server gives.
        window.location.assign(data);
        return;
      }
    } catch (error) {
      const message = isApiError(error) ? error.message : MESSAGES.noServerConnection;
      if (isApiError(error) && error.is('validation_error')) {
        const fieldName = error.data.fieldName as keyof SignupFields | undefined;
        if (fieldName && fieldName in fields) setErrors((current) => ({ ...current, [fieldName]: message }));
      }
      void popup.error({ title: MESSAGES.signup.errorTitle, text: message });
    }
    setIsCreating(false);
  };

  const footer = (
    <>
      <span>
        Already have an account? <Link to="/login">Sign in</Link>
      </span>
      <Link to={LEGAL_PAGES.terms}>Terms of service</Link>
      <Link to={LEGAL_PAGES.privacy}>Privacy policy</Link>
      <Link to={LEGAL_PAGES.eula}>End-user licence agreement</Link>
    </>
  );

  if (created) {
    return (
      <AuthLayout footer={footer} width="md">
        <SignupSuccess requiresConfirmation={created.requiresConfirmation} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={signupHeading(params)}
      subtitle="Get instant access to a large ecosystem of chat and voicebot technology and start building within 5 minutes."
      footer={footer}
      width="md"
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <TextField label="Invitation code" autoComplete="off" {...bind('invitationCode')} />
        <div className="auth__grid">
          <TextField label="Name" autoComplete="name" {...bind('name')} />
          <TextField label="Organization name" autoComplete="organization" {...bind('organization')} />
        </div>
        <TextField
          label={isDirectory ? 'Directory account email' : 'Work email'}
          type="email"
          autoComplete="email"
          disabled={Boolean(activationEmail)}
          {...bind('workEmail')}
        />
        {!isDirectory && (
          <div className="auth__grid">
            <PasswordField label="Password" autoComplete="new-password" {...bind('password')} />
            <PasswordField
              label="Re-enter password"
              autoComplete="new-password"
              {...bind('confirmPassword')}
            />
          </div>
        )}
        {isCreating ? (
          <div className="auth__loading" aria-live="polite">
            <Spinner label="Creating your account" />
          </div>
        ) : (
          <Button type="submit" isFullWidth>
            {isDirectory ? MESSAGES.signup.signUpWithDirectory : MESSAGES.signup.createAccount}
          </Button>
        )}
        {canUseDirectory && !isCreating && (
          <button
            type="button"
            className="auth__switch"
            onClick={() => {
              setIdentity(isDirectory ? 'platform' : 'microsoft');
              setErrors({});
            }}
          >
            {isDirectory ? 'Sign up with email and password instead' : 'Use a directory account instead'}
          </button>
        )}
      </form>
    </AuthLayout>
  );
}
