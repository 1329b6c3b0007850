import type { UserInfo } from '@parley/contracts';
import { Banner, Spinner } from '../../../../ui';
import { usePermissionsData, useTenant } from '../../hooks/use-admin-queries';
import { DeleteAccountCard } from './DeleteAccountCard';
import { SecretKeyCard } from './SecretKeyCard';
import { TenantSettingsCard } from './TenantSettingsCard';
import './general.css';

/** The General tab: tenant settings, the secret key and, for master administrators, deletion. */
export function GeneralTab({ user }: { user: UserInfo }) {
  const tenant = useTenant();
  const permissions = usePermissionsData();

  if (tenant.isPending) {
    return (
      <div className="admin-loading">
        <Spinner label="Loading settings" />
      </div>
    );
  }
  if (tenant.isError) return <Banner tone="error">The account settings could not be loaded.</Banner>;

  // The master tenant itself can never be deleted, so it offers no deletion.
  const isDeletable =
    user.isMasterTenantAdmin && !!permissions.data && permissions.data.masterTenant !== tenant.data.id;

  return (
    <div className="admin-section admin-section--cards">
      <TenantSettingsCard
        key={`${tenant.data.id}-${tenant.data.displayName}-${tenant.data.email}`}
        tenant={tenant.data}
      />
      <SecretKeyCard tenant={tenant.data} />
      {isDeletable && <DeleteAccountCard tenant={tenant.data} />}
    </div>
  );
}
