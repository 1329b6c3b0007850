import {
  AVATAR_FIELD,
  type BotDetails,
  type GeneralSettingsBody,
  type SystemMessagesBody,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { fetchFile } from '../../../api/download-file';
import { uploadFile } from '../../../api/upload-file';
import { botsApiPath } from '../../bots';

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
export const fetchBotAvatar = (botName: string, signal?: AbortSignal): Promise<Blob> =>
  fetchFile(`${botsApiPath(botName)}/avatar`, { signal });
