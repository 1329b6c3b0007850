import type { PermissionId } from '@parley/contracts';

/**
 * What a route needs, declared on the route itself (`config: { access }`) and enforced by the
 * one guard in guard.ts. Every route must declare it; a route without one fails at start-up.
 */
export type Access =
  | 'public'
  | 'authenticated'
  | 'tenantAdmin'
  | 'masterAdmin'
  /** Any role on the bot named by the route parameter `bot` (or `botName`): reading a bot. */
  | 'botMember'
  /**
   * A permission on the bot named by the route parameter `bot` (or `botName`); given a list,
   * any one of them will do (editing intents: ManageIntents or PublishIntentsAndEntities).
   */
  | { botPermission: PermissionId | readonly PermissionId[] }
  /**
   * A permission held on some bot of the tenant (or being its administrator): tenant-wide areas
   * a bot role opens, such as LLMs (spec 04 section 6); given a list, any one of them will do.
   */
  | { tenantPermission: PermissionId | readonly PermissionId[] };

/** The permissions a bot permission rule accepts, as a list. */
export const acceptedPermissions = (
  rule:
    | { botPermission: PermissionId | readonly PermissionId[] }
    | { tenantPermission: PermissionId | readonly PermissionId[] },
): readonly PermissionId[] => {
  const accepted = 'botPermission' in rule ? rule.botPermission : rule.tenantPermission;
  return typeof accepted === 'number' ? [accepted] : accepted;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
