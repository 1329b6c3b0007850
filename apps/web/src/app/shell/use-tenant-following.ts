import { MESSAGES } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onTenantFollowed } from '../../api/tenant-in-view';
import { USER_INFO_KEY } from '../../features/account/hooks/use-current-user';
import { popup } from '../../ui';

/**
 * When the tenant was switched in another tab, window or device, this tab follows it as a switch
 * here would (spec 01 section 4 'Tenant switch': to /, the user info loaded again) and says why,
 * instead of showing one tenant while its calls reach another.
 */
export function useTenantFollowing(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onTenantFollowed(({ name, isShownGone }) => {
        navigate('/');
        // Everything cached belongs to the tenant shown before: stale, read again by the screens
        // that show next (not by the ones being left, whose bot may not exist in this tenant).
        void queryClient.invalidateQueries({ refetchType: 'none' });
        void queryClient.refetchQueries({ queryKey: USER_INFO_KEY });
        const { title, goneTitle, text, gone } = MESSAGES.tenantSwitched;
        void popup.warning(
          isShownGone ? { title: goneTitle, text: gone(name) } : { title, text: text(name) },
        );
      }),
    [navigate, queryClient],
  );
}
