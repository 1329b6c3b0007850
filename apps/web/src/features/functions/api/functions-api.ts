import {
  FUNCTION_FILE_FIELD,
  type FunctionDefinitionInput,
  type FunctionRunResponse,
  type FunctionUsages,
  type FunctionView,
  functionFileName,
  type GlobalFunctionUsages,
  type StagedFunction,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';
import { uploadFile } from '../../../api/upload-file';
import { botsApiPath } from '../../bots';

/** The function calls of spec 02 section 7 'Functions' (base /api/bots/{bot}/functions). */
const functions = (botName: string) => `${botsApiPath(botName)}/functions`;
const functionPath = (botName: string, name: string) => `${functions(botName)}/${encodeURIComponent(name)}`;

/** A function as the editor sends it; the server applies the defaults and checks it. */
export type FunctionRequest = FunctionDefinitionInput;

export const fetchFunctions = (botName: string, signal?: AbortSignal) =>
  api.get<FunctionView[]>(functions(botName), signal);

export const createFunction = (botName: string, body: FunctionRequest) =>
  api.post<FunctionView>(functions(botName), body);

/** PUT /{name}: the whole function replaces the stored one. */
export const updateFunction = (botName: string, name: string, body: FunctionRequest) =>
  api.put<FunctionView>(functionPath(botName, name), body);

export const deleteFunction = (botName: string, name: string) => api.delete(functionPath(botName, name));

export const renameFunction = (botName: string, name: string, newName: string) =>
  api.put<FunctionView>(`${functions(botName)}/name`, { name, newName });

export const updateFunctionDescription = (botName: string, name: string, description: string) =>
  api.post<FunctionView>(`${functions(botName)}/update-description`, { name, description });

/**
 * Run Function: the editor's function as it stands (saved or not) with its inputs' default
 * values. The path names the function; the server runs what is sent.
 */
export const runFunction = (botName: string, body: FunctionRequest) =>
  api.post<FunctionRunResponse>(`${functionPath(botName, body.name || 'new-function')}/output`, {
    flowFunction: body,
  });

export const fetchFunctionUsages = (botName: string, name: string) =>
  api.get<FunctionUsages>(`${functions(botName)}/function-usages/${encodeURIComponent(name)}`);

export const fetchGlobalFunctionUsages = (name: string) =>
  api.get<GlobalFunctionUsages>(`/api/bots/functions/function-usages/global/${encodeURIComponent(name)}`);

export const exportFunction = (botName: string, fn: FunctionView) =>
  downloadFile(`${functionPath(botName, fn.name)}/export`, functionFileName(botName, fn));

export const stageFunctionImport = (file: File) =>
  uploadFile<StagedFunction>('/api/functions/import/staging', FUNCTION_FILE_FIELD, file);

export const importFunction = (botName: string, name: string, isGlobal: boolean, file: File) =>
  uploadFile<FunctionView>(`${functionPath(botName, name)}/import/${isGlobal}`, FUNCTION_FILE_FIELD, file);
