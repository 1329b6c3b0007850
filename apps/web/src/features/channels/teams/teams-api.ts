import { api } from '../../../api/client';
import { BOT_KEYS } from '../../bots';

/** GET /api/teams/{botName}/bot/add-url (spec 04 section 7.1): the 'Add to Teams' link, once enabled. */
export const readTeamsAddUrl = (botName: string, signal?: AbortSignal) =>
  api.get<{ url: string }>(`/api/teams/${encodeURIComponent(botName)}/bot/add-url`, signal);

export const teamsAddUrlKey = (botName: string, appId: string) => [
  ...BOT_KEYS.bot(botName),
  'teams-add-url',
  appId,
];
