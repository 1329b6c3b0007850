import {
  type CreateSnippetBody,
  SNIPPET_ICON_FIELD,
  type SnippetBaseUrl,
  type SnippetIconKind,
  type SnippetView,
  type UpdateSnippetBody,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { uploadFile } from '../../../api/upload-file';
import { botsApiPath } from '../../bots';

/** A bot's chat bubble snippets (docs/decisions.md 'Chat bubble snippets'). */
const snippetsPath = (botName: string) => `${botsApiPath(botName)}/snippets`;
const snippetPath = (botName: string, name: string) => `${snippetsPath(botName)}/${encodeURIComponent(name)}`;

export const listSnippets = (botName: string, signal?: AbortSignal) =>
  api.get<SnippetView[]>(snippetsPath(botName), signal);

export const snippetBaseUrl = (botName: string, signal?: AbortSignal) =>
  api.get<SnippetBaseUrl>(`${snippetsPath(botName)}/base-url`, signal);

export const createSnippet = (botName: string, body: CreateSnippetBody) =>
  api.post<SnippetView>(snippetsPath(botName), body);

export const updateSnippet = (botName: string, name: string, body: UpdateSnippetBody) =>
  api.put<SnippetView>(snippetPath(botName, name), body);

export const renameSnippet = (botName: string, name: string, newName: string) =>
  api.put<SnippetView>(`${snippetPath(botName, name)}/name`, { newName });

export const deleteSnippet = (botName: string, name: string) => api.delete(snippetPath(botName, name));

/** PUT .../{avatar|bubble-icon}: the image as the multipart field `file`. */
export const uploadSnippetIcon = (botName: string, name: string, kind: SnippetIconKind, file: File) =>
  uploadFile<SnippetView>(`${snippetPath(botName, name)}/${kind}`, SNIPPET_ICON_FIELD, file, 'PUT');

export const removeSnippetIcon = (botName: string, name: string, kind: SnippetIconKind) =>
  api.delete<SnippetView>(`${snippetPath(botName, name)}/${kind}`);

/** The public address of a snippet's uploaded image (the widget shows the same one). */
export const snippetIconUrl = (snippet: SnippetView, kind: SnippetIconKind, imageId: string) =>
  `/api/widget/${encodeURIComponent(snippet.token)}/icons/${kind}?v=${encodeURIComponent(imageId)}`;
