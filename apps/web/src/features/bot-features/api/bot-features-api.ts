import {
  type BotDetails,
  botFileNames,
  type CustomWidget,
  type Dashboard,
  type GdprSettings,
  type HandoverSettings,
  type SupportedLanguagesBody,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';
import { botsApiPath } from '../../bots';

/** The Features tab's calls (spec 04 section 7.2; languages: docs/decisions.md 'Features tab: ...'). */

export const fetchGdprSettings = (botName: string, signal?: AbortSignal) =>
  api.get<GdprSettings>(`${botsApiPath(botName)}/gdpr/settings`, signal);

export const saveGdprSettings = (botName: string, body: GdprSettings) =>
  api.put<GdprSettings>(`${botsApiPath(botName)}/gdpr/settings`, body);

export const fetchHandoverSettings = (botName: string, signal?: AbortSignal) =>
  api.get<HandoverSettings>(`${botsApiPath(botName)}/handover/settings`, signal);

export const saveHandoverSettings = (botName: string, body: HandoverSettings) =>
  api.put<HandoverSettings>(`${botsApiPath(botName)}/handover/settings`, body);

export const fetchDashboard = (botName: string, signal?: AbortSignal) =>
  api.get<Dashboard>(`${botsApiPath(botName)}/dashboard`, signal);

/** POST /api/bots/{bot}/dashboard sends the list of widgets; the design stays. */
export const saveCustomWidgets = (botName: string, widgets: CustomWidget[]) =>
  api.post<Dashboard>(`${botsApiPath(botName)}/dashboard`, widgets);

export const saveSupportedLanguages = (botName: string, body: SupportedLanguagesBody) =>
  api.put<BotDetails>(`${botsApiPath(botName)}/languages`, body);

/** GET /api/bots/{bot}/consent: the consent decisions, saved as bot-{bot}-gdpr-consent.csv (spec 01 section 7). */
export const downloadConsentCsv = (botName: string) =>
  downloadFile(`${botsApiPath(botName)}/consent`, botFileNames.consent(botName));
