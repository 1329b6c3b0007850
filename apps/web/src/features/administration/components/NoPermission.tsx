import { MESSAGES } from '@parley/contracts';
import { EmptyState, KeyIcon } from '../../../ui';

/** What a non-administrator sees on an administrator screen (spec 01 section 2). */
export function NoPermission() {
  return (
    <EmptyState icon={<KeyIcon />} title={MESSAGES.accessDenied} description={MESSAGES.admin.noPermission} />
  );
}
