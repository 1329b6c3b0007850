import {
  type EditorLockView,
  type FlowActivationResult,
  type FlowContentView,
  type FlowProblemView,
  type FlowStatisticsView,
  type FlowTargetName,
  type SavedFlowVersionView,
  WELCOME_INTENT,
  welcomeExamplesFor,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { getToken } from '../../../api/session';
import { botApiPath, botsApiPath } from '../../bots';
import { type FlowOwner, flowPathOf, savePathOf, validatePathOf } from '../flow-owner';

/** The editor's calls (spec 03 section 7). Saves send the XML URI-encoded, as the spec says. */
export const fetchFlowContent = (owner: FlowOwner, signal?: AbortSignal) =>
  api.get<FlowContentView>(`${flowPathOf(owner)}/content`, signal);

export const saveFlowVersion = (owner: FlowOwner, xml: string) =>
  api.post<SavedFlowVersionView>(savePathOf(owner), {
    xml: encodeURIComponent(xml),
    status: 'unpublished',
    _date: new Date().toUTCString(),
  });

export const autoSaveFlow = (owner: FlowOwner, xml: string) =>
  api.post<SavedFlowVersionView>(`${flowPathOf(owner)}/auto-save`, { xml: encodeURIComponent(xml) });

export const validateFlowXml = (owner: FlowOwner, xml: string) =>
  api.post<FlowProblemView[]>(validatePathOf(owner), { xml: encodeURIComponent(xml), ignoreWarnings: true });

const ACTIVATION_PATHS: Record<FlowTargetName, string> = {
  test: 'test-version',
  production: 'published-version',
};

export const activateFlowVersion = (owner: FlowOwner, target: FlowTargetName, versionName: string) =>
  api.put<FlowActivationResult>(`${flowPathOf(owner)}/${ACTIVATION_PATHS[target]}`, {
    versionName,
    ignoreWarnings: true,
  });

export const fetchFlowStatistics = (owner: FlowOwner, versionName: string) =>
  api.get<FlowStatisticsView>(
    `${flowPathOf(owner)}/statistics?versionName=${encodeURIComponent(versionName)}`,
  );

/** Makes the bot's Welcome intent, with greetings of the bot's language as its first examples. */
export const createWelcomeIntent = (botName: string, language: string) =>
  api.post(`${botApiPath(botName)}/intents`, {
    name: WELCOME_INTENT,
    description: 'The greetings people start a conversation with.',
    utterances: [...welcomeExamplesFor(language)],
  });

// --- the lock (spec 03 section 4.1) -----------------------------------------------------------
const lockPath = (botName: string) => `${botsApiPath(botName)}/editor`;

export const takeEditorLock = (botName: string) => api.get<EditorLockView>(lockPath(botName));
export const releaseEditorLock = (botName: string) => api.delete(lockPath(botName));
/** On page unload: a request that outlives the page. */
export const releaseEditorLockOnUnload = (botName: string) => {
  const token = getToken();
  void fetch(lockPath(botName), {
    method: 'DELETE',
    keepalive: true,
    headers: token ? { AuthToken: token } : {},
  }).catch(() => {});
};

// --- preferences (spec 03 section 2.4b) -----------------------------------------------------
export const fetchAutoPublish = () => api.get<{ autoPublish: boolean }>('/api/users/auto-publish');
export const saveAutoPublish = (autoPublish: boolean) => api.put('/api/users/auto-publish', { autoPublish });
export const fetchAutoValidation = () => api.get<{ autoValidation: boolean }>('/api/users/auto-validation');
export const saveAutoValidation = (autoValidation: boolean) =>
  api.put('/api/users/auto-validation', { autoValidation });
