import type { ReactNode } from 'react';
import { Banner, Spinner } from '../../../ui';
import { FEATURES_UI as M } from '../features-messages';

/** A sub-tab's loading and failure states, then its form; a banner says when it is read-only. */
export function FeatureState({
  isLoading,
  error,
  canEdit,
  permission,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  canEdit: boolean;
  permission: number;
  children: ReactNode;
}) {
  if (error) return <Banner tone="error">{error instanceof Error ? error.message : M.loadFailed}</Banner>;
  if (isLoading) return <Spinner label={M.loading} />;
  return (
    <>
      {!canEdit && <Banner className="features__read-only">{M.readOnly(permission)}</Banner>}
      {children}
    </>
  );
}
