import type { FunctionDefinition, FunctionRunResponse, RunFunctionBody } from '@parley/contracts';
import { AppError, FUNCTION_SECRET_MASK } from '@parley/contracts';
import { FunctionRunError, runFunction } from '@parley/functions';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { readBotFunctions } from './function-content';
import { requireManage } from './function-permissions';
import { functionRunOptions } from './function-run-options';
import { restoreSecrets } from './function-secrets';
import { definitionOf } from './function-views';
import { requireFunction } from './functions.service';

/** A run that failed is the author's to fix, never the server's: 422 function_error. */
const FUNCTION_ERROR_STATUS = 422;

/**
 * POST /api/bots/{bot}/functions/{name}/output (Run Function): runs `flowFunction` (the editor's
 * function, saved or not) or else the stored function {name}, with the inputs' default values
 * overridden by `inputValues`, under the operator's limits (config.functions).
 */
export async function runBotFunction(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  name: string,
  body: RunFunctionBody,
): Promise<FunctionRunResponse> {
  const fns = await readBotFunctions(principal, botRef);
  const stored =
    body.flowFunction && !JSON.stringify(body.flowFunction).includes(FUNCTION_SECRET_MASK)
      ? undefined
      : await fns.functions.get(name);
  // The editor's unsaved function carries masks where the stored secrets are: run with those.
  const definition: FunctionDefinition = body.flowFunction
    ? restoreSecrets(body.flowFunction, stored && definitionOf(stored))
    : definitionOf(await requireFunction(fns, name));
  requireManage(fns, definition.type);
  try {
    // The same network rules and limits as a conversation's call (the test call relies on it).
    return await runFunction(
      definition,
      body.inputValues ?? {},
      functionRunOptions(ctx.config.functions, principal.tenantId),
    );
  } catch (error) {
    if (error instanceof FunctionRunError)
      throw new AppError(
        'function_error',
        error.message,
        { functionType: error.functionType, details: error.details },
        FUNCTION_ERROR_STATUS,
      );
    throw error;
  }
}
