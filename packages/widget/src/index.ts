import { fetchConfig, type MountOptions, WidgetRefused } from './api';
import { ChatWidget } from './widget';

/**
 * The embeddable chat bubble. The embed code the Chat Bubble settings give loads this script and
 * calls `ParleyChat.mount({ token, code, backendUrl, websocketUrl })`. A snippet this page's
 * origin may not use shows nothing.
 */
const mounted = new Map<string, ChatWidget>();

function isMountOptions(value: unknown): value is MountOptions {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    ['token', 'code', 'backendUrl', 'websocketUrl'].every(
      (key) => typeof v[key] === 'string' && v[key] !== '',
    )
  );
}

async function mount(options: MountOptions): Promise<ChatWidget | undefined> {
  if (!isMountOptions(options)) {
    console.error('ParleyChat.mount needs { token, code, backendUrl, websocketUrl } from the embed code.');
    return undefined;
  }
  const existing = mounted.get(options.token);
  if (existing) return existing;
  if (document.readyState === 'loading')
    await new Promise((done) => document.addEventListener('DOMContentLoaded', done, { once: true }));
  try {
    const widget = new ChatWidget(options, await fetchConfig(options));
    mounted.set(options.token, widget);
    widget.mount();
    return widget;
  } catch (error) {
    // Not this site's chat (or no longer there): the page shows nothing and says why in the console.
    if (error instanceof WidgetRefused) console.warn(`Parley chat: ${error.message}`);
    else console.warn('Parley chat could not start:', error);
    return undefined;
  }
}

const api = {
  mount,
  open: (token?: string) => (token ? mounted.get(token) : mounted.values().next().value)?.open(),
  close: (token?: string) => (token ? mounted.get(token) : mounted.values().next().value)?.close(),
};

(window as unknown as { ParleyChat: typeof api }).ParleyChat = api;
