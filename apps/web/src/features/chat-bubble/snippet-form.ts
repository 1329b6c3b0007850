import {
  SNIPPET_MESSAGES as M,
  type PopupMessage,
  SNIPPET_ICON_MAX_BYTES,
  type SnippetBaseUrl,
  type SnippetSettings,
  type SnippetView,
  snippetIconTypeOf,
  snippetOriginProblem,
} from '@parley/contracts';

/** What the snippet form edits: everything a save sends (the images are uploaded at once). */
export interface SnippetDraft {
  description: string;
  allowedOrigins: string[];
  settings: Omit<SnippetSettings, 'avatar' | 'bubbleIcon'>;
}

export function draftOf(snippet: SnippetView): SnippetDraft {
  const { avatar: _avatar, bubbleIcon: _bubbleIcon, ...settings } = snippet.settings;
  return { description: snippet.description, allowedOrigins: [...snippet.allowedOrigins], settings };
}

/** Problems by field ('origin', 'popupMessages.1.delay' ...); empty when the draft can be saved. */
export function draftProblems(draft: SnippetDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  draft.allowedOrigins.forEach((origin, index) => {
    const problem = snippetOriginProblem(origin);
    if (problem) problems[`allowedOrigins.${index}`] = problem;
  });
  if (draft.settings.hasPopupMessages) {
    draft.settings.popupMessages.forEach((popup: PopupMessage, index) => {
      if (popup.message.trim() === '') problems[`popupMessages.${index}.message`] = M.popupMessageMissing;
      if (!Number.isFinite(popup.delay) || popup.delay < 0)
        problems[`popupMessages.${index}.delay`] = M.popupDelay;
    });
  }
  for (const key of ['mainColor', 'mainTextColor'] as const) {
    if (!/^#[0-9a-fA-F]{6}$/.test(draft.settings[key])) problems[key] = M.colorInvalid;
  }
  return problems;
}

/** The refusal of an icon file before it is sent, or undefined: the server checks again. */
export function iconFileProblem(file: { name: string; size: number }): string | undefined {
  if (!snippetIconTypeOf(file.name)) return M.iconType;
  if (file.size > SNIPPET_ICON_MAX_BYTES) return M.iconTooBig(SNIPPET_ICON_MAX_BYTES);
  return undefined;
}

/** A JavaScript string literal safe inside an HTML <script> element. */
const scriptString = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The embed code a customer pastes into their page: the widget script, then the call that mounts
 * it with the snippet's token and code and the backend's addresses.
 */
export function embedCodeOf(snippet: Pick<SnippetView, 'token' | 'code'>, base: SnippetBaseUrl): string {
  const options = [
    `token: ${scriptString(snippet.token)}`,
    `code: ${scriptString(snippet.code)}`,
    `backendUrl: ${scriptString(base.backendUrl)}`,
    `websocketUrl: ${scriptString(base.websocketUrl)}`,
  ];
  return [
    `<script src=${JSON.stringify(base.scriptUrl)}></script>`,
    '<script>',
    `  ParleyChat.mount({ ${options.join(', ')} });`,
    '</script>',
  ].join('\n');
}
