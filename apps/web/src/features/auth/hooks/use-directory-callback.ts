import { MESSAGES } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../../api/error-reactions';
import { clearSession, saveSession, saveUser } from '../../../api/session';
import { popup } from '../../../ui';
import { fetchUserInfo, USER_INFO_KEY } from '../../account';
import { useHashError } from './use-hash-error';

function takeHashToken(): string | undefined {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? undefined;
  if (token) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return token;
}

/**
 * The directory sign-in comes back to /login#token=... or /login#error=CODE. The token is
 * stored (and wiped from the address bar at once), then the user info is loaded; an error
 * code shows the login error with the catalogue's text. Answers whether a token is being used.
 */
export function useDirectoryCallback(): boolean {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const error = useHashError();
  const [token] = useState(takeHashToken);

  useEffect(() => {
    if (error?.code === 'tenant_not_confirmed_code')
      void popup.error({ title: MESSAGES.accountNotConfirmed, text: MESSAGES.accountNotConfirmedText });
    else if (error) void popup.error({ title: MESSAGES.loginErrorTitle, text: error.message });
  }, [error]);

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    saveSession(token, null);
    fetchUserInfo()
      .then((user) => {
        if (!isCurrent) return;
        saveUser(user);
        queryClient.setQueryData(USER_INFO_KEY, user);
        navigate('/bots', { replace: true });
      })
      .catch((failure: unknown) => {
        clearSession();
        handleApiError(failure);
      });
    return () => {
      isCurrent = false;
    };
  }, [token, navigate, queryClient]);

  return Boolean(token);
}
