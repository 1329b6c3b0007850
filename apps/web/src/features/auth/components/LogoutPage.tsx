import { MESSAGES } from '@parley/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../ui';
import { endSession } from '../end-session';
import { AuthLayout } from './AuthLayout';

/** Spec 01 section 9: the logout screen moves on after 3000 ms. */
export const LOGOUT_REDIRECT_MS = 3000;

export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    endSession();
    const timer = window.setTimeout(() => navigate('/', { replace: true }), LOGOUT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
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
