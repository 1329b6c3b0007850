import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';

/** Per-user switches of the editor (auto-publish, auto-validation); they follow the person across tenants. */
export type UserPreference = 'autoPublish' | 'autoValidation';

export async function readPreference(
  ctx: AppContext,
  principal: Principal,
  key: UserPreference,
): Promise<boolean> {
  const user = await ctx.repos.users.get(principal.user.id);
  return user?.[key] ?? false;
}

export async function writePreference(
  ctx: AppContext,
  principal: Principal,
  key: UserPreference,
  value: boolean,
): Promise<boolean> {
  await ctx.repos.users.update(principal.user.id, { [key]: value });
  await ctx.principals.announce({ userIds: [principal.user.id] });
  return value;
}
