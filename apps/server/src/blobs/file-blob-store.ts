import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, type BlobStore } from './blob-store';

/** The content type lives next to the blob, in a file of its own. */
const TYPE_SUFFIX = '.content-type';

/**
 * Blobs as files under one folder (`DATA_DIR/blobs`): written to a temporary name and renamed,
 * so a reader never sees half a blob and a crash leaves no torn file.
 */
export function fileBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  async function walk(folder: string, relative: string, into: string[]): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(folder, entry.name), key, into);
      else if (!entry.name.endsWith(TYPE_SUFFIX) && !entry.name.startsWith('.tmp-')) into.push(key);
    }
  }

  return {
    async put(key, data, contentType = 'application/octet-stream') {
      assertBlobKey(key);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      await writeFile(temporary, data);
      await writeFile(`${file}${TYPE_SUFFIX}`, contentType);
      await rename(temporary, file);
    },
    async get(key) {
      assertBlobKey(key);
      try {
        const data = await readFile(fileOf(key));
        const contentType = await readFile(`${fileOf(key)}${TYPE_SUFFIX}`, 'utf8').catch(
          () => 'application/octet-stream',
        );
        return { data, contentType };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async exists(key) {
      assertBlobKey(key);
      return stat(fileOf(key)).then(
        (info) => info.isFile(),
        () => false,
      );
    },
    async delete(key) {
      assertBlobKey(key);
      await rm(fileOf(key), { force: true });
      await rm(`${fileOf(key)}${TYPE_SUFFIX}`, { force: true });
    },
    async list(prefix) {
      assertBlobKey(prefix, { isPrefix: true });
      const keys: string[] = [];
      await walk(fileOf(prefix.replace(/\/$/, '')), prefix.replace(/\/$/, ''), keys);
      return keys;
    },
    async deletePrefix(prefix) {
      assertBlobKey(prefix, { isPrefix: true });
      await rm(fileOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    async close() {},
  };
}
