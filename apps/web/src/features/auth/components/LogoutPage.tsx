import { MESSAGES } from '@parley/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../ui';
import { endSession } from '../end-session';
import { AuthLayout } from './AuthLayout';

/** Spec 01 section 9: the logout screen moves on after 3000 ms. */
export const LOGOUT_REDIRECT_MS = 3000;

/**
 * Logs out, then after the spec's 3 s goes to / or, for a directory user, to the directory's
 * logout, which comes back to /login (spec 01 section 4).
 */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let isCurrent = true;
    const ended = endSession();
    const wait = new Promise((resolve) => window.setTimeout(resolve, LOGOUT_REDIRECT_MS));
    void Promise.all([ended, wait]).then(([directoryLogoutUrl]) => {
      if (!isCurrent) return;
      if (directoryLogoutUrl) window.location.assign(directoryLogoutUrl);
      else navigate('/', { replace: true });
    });
    return () => {
      isCurrent = false;
    };
  }, [navigate]);

  return (
    <AuthLayout>
      <div className="auth__loading" role="status">
        <Spinner label="" />
        <p>{MESSAGES.logout}</p>
      </div>
    </AuthLayout>
  );
}
