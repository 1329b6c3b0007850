import { type HandoverBotView, Permission } from '@parley/contracts';
import type { Bot } from '@parley/db';
import type { Principal } from '../../auth/principal';

/**
 * Who answers a bot's handed-over conversations: account administrators (every permission),
 * and users whose role on the bot holds Answer handed-over conversations (60).
 */
export async function mayAnswerHandovers(principal: Principal, botId: string): Promise<boolean> {
  if (principal.isTenantAdmin) return (await principal.scope.bots.getById(botId)) !== undefined;
  const held = await principal.scope.botRoles.permissionsOn(principal.user.id, botId);
  return held.includes(Permission.AnswerHandovers);
}

/** The bots of the selected tenant whose handed-over conversations the caller answers (two queries for a user). */
export async function botsAnswered(principal: Principal): Promise<Bot[]> {
  const bots = await principal.scope.bots.list();
  if (principal.isTenantAdmin) return bots;
  const [held, roles] = await Promise.all([
    principal.scope.botRoles.forUser(principal.user.id),
    principal.scope.roles.list(),
  ]);
  const answering = new Set(
    roles.filter((role) => role.permissions.includes(Permission.AnswerHandovers)).map((role) => role.roleId),
  );
  const botIds = new Set(held.filter((h) => answering.has(h.roleId)).map((h) => h.botId));
  return bots.filter((bot) => botIds.has(bot.id));
}

export const handoverBotView = (bot: Bot): HandoverBotView => ({
  botId: bot.id,
  botName: bot.botName,
  displayName: bot.displayName,
});
