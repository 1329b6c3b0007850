import type { UserInfo } from '@parley/contracts';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import {
  BookIcon,
  BotIcon,
  BuildingIcon,
  cx,
  ExternalIcon,
  InboxIcon,
  SettingsIcon,
  SparklesIcon,
} from '../../ui';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Opens in a new tab (the guide). */
  isExternal?: boolean;
}

/** The main navigation with its gates (spec 01 sections 1 and 6). */
export function navItemsFor(user: UserInfo): NavItem[] {
  return [
    { label: 'Bots', to: '/bots', icon: <BotIcon /> },
    ...(user.canAnswerHandovers ? [{ label: 'Agent inbox', to: '/inbox', icon: <InboxIcon /> }] : []),
    ...(user.canSeeLLMs ? [{ label: 'LLMs', to: '/llms', icon: <SparklesIcon /> }] : []),
    { label: 'Guide', to: '/user-manual', icon: <BookIcon />, isExternal: true },
    ...(user.canSeeAdminPage ? [{ label: 'Admin', to: '/configuration', icon: <SettingsIcon /> }] : []),
    ...(user.isMasterTenantAdmin
      ? [{ label: 'Tenants', to: '/master-configuration', icon: <BuildingIcon /> }]
      : []),
  ];
}

export function MainNav({ user }: { user: UserInfo }) {
  return (
    <nav className="main-nav" aria-label="Main">
      <ul>
        {navItemsFor(user).map((item) => (
          <li key={item.to}>
            {item.isExternal ? (
              <a className="main-nav__link" href={item.to} target="_blank" rel="noopener noreferrer">
                {item.icon}
                <span>{item.label}</span>
                <ExternalIcon className="main-nav__external" aria-label="(opens in a new tab)" />
              </a>
            ) : (
              <NavLink
                to={item.to}
                className={({ isActive }) => cx('main-nav__link', isActive && 'main-nav__link--active')}
              >
                {item.icon}
                <span>{item.label}</span>
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
