import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useCurrentUser } from '../../features/account/hooks/use-current-user';
import { Logo } from '../../ui';
import { PageLoader } from '../PageLoader';
import { HireExpertBox } from './HireExpertBox';
import { MainNav } from './MainNav';
import { ProfileMenu } from './ProfileMenu';
import { TenantSwitcher } from './TenantSwitcher';
import { useTenantFollowing } from './use-tenant-following';
import './shell.css';

/** The frame of every signed-in page: the sidebar with navigation and profile, and the page. */
export function AppShell() {
  const { data: user } = useCurrentUser();
  useTenantFollowing();
  return (
    <div className="shell">
      <aside className="shell__sidebar">
        <Link to="/bots" className="shell__logo" aria-label="Parley home">
          <Logo />
        </Link>
        {user ? (
          <>
            <TenantSwitcher user={user} />
            <MainNav user={user} />
            <div className="shell__spacer" />
            <HireExpertBox user={user} />
            <ProfileMenu user={user} />
          </>
        ) : (
          <PageLoader label="Loading your account" />
        )}
      </aside>
      <main className="shell__main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
