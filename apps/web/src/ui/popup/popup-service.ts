import { MESSAGES } from '@parley/contracts';

/**
 * The pop-up service (spec 01 sections 1, 4 and 9): info, warning, error and confirm
 * messages, callable from anywhere (components, the API error handler). Each pop-up gets a
 * random id and appears after 10 ms; a pop-up with the same heading and text as one already
 * queued or open is not shown twice (the caller gets the open one's answer instead).
 */
export type PopupKind = 'info' | 'warning' | 'error' | 'confirm';

export interface PopupOptions {
  title: string;
  text?: string;
  /** The main button; 'OK' unless told otherwise. */
  actionText?: string;
}

export interface ConfirmOptions extends PopupOptions {
  cancelText?: string;
  /** Colours the main button as destructive (deletions). */
  isDanger?: boolean;
}

export interface Popup extends ConfirmOptions {
  id: string;
  kind: PopupKind;
  actionText: string;
}

const SHOW_DELAY_MS = 10;

interface Entry {
  popup: Popup;
  answer: Promise<boolean>;
  resolve: (answer: boolean) => void;
  isVisible: boolean;
}

let entries: Entry[] = [];
let visible: Popup[] = [];
const listeners = new Set<() => void>();

function publish() {
  visible = entries.filter((e) => e.isVisible).map((e) => e.popup);
  for (const listener of listeners) listener();
}

const randomId = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function open(kind: PopupKind, options: ConfirmOptions): Promise<boolean> {
  const text = options.text ?? '';
  const duplicate = entries.find((e) => e.popup.title === options.title && (e.popup.text ?? '') === text);
  if (duplicate) return duplicate.answer;

  let resolve: (answer: boolean) => void = () => {};
  const answer = new Promise<boolean>((done) => {
    resolve = done;
  });
  const popup: Popup = {
    ...options,
    text,
    id: randomId(),
    kind,
    actionText: options.actionText ?? MESSAGES.popups.defaultAction,
  };
  const entry: Entry = { popup, answer, resolve, isVisible: false };
  entries = [...entries, entry];
  setTimeout(() => {
    if (!entries.includes(entry)) return;
    entry.isVisible = true;
    publish();
  }, SHOW_DELAY_MS);
  return answer;
}

/** Closes a pop-up: `true` for its main action, `false` for cancel or Escape. */
export function answerPopup(id: string, answer: boolean): void {
  const entry = entries.find((e) => e.popup.id === id);
  if (!entry) return;
  entries = entries.filter((e) => e !== entry);
  publish();
  entry.resolve(answer);
}

export function subscribeToPopups(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const visiblePopups = (): Popup[] => visible;

export const popup = {
  /** Resolves when the pop-up is closed. */
  info: (options: PopupOptions): Promise<void> => open('info', options).then(() => undefined),
  warning: (options: PopupOptions): Promise<void> => open('warning', options).then(() => undefined),
  error: (options: PopupOptions): Promise<void> => open('error', options).then(() => undefined),
  /** Resolves to the answer: `true` when confirmed. */
  confirm: (options: ConfirmOptions): Promise<boolean> => open('confirm', options),
};
