import type { FlowTargetName } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { compileFlow, type FlowOwnerKind, type RuntimeFlow } from '@parley/runtime';
import type { BotRuntimeCache } from '../../shared-state/bot-runtime-cache';
import { parseStoredFlow } from '../flows/flow-xml';

/**
 * Compiled flows by version: a saved version never changes, so its compiled form is kept (a few
 * hundred, the least recently used leave first) and every turn after the first reads it from here.
 */
const compiled = new Map<string, RuntimeFlow>();
const KEPT = 500;

/**
 * The flow an intent runs with: the version active on the target (test for the test chats,
 * production for channels), compiled for the conversation's language. Undefined when the intent
 * does not exist or has no version active there.
 */
export async function activeFlowOf(
  cache: BotRuntimeCache,
  scope: TenantScope,
  bot: Bot,
  intentName: string,
  target: FlowTargetName,
  language: string,
): Promise<RuntimeFlow | undefined> {
  const intentId = await cache.remember(bot, `intent-id:${intentName}`, () =>
    scope.intents(bot.id).idOf(intentName),
  );
  if (!intentId) return undefined;
  return activeFlowOfOwner(
    cache,
    scope,
    bot,
    { kind: 'intent', id: intentId, name: intentName },
    target,
    language,
  );
}

/** The active flow of an intent or of a sub flow (a function of type flow), compiled once per version. */
export async function activeFlowOfOwner(
  cache: BotRuntimeCache,
  scope: TenantScope,
  bot: Bot,
  owner: FlowOwnerOf,
  target: FlowTargetName,
  language: string,
): Promise<RuntimeFlow | undefined> {
  const activations = await cache.remember(bot, `activations:${owner.kind}:${owner.id}`, () =>
    scope.flows.activations(refOf(owner)),
  );
  const active = activations.find((activation) => activation.target === target);
  return active ? flowVersionOf(scope, bot, owner, active.version, language) : undefined;
}

/** A sub flow's latest saved version (its staging version, what Test Sub Flow runs). */
export async function latestFlowOfOwner(
  scope: TenantScope,
  bot: Bot,
  owner: FlowOwnerOf,
  language: string,
): Promise<RuntimeFlow | undefined> {
  const latest = await scope.flows.latest(refOf(owner));
  return latest ? flowVersionOf(scope, bot, owner, latest.version, language) : undefined;
}

type FlowOwnerOf = { kind: FlowOwnerKind; id: string; name: string };
const refOf = (owner: FlowOwnerOf) => ({ kind: owner.kind, id: owner.id });

async function flowVersionOf(
  scope: TenantScope,
  bot: Bot,
  owner: FlowOwnerOf,
  versionNumber: number,
  language: string,
): Promise<RuntimeFlow | undefined> {
  const key = `${bot.tenantId}/${owner.kind}/${owner.id}/${versionNumber}/${language}`;
  const known = compiled.get(key);
  if (known) {
    compiled.delete(key);
    compiled.set(key, known);
    return known;
  }
  const version = await scope.flows.version(refOf(owner), versionNumber);
  if (!version) return undefined;
  const flow = compileFlow(owner.name, await parseStoredFlow(version.xml), language, {
    owner: owner.kind,
    version: versionNumber,
  });
  compiled.set(key, flow);
  if (compiled.size > KEPT) compiled.delete(compiled.keys().next().value as string);
  return flow;
}
