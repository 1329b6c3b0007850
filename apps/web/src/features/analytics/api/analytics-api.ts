import { type ChatRatingView, UTTERANCES_FILE_NAME, type WebWidgetView } from '@parley/contracts';
import { api } from '../../../api/client';
import { fetchFile, saveFile } from '../../../api/download-file';

const botPath = (botName: string) => `/api/bots/${encodeURIComponent(botName)}`;

/** The dashboard's calls (spec 02 section 7 'Analytics and statistics'). */
export const fetchWebWidget = (botName: string, signal?: AbortSignal) =>
  api.get<WebWidgetView>(`${botPath(botName)}/web-widget`, signal);

export const fetchRatings = (botName: string, month: number, year: number, signal?: AbortSignal) =>
  api.get<ChatRatingView[]>(`${botPath(botName)}/conversation/ratings/${month}/${year}`, signal);

/** GET /api/utterances: a blob, saved as utterances.csv. */
export const downloadUtterances = async (botName: string) =>
  saveFile(await fetchFile(`/api/utterances?bot=${encodeURIComponent(botName)}`), UTTERANCES_FILE_NAME);
