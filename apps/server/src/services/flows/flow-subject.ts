import {
  type FlowOwnerKind,
  INTENT_MESSAGES,
  isWelcomeIntentName,
  FLOW_MESSAGES as M,
  notFound,
  validationError,
} from '@parley/contracts';
import type { Bot, FlowOwner, FunctionRecord, IntentRecord, TenantScope } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { loadBot } from '../bots/bot-access.service';

/** A bot with the repositories to reach it (a content change's, inside its transaction). */
type BotInScope = { bot: Bot; scope: TenantScope };

/** The intent or sub flow whose flow a call reads or writes. */
export interface FlowSubject {
  kind: FlowOwnerKind;
  /** The intent's or function's name as stored. */
  name: string;
  owner: FlowOwner;
  bot: Bot;
  scope: TenantScope;
  /** The Welcome intent starts a conversation: some blocks make no sense there (spec 03 section 3.3). */
  isWelcomeIntent: boolean;
  /** FAQ intents answer with their text and have no flow (spec 02 section 2.2). */
  isFaq: boolean;
}

/** The flow of an intent of the content being changed (inside its transaction). */
export const intentSubjectIn = (content: BotInScope, intent: IntentRecord): FlowSubject => ({
  kind: 'intent',
  name: intent.name,
  owner: { kind: 'intent', id: intent.id },
  bot: content.bot,
  scope: content.scope,
  isWelcomeIntent: isWelcomeIntentName(intent.name),
  isFaq: intent.type === 'faq',
});

/** An intent's flow; a missing intent is 404. */
export async function intentFlowSubject(
  principal: Principal,
  botRef: BotRef,
  intentName: string,
): Promise<FlowSubject> {
  const bot = await loadBot(principal, botRef);
  const intent = await principal.scope.intents(bot.id).get(intentName);
  if (!intent) throw notFound(`There is no intent named ${intentName.slice(0, 60)}.`);
  return intentSubjectIn({ bot, scope: principal.scope }, intent);
}

/** The flow of a sub flow of the functions being changed (inside their transaction). */
export const subFlowSubjectIn = (bot: Bot, scope: TenantScope, fn: FunctionRecord): FlowSubject => ({
  kind: 'function',
  name: fn.name,
  owner: { kind: 'function', id: fn.id },
  bot,
  scope,
  isWelcomeIntent: false,
  isFaq: false,
});

/** A sub flow's flow (a function of type flow, the bot's own or a global one); anything else is 404 or 400. */
export async function functionFlowSubject(
  principal: Principal,
  botRef: BotRef,
  functionName: string,
): Promise<FlowSubject> {
  const bot = await loadBot(principal, botRef);
  const fn = await principal.scope.functions(bot.id).get(functionName);
  if (!fn) throw notFound(`There is no function named ${functionName.slice(0, 60)}.`);
  if (fn.type !== 'flow') throw validationError('name', M.notASubFlow(fn.name));
  return subFlowSubjectIn(bot, principal.scope, fn);
}

/** Writing a flow: an FAQ intent has none. */
export function requireFlowOwner(subject: FlowSubject): void {
  if (subject.isFaq) throw validationError('intent', INTENT_MESSAGES.faqNoFlow);
}
