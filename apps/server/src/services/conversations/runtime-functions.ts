import { type FlowTargetName, FUNCTION_TYPE_CATALOGUE, type FunctionDefinition } from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { FunctionRunError, type FunctionRunResult, runFunction } from '@parley/functions';
import type { FunctionCallResult, RuntimeFunction } from '@parley/runtime';
import type { AppContext } from '../../context';
import { functionRunOptions } from '../functions/function-run-options';
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
    /** The conversation calling, named in the warning of a failed call. */
    conversationId?: string;
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
        run: (values, variables, limits) =>
          call(ctx, bot, definition, values, variables, limits?.timeLeftMs, options.conversationId),
      };
  }
}

/**
 * Runs a call for a Function block. A failed call (no answer, or a REST answer that is not 2xx)
 * is logged as a warning for the operator, whether or not the flow has a Call failed path: an
 * API that keeps failing is theirs to see, not only the designer's.
 */
async function call(
  ctx: AppContext,
  bot: Bot,
  definition: FunctionDefinition,
  inputValues: Record<string, string>,
  variables: Readonly<Record<string, unknown>>,
  timeLeftMs: number | undefined,
  conversationId: string | undefined,
): Promise<FunctionCallResult> {
  // Capture Storage writes variables of the conversation: they are its inputs, the block's own win.
  const values = definition.type === 'captureStorage' ? { ...variables, ...inputValues } : inputValues;
  const warn = (reason: string) =>
    ctx.log.warn(
      { bot: bot.id, conversationId, function: definition.name, functionType: definition.type, reason },
      'a function call in a conversation failed',
    );
  let result: FunctionRunResult;
  try {
    result = await runFunction(
      definition,
      values,
      functionRunOptions(ctx.config.functions, bot.tenantId, { timeLeftMs }),
    );
  } catch (error) {
    if (!(error instanceof FunctionRunError)) throw error;
    warn(error.details ? `${error.message} (${error.details})` : error.message);
    // A one-line detail (the address refused, ECONNREFUSED) tells the designer why; a stack stays in the log.
    const isOneLine = error.details !== '' && !error.details.includes('\n');
    throw new Error(isOneLine ? `${error.message} (${error.details})` : error.message);
  }
  if (result.failure) warn(result.failure);
  const output = result.output as Record<string, unknown> | null;
  const event =
    definition.type === 'sendEvent'
      ? { name: 'sendEvent', value: output?.event }
      : definition.type === 'captureStorage'
        ? { name: 'captureStorage', value: output?.writes }
        : undefined;
  return {
    outputs: result.outputs,
    ...(event ? { event } : {}),
    ...(result.failure ? { failure: result.failure } : {}),
  };
}
