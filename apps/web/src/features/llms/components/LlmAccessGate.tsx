import { LLM_MESSAGES } from '@parley/contracts';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '../../../app/PageLoader';
import { popup } from '../../../ui';
import { useCurrentUser } from '../../account';

/**
 * The LLM screens are for callers with canSeeLLMs (spec 01 sections 1 and 6, spec 04 section 6):
 * anyone else reaching the address goes to the bots with 'You do not have permission'. The gate
 * waits for the fresh user info, so a role changed since sign-in counts.
 */
export function LlmAccessGate({ children }: { children: ReactNode }) {
  const { data: user, dataUpdatedAt, isError } = useCurrentUser();
  const isRefused = !!user && (dataUpdatedAt > 0 || isError) && !user.canSeeLLMs;
  useEffect(() => {
    if (isRefused) void popup.warning({ title: LLM_MESSAGES.noPermission });
  }, [isRefused]);
  if (!user || (dataUpdatedAt === 0 && !isError)) return <PageLoader />;
  if (isRefused) return <Navigate to="/bots" replace />;
  return children;
}
