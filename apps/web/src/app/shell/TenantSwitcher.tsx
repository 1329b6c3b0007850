import type { UserInfo } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { selectTenant } from '../../features/account/api/account-api';
import { USER_INFO_KEY } from '../../features/account/hooks/use-current-user';
import { CheckIcon, ChevronUpDownIcon, cx, Spinner } from '../../ui';

/**
 * Switches the selected tenant (only offered with more than one visible tenant): closes the
 * selector, tells the server, goes to / and loads the user info again.
 */
export function TenantSwitcher({ user }: { user: UserInfo }) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const switchTenant = useMutation({
    mutationFn: selectTenant,
    onSuccess: async () => {
      navigate('/');
      // Everything cached belongs to the old tenant.
      await queryClient.invalidateQueries();
      await queryClient.refetchQueries({ queryKey: USER_INFO_KEY });
    },
  });

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [isOpen]);

  if (user.visibleTenants.length <= 1) return null;

  const choose = (tenantId: string) => {
    setIsOpen(false);
    if (tenantId !== user.selectedTenantId) switchTenant.mutate(tenantId);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setIsOpen(false);
    }
  };

  return (
    <div className="tenant-switcher" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="tenant-switcher__trigger"
        aria-haspopup="true"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-label={`Account: ${user.selectedTenant.displayName}. Switch account`}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="tenant-switcher__avatar" aria-hidden="true">
          {user.selectedTenant.displayName.slice(0, 1).toUpperCase()}
        </span>
        <span className="tenant-switcher__name">{user.selectedTenant.displayName}</span>
        {switchTenant.isPending ? <Spinner size="sm" label="Switching account" /> : <ChevronUpDownIcon />}
      </button>
      {isOpen && (
        <ul className="tenant-switcher__list" id={listId} aria-label="Switch account">
          {user.visibleTenants.map((tenant) => {
            const isSelected = tenant.id === user.selectedTenantId;
            return (
              <li key={tenant.id}>
                <button
                  type="button"
                  className={cx('tenant-switcher__option', isSelected && 'tenant-switcher__option--selected')}
                  aria-current={isSelected || undefined}
                  onClick={() => choose(tenant.id)}
                >
                  <span>{tenant.displayName}</span>
                  {isSelected && <CheckIcon />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
