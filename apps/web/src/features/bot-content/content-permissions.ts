import { Permission } from '@parley/contracts';

/** What the caller may do with a bot's intents and entities (spec 02 section 6). */
export interface ContentPermissions {
  canManageIntents: boolean;
  canExportIntents: boolean;
  canManageEntities: boolean;
  canExportEntities: boolean;
  /** Flow activation (spec 03 section 6): to the test channel, and to every channel. */
  canActivateFlowsToTest: boolean;
  canActivateFlowsToProduction: boolean;
}

/** PublishIntentsAndEntities allows editing both too. */
export function contentPermissions(permissions: readonly number[]): ContentPermissions {
  const has = (id: number) => permissions.includes(id);
  const canPublish = has(Permission.PublishIntentsAndEntities);
  return {
    canManageIntents: has(Permission.ManageIntents) || canPublish,
    canExportIntents: has(Permission.ExportIntents),
    canManageEntities: has(Permission.ManageEntities) || canPublish,
    canExportEntities: has(Permission.ExportEntities),
    canActivateFlowsToTest: has(Permission.PublishFlowsToTest),
    canActivateFlowsToProduction: has(Permission.PublishFlowsToProduction),
  };
}
