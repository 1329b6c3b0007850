import type { FlowActivationResult, FlowContentView, FlowTargetName } from '@parley/contracts';
import { api } from '../../../api/client';
import { botApiPath, botsApiPath } from '../../bots';

/**
 * The flow calls of spec 03 section 7 that the content tabs use (the editor uses the rest). A
 * flow's path is its intent's (`/api/{bot}/intents/{intent}`) or its sub flow's
 * (`/api/bots/{bot}/functions/{name}`).
 */
export const intentFlowPath = (botName: string, intent: string) =>
  `${botApiPath(botName)}/intents/${encodeURIComponent(intent)}`;
export const subFlowPath = (botName: string, name: string) =>
  `${botsApiPath(botName)}/functions/${encodeURIComponent(name)}`;

export const fetchFlow = (flowPath: string, signal?: AbortSignal) =>
  api.get<FlowContentView>(`${flowPath}/content`, signal);

const ACTIVATION_PATHS: Record<FlowTargetName, string> = {
  test: 'test-version',
  production: 'published-version',
};

export const activateFlow = (flowPath: string, target: FlowTargetName, versionName: string) =>
  api.put<FlowActivationResult>(`${flowPath}/${ACTIVATION_PATHS[target]}`, {
    versionName,
    ignoreWarnings: true,
  });
