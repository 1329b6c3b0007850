import { isWelcomeIntentName } from '@parley/contracts';
import { intentFlowPath, subFlowPath } from '../bot-content';
import { botApiPath } from '../bots';

/** Intents mode edits intents' flows; functions mode edits sub flows (spec 03 section 1). */
export type EditorMode = 'intents' | 'functions';

/** The flow being edited: whose it is, and where its calls go (spec 03 section 7). */
export interface FlowOwner {
  mode: EditorMode;
  botName: string;
  name: string;
}

export const flowPathOf = ({ mode, botName, name }: FlowOwner) =>
  mode === 'intents' ? intentFlowPath(botName, name) : subFlowPath(botName, name);

/** Saving: POST /api/{bot}/intents/{intent}, or POST /api/bots/{bot}/functions/{name}/flow. */
export const savePathOf = (owner: FlowOwner) =>
  owner.mode === 'intents' ? flowPathOf(owner) : `${flowPathOf(owner)}/flow`;

export const validatePathOf = (owner: FlowOwner) =>
  owner.mode === 'intents'
    ? `${flowPathOf(owner)}/validate-flow`
    : `${botApiPath(owner.botName)}/functions/${encodeURIComponent(owner.name)}/validate-flow-function`;

export const isWelcomeIntent = (owner: FlowOwner) =>
  owner.mode === 'intents' && isWelcomeIntentName(owner.name);
