import type { UserInfo } from '@parley/contracts';
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronUpDownIcon, KeyIcon, LogoutIcon } from '../../ui';
import { ChangePasswordDialog } from './ChangePasswordDialog';

const CLOSE_DELAY_MS = 200;

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts.at(-1)] : [parts[0]];
  return letters.map((part) => part?.charAt(0).toUpperCase() ?? '').join('') || '?';
}

/**
 * The profile hover box (spec 01 section 1): name, current tenant, plan and e-mail, the
 * password change for platform accounts, and logout. Opens on hover, focus or click.
 */
export function ProfileMenu({ user }: { user: UserInfo }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const boxId = useId();

  const open = () => {
    window.clearTimeout(closeTimer.current);
    setIsOpen(true);
  };
  const closeSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setIsOpen(false), CLOSE_DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) closeSoon();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setIsOpen(false);
    }
  };

  return (
    <div
      className="profile"
      onMouseEnter={open}
      onMouseLeave={closeSoon}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {isOpen && (
        <section className="profile__box" id={boxId} aria-label="Profile">
          <div className="profile__identity">
            <p className="profile__name">{user.name}</p>
            <p className="profile__email">{user.id}</p>
          </div>
          <dl className="profile__facts">
            <div>
              <dt>Account</dt>
              <dd>{user.selectedTenant.displayName}</dd>
            </div>
            <div>
              <dt>Plan</dt>
              <dd>{user.selectedTenant.planName || '—'}</dd>
            </div>
          </dl>
          <div className="profile__actions">
            {user.identity === 'platform' && (
              <button
                type="button"
                className="profile__action"
                onClick={() => {
                  setIsOpen(false);
                  setIsChangingPassword(true);
                }}
              >
                <KeyIcon />
                Change password
              </button>
            )}
            <Link to="/logout" className="profile__action">
              <LogoutIcon />
              Log out
            </Link>
          </div>
        </section>
      )}
      <button
        type="button"
        className="profile__trigger"
        aria-expanded={isOpen}
        aria-controls={isOpen ? boxId : undefined}
        onClick={() => setIsOpen((current) => !current)}
        onFocus={open}
      >
        <span className="profile__avatar" aria-hidden="true">
          {initialsOf(user.name)}
        </span>
        <span className="profile__summary">
          <span className="profile__trigger-name">{user.name}</span>
          <span className="profile__trigger-email">{user.id}</span>
        </span>
        <ChevronUpDownIcon className="profile__chevron" />
      </button>
      {isChangingPassword && <ChangePasswordDialog onClose={() => setIsChangingPassword(false)} />}
    </div>
  );
}
