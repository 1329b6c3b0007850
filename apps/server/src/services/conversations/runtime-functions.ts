import { type FlowTargetName, FUNCTION_TYPE_CATALOGUE, type FunctionDefinition } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { runFunction } from '@parley/functions';
import type { RuntimeFunction } from '@parley/runtime';
import type { AppContext } from '../../context';
import { definitionOf } from '../functions/function-views';
import { activeFlowOfOwner, latestFlowOfOwner } from './runtime-flows';

/**
 * A function of the bot as a custom block calls it in a conversation: a sub flow by its version
 * active on the conversation's target, an adaptive card to show, or a call that runs with the
 * same guards and limits as Run Function (the operator's network rules, sandboxed code, time
 * and size limits). Undefined when the bot has no function of that name.
 */
export async function runtimeFunctionOf(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  name: string,
  options: {
    target: FlowTargetName;
    language: string;
    /** Test Sub Flow: sub flows run their latest saved version, published or not. */
    runsLatestSubFlows?: boolean;
  },
): Promise<RuntimeFunction | undefined> {
  const record = await scope.functions(bot.id).get(name);
  if (!record) return undefined;
  const definition = definitionOf(record);
  const inputs = definition.inputs.map(({ name: input, defaultValue }) => ({ name: input, defaultValue }));
  switch (definition.type) {
    case 'flow': {
      // Sub flows go live when published (spec 03 section 4.2): a test chat runs the one activated to test if any.
      const owner = { kind: 'function' as const, id: record.id, name: record.name };
      const flow = options.runsLatestSubFlows
        ? await latestFlowOfOwner(scope, bot, owner, options.language)
        : ((await activeFlowOfOwner(ctx.botRuntime, scope, bot, owner, options.target, options.language)) ??
          (options.target === 'test'
            ? await activeFlowOfOwner(ctx.botRuntime, scope, bot, owner, 'production', options.language)
            : undefined));
      return flow
        ? { type: 'flow', name, inputs, flow }
        : {
            type: 'unavailable',
            name,
            reason: `Sub flow ${name} has no ${options.runsLatestSubFlows ? 'saved' : 'published'} version.`,
          };
    }
    case 'adaptiveCard':
      return {
        type: 'adaptiveCard',
        name,
        inputs,
        json: definition.json,
        skipUserInput: definition.skipUserInput,
      };
    case 'llm':
      return {
        type: 'unavailable',
        name,
        reason: `${FUNCTION_TYPE_CATALOGUE.llm.label} function ${name} needs an LLM provider; none is configured.`,
      };
    default:
      return {
        type: 'call',
        name,
        inputs,
        outputs: definition.outputs.map((output) => output.variableName),
        run: (values, variables) => call(ctx, bot, definition, values, variables),
      };
  }
}

async function call(
  ctx: AppContext,
  bot: Bot,
  definition: FunctionDefinition,
  inputValues: Record<string, string>,
  variables: Readonly<Record<string, unknown>>,
) {
  const { allowPrivateNetworks, allowedHosts, sqliteDirectory } = ctx.config.functions;
  // Capture Storage writes variables of the conversation: they are its inputs, the block's own win.
  const values = definition.type === 'captureStorage' ? { ...variables, ...inputValues } : inputValues;
  const result = await runFunction(definition, values, {
    network: { allowPrivateNetworks, allowedHosts },
    ...(sqliteDirectory ? { sqliteDirectory } : {}),
    owner: bot.tenantId,
  });
  const output = result.output as Record<string, unknown> | null;
  const event =
    definition.type === 'sendEvent'
      ? { name: 'sendEvent', value: output?.event }
      : definition.type === 'captureStorage'
        ? { name: 'captureStorage', value: output?.writes }
        : undefined;
  return { outputs: result.outputs, ...(event ? { event } : {}) };
}
