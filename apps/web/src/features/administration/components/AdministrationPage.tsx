import { MESSAGES, type UserInfo } from '@parley/contracts';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../app/PageLoader';
import { PageHeader, Tabs } from '../../../ui';
import { useCurrentUser } from '../../account';
import { MasterPanel } from '../../tenants';
import {
  ADMIN_BASE_PATH,
  ADMIN_PAGE_LABELS,
  type AdminMode,
  type AdminPage,
  defaultPageOf,
  isAdminPage,
  isBuiltAdminPage,
  tabSetFor,
} from './admin-pages';
import { BotsTab } from './bots/BotsTab';
import { GeneralTab } from './general/GeneralTab';
import { LlmProvidersTab } from './llm-providers/LlmProvidersTab';
import { NoPermission } from './NoPermission';
import { RolesTab } from './roles/RolesTab';
import { UsersTab } from './users/UsersTab';
import './administration.css';

function AccountPanel({ page, user }: { page: AdminPage; user: UserInfo }) {
  if (page === 'bots') return <BotsTab user={user} />;
  if (page === 'users') return <UsersTab user={user} />;
  if (page === 'roles') return <RolesTab />;
  if (page === 'general') return <GeneralTab user={user} />;
  if (page === 'llm-providers') return <LlmProvidersTab />;
  return null;
}

/**
 * /configuration/{page?} and /master-configuration/{page?}: the tab set of the caller's role,
 * the page segment following the selected tab. Gates wait for the fresh user info, so a role
 * changed since sign-in counts.
 */
function AdministrationPage({ mode }: { mode: AdminMode }) {
  const { data: user, dataUpdatedAt, isError } = useCurrentUser();
  const { page } = useParams();
  const navigate = useNavigate();

  if (!user || (dataUpdatedAt === 0 && !isError)) return <PageLoader />;
  if (mode === 'master' && !user.isMasterTenantAdmin) return <Navigate to="/" replace />;

  const heading = mode === 'master' ? MESSAGES.admin.tenantHeading : MESSAGES.admin.accountHeading;
  const description =
    mode === 'master'
      ? 'The tenants of this platform and the people in them.'
      : user.isTenantAdmin
        ? `Bots, users, roles and settings of ${user.selectedTenant.displayName}.`
        : `Who holds a role on your bots of ${user.selectedTenant.displayName}.`;
  const tabs = tabSetFor(mode, user);
  const fallback = defaultPageOf(mode, tabs);
  if (!fallback) {
    return (
      <div className="administration">
        <PageHeader title={heading} />
        <NoPermission />
      </div>
    );
  }
  // A page that does not exist is a 404; one this caller may not open falls back to their first tab.
  if (page !== undefined && !isBuiltAdminPage(page)) return <Navigate to="/404" replace />;
  if (!isAdminPage(page) || !tabs.includes(page)) {
    return <Navigate to={`${ADMIN_BASE_PATH[mode]}/${fallback}`} replace />;
  }

  return (
    <div className="administration">
      <PageHeader title={heading} description={description} />
      <Tabs
        label={heading}
        tabs={tabs.map((id) => ({ id, label: ADMIN_PAGE_LABELS[id] }))}
        selectedId={page}
        onSelect={(id) => navigate(`${ADMIN_BASE_PATH[mode]}/${id}`)}
      >
        {mode === 'master' ? (
          <MasterPanel page={page} user={user} />
        ) : (
          <AccountPanel page={page} user={user} />
        )}
      </Tabs>
    </div>
  );
}

export function AccountAdministrationPage() {
  return <AdministrationPage mode="account" />;
}

export function TenantAdministrationPage() {
  return <AdministrationPage mode="master" />;
}
