/**
 * What the widget keeps on the visitor's browser, per snippet: the visitor key and the
 * conversation (localStorage: they survive reloads and the site's other pages) and whether the
 * chat was open (sessionStorage: a new tab starts closed). Storage may be refused (private modes,
 * blocked cookies): the chat then works for the page's life only.
 */
export interface KeptVisitor {
  visitorKey?: string;
  conversationId?: string;
}

const keyOf = (token: string) => `parley-chat:${token}`;

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Storage refused: nothing is kept.
  }
}

export function keptVisitor(token: string): KeptVisitor {
  try {
    const value = JSON.parse(read(() => localStorage, keyOf(token)) ?? '{}') as Record<string, unknown>;
    return {
      ...(typeof value.visitorKey === 'string' ? { visitorKey: value.visitorKey } : {}),
      ...(typeof value.conversationId === 'string' ? { conversationId: value.conversationId } : {}),
    };
  } catch {
    return {};
  }
}

export function keepVisitor(token: string, visitor: KeptVisitor): void {
  write(() => localStorage, keyOf(token), JSON.stringify(visitor));
}

export const wasOpen = (token: string) => read(() => sessionStorage, `${keyOf(token)}:open`) === '1';
export const keepOpen = (token: string, isOpen: boolean) =>
  write(() => sessionStorage, `${keyOf(token)}:open`, isOpen ? '1' : null);
