/**
 * Files Parley keeps outside the database: NLU models, bot avatars and the files blocks send;
 * RAG documents next. Keys are paths of plain segments, always under a tenant
 * (`tenants/{tenantId}/bots/{botId}/...`), so deleting a bot or a tenant deletes its prefix.
 */
export interface StoredBlob {
  data: Buffer;
  contentType: string;
}

export interface BlobStore {
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Undefined when there is no blob under the key. */
  get(key: string): Promise<StoredBlob | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix (a path ending in '/'), in no particular order. */
  list(prefix: string): Promise<string[]>;
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}

/** A segment: no slash, backslash or control character, not '.' or '..', at most 200 characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const SEGMENT = /^(?!\.{1,2}$)[^/\\\u0000-\u001f\u007f]{1,200}$/;

/** Refuses anything but a relative path of plain segments: no '..', no absolute path, no backslash. */
export function assertBlobKey(key: string, { isPrefix = false } = {}): void {
  const path = isPrefix ? key.replace(/\/$/, '') : key;
  if (isPrefix && !key.endsWith('/')) throw new Error(`A blob prefix ends with '/': ${key.slice(0, 100)}`);
  if (path === '' || path.length > 1024 || !path.split('/').every((segment) => SEGMENT.test(segment)))
    throw new Error(`Not a blob key: ${key.slice(0, 100)}`);
}

/** `tenants/{tenantId}/bots/{botId}/` and what follows: the one way keys are made. */
export const botBlobPrefix = (tenantId: string, botId: string) => `tenants/${tenantId}/bots/${botId}/`;
export const tenantBlobPrefix = (tenantId: string) => `tenants/${tenantId}/`;
