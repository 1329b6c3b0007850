import type { FlowActivationResult, FlowContentView, FlowTargetName } from '@parley/contracts';
import { api } from '../../../api/client';
import { botApiPath } from '../../bot-content/content-paths';

/** The intent flow calls of spec 03 section 7 that the Intents tab uses (the editor uses the rest). */
const intentFlowPath = (botName: string, intent: string) =>
  `${botApiPath(botName)}/intents/${encodeURIComponent(intent)}`;

export const fetchIntentFlow = (botName: string, intent: string, signal?: AbortSignal) =>
  api.get<FlowContentView>(`${intentFlowPath(botName, intent)}/content`, signal);

const ACTIVATION_PATHS: Record<FlowTargetName, string> = {
  test: 'test-version',
  production: 'published-version',
};

export const activateIntentFlow = (
  botName: string,
  intent: string,
  target: FlowTargetName,
  versionName: string,
) =>
  api.put<FlowActivationResult>(`${intentFlowPath(botName, intent)}/${ACTIVATION_PATHS[target]}`, {
    versionName,
    ignoreWarnings: true,
  });
