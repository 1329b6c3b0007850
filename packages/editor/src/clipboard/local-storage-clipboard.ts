import { DEFAULT_CONFIG, type ParleyEditorConfig } from '../editor-config';

interface Moddle {
  create(type: string, attrs: Record<string, unknown>): unknown;
}

export const CLIPBOARD_KEY = 'parley.flow-clipboard';

/** Revives serialised moddle elements (objects with a $type) as elements of this moddle. */
function moddleReviver(moddle: Moddle) {
  const byId = new Map<string, unknown>();
  return (_key: string, value: unknown) => {
    if (!value || typeof value !== 'object' || typeof (value as { $type?: unknown }).$type !== 'string') {
      return value;
    }
    const { $type, ...attrs } = value as { $type: string; id?: string } & Record<string, unknown>;
    if (typeof attrs.id === 'string' && byId.has(attrs.id)) return byId.get(attrs.id);
    const element = moddle.create($type, attrs);
    if (typeof attrs.id === 'string') byId.set(attrs.id, element);
    return element;
  };
}

/**
 * diagram-js's clipboard kept in local browser storage (spec 03 section 2.4), so blocks copied in
 * one flow paste into another flow or another bot's flow, also after a reload.
 */
export class LocalStorageClipboard {
  static $inject = ['moddle', 'config.parley'];
  private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;

  constructor(
    private readonly moddle: Moddle,
    config: ParleyEditorConfig | undefined,
  ) {
    const fallback = typeof localStorage === 'undefined' ? undefined : localStorage;
    this.storage = (config ?? DEFAULT_CONFIG).storage ?? fallback;
  }

  get(): unknown {
    const stored = this.storage?.getItem(CLIPBOARD_KEY);
    if (!stored) return undefined;
    try {
      return JSON.parse(stored, moddleReviver(this.moddle));
    } catch {
      return undefined;
    }
  }

  set(tree: unknown): void {
    try {
      this.storage?.setItem(CLIPBOARD_KEY, JSON.stringify(tree));
    } catch {
      // A full or disabled storage only loses the copy, never the flow.
    }
  }

  clear(): unknown {
    const tree = this.get();
    this.storage?.setItem(CLIPBOARD_KEY, '');
    return tree;
  }

  isEmpty(): boolean {
    return !this.storage?.getItem(CLIPBOARD_KEY);
  }
}
