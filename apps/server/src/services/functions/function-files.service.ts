import {
  FUNCTION_FILE_FIELD,
  FUNCTION_FILE_FORMAT,
  FUNCTION_FILE_VERSION,
  type FunctionFile,
  type FunctionView,
  functionDefinitionSchema,
  functionFileName,
  functionFileSchema,
  FUNCTION_MESSAGES as M,
  type StagedFunction,
  validationError,
} from '@parley/contracts';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { parseInput } from '../../http/validate';
import { readJsonFile } from '../content/content-file';
import { subFlowSubjectIn } from '../flows/flow-subject';
import { saveFlow } from '../flows/flows.service';
import { changeBotFunctions, readBotFunctions } from './function-content';
import { requireExport } from './function-permissions';
import { hasSecrets, replaceSecrets } from './function-secrets';
import { definitionOf } from './function-views';
import { createFunctionIn, requireFunction } from './functions.service';

/** GET /api/bots/{bot}/functions/{name}/export: the function as a file (docs/function-files.md). */
export async function exportFunction(
  principal: Principal,
  botRef: BotRef,
  name: string,
): Promise<{ fileName: string; json: string }> {
  const fns = await readBotFunctions(principal, botRef);
  const fn = await requireFunction(fns, name);
  const definition = definitionOf(fn);
  requireExport(fns, definition.type);
  const latest =
    fn.type === 'flow' ? await fns.scope.flows.latest({ kind: 'function', id: fn.id }) : undefined;
  // A function file is plain JSON: credentials never leave in it.
  const credentialsLeftOut = hasSecrets(definition);
  const file: FunctionFile & { exportedAt: string } = {
    format: FUNCTION_FILE_FORMAT,
    version: FUNCTION_FILE_VERSION,
    exportedAt: new Date().toISOString(),
    function: credentialsLeftOut ? replaceSecrets(definition, () => '') : definition,
    ...(credentialsLeftOut ? { credentialsLeftOut } : {}),
    flow: latest ? { xml: latest.xml } : null,
  };
  return { fileName: functionFileName(fns.bot.botName, definition), json: JSON.stringify(file, null, 2) };
}

/** POST /api/functions/import/staging: the file's function, checked by every rule that needs no bot. */
export function stageFunctionImport(file: UploadedFile): StagedFunction {
  const parsed = readJsonFile(file, functionFileSchema, FUNCTION_FILE_FIELD, M.notAFunctionFile);
  return { ...parsed.function, credentialsLeftOut: parsed.credentialsLeftOut ?? false };
}

/** The {isGlobal} of the import path: true or false. */
export function isGlobalParam(value: string): boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  throw validationError('isGlobal', 'isGlobal must be true or false.');
}

/**
 * POST /api/bots/{bot}/functions/{name}/import/{isGlobal}: the file's function under the chosen
 * name, global or not, by the create rules (the name must not be taken).
 */
export async function importFunction(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  newName: string,
  isGlobal: boolean,
  file: UploadedFile,
): Promise<FunctionView> {
  const parsed = readJsonFile(file, functionFileSchema, FUNCTION_FILE_FIELD, M.notAFunctionFile);
  const definition = parseInput(functionDefinitionSchema, { ...parsed.function, name: newName, isGlobal });
  return changeBotFunctions(ctx, principal, botRef, async (fns) => {
    const created = await createFunctionIn(fns, definition);
    const record = await fns.functions.get(created.name);
    // A sub flow's flow becomes its version 1, checked and stored as a save would.
    if (parsed.flow && record?.type === 'flow') {
      await saveFlow(principal, subFlowSubjectIn(fns.bot, fns.scope, record), {
        xml: parsed.flow.xml,
        status: 'unpublished',
      });
    }
    return created;
  });
}
