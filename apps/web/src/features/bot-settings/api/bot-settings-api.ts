import {
  AVATAR_FIELD,
  type BotDetails,
  type GeneralSettingsBody,
  type SystemMessagesBody,
} from '@parley/contracts';
import { toApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { getToken } from '../../../api/session';
import { uploadFile } from '../../bot-content/api/upload-file';
import { botsApiPath } from '../../bot-content/content-paths';

/**
 * The General Settings and System Messages calls (paths of our own: the spec does not show
 * them; docs/decisions.md 'Bot settings: General and System Messages'). Each save answers the
 * bot as GET /api/bots/{bot} does.
 */

export const saveGeneralSettings = (botName: string, body: GeneralSettingsBody) =>
  api.put<BotDetails>(`${botsApiPath(botName)}/settings/general`, body);

export const saveSystemMessages = (botName: string, body: SystemMessagesBody) =>
  api.put<BotDetails>(`${botsApiPath(botName)}/settings/system-messages`, body);

/** PUT /api/bots/{bot}/avatar: the image as the multipart field `avatar`. */
export const uploadBotAvatar = (botName: string, file: File) =>
  uploadFile<BotDetails>(`${botsApiPath(botName)}/avatar`, AVATAR_FIELD, file, 'PUT');

export const removeBotAvatar = (botName: string) => api.delete<BotDetails>(`${botsApiPath(botName)}/avatar`);

/** GET /api/bots/{bot}/avatar as an image the page can show (an <img> cannot send the token). */
export async function fetchBotAvatar(botName: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${botsApiPath(botName)}/avatar`, {
    headers: token ? { AuthToken: token } : {},
    signal,
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the default kind
    }
    throw toApiError(response.status, body);
  }
  return response.blob();
}
