import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBlobKey, type BlobStore } from './blob-store';
import { fileBlobStore } from './file-blob-store';
import { s3BlobStore } from './s3-blob-store';

const BUCKET = 'parley-blobs';
let s3rver: S3rver | undefined;
let s3Folder = '';
let s3Port = 0;
const fileRoot = mkdtempSync(path.join(tmpdir(), 'parley-blobs-'));

beforeAll(async () => {
  // A local server speaking the S3 protocol, with the bucket the store is configured for.
  s3Folder = mkdtempSync(path.join(tmpdir(), 'parley-s3-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Folder,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  ({ port: s3Port } = await s3rver.run());
});
afterAll(async () => {
  await s3rver?.close();
  rmSync(s3Folder, { recursive: true, force: true });
  rmSync(fileRoot, { recursive: true, force: true });
});

const stores: Array<[string, () => BlobStore]> = [
  ['files under DATA_DIR', () => fileBlobStore(fileRoot)],
  [
    'S3 (a local S3-speaking server)',
    () =>
      s3BlobStore({
        bucket: BUCKET,
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${s3Port}`,
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ],
];

describe.each(stores)('the blob store: %s', (_kind, make) => {
  const prefix = `tenants/t1/bots/b-${Math.random().toString(16).slice(2)}/`;

  it('keeps bytes and their content type under a key, and answers nothing for a missing key', async () => {
    const blobs = make();
    const bytes = Buffer.from([0, 1, 2, 250, 251, 255]);
    await blobs.put(`${prefix}files/a.bin`, bytes, 'application/x-test');
    expect(await blobs.get(`${prefix}files/a.bin`)).toEqual({
      data: bytes,
      contentType: 'application/x-test',
    });
    expect(await blobs.exists(`${prefix}files/a.bin`)).toBe(true);
    expect(await blobs.get(`${prefix}files/none.bin`)).toBeUndefined();
    expect(await blobs.exists(`${prefix}files/none.bin`)).toBe(false);
    await blobs.put(`${prefix}files/a.bin`, Buffer.from('replaced'));
    expect((await blobs.get(`${prefix}files/a.bin`))?.data.toString()).toBe('replaced');
    await blobs.close();
  });

  it('lists and deletes by prefix, leaving other bots alone', async () => {
    const blobs = make();
    const other = 'tenants/t1/bots/other/keep.txt';
    await blobs.put(`${prefix}models/one.json`, Buffer.from('1'));
    await blobs.put(`${prefix}models/deep/two.json`, Buffer.from('2'));
    await blobs.put(other, Buffer.from('kept'));
    expect((await blobs.list(`${prefix}models/`)).sort()).toEqual([
      `${prefix}models/deep/two.json`,
      `${prefix}models/one.json`,
    ]);
    await blobs.delete(`${prefix}models/one.json`);
    expect(await blobs.list(`${prefix}models/`)).toEqual([`${prefix}models/deep/two.json`]);
    await blobs.deletePrefix(prefix);
    expect(await blobs.list(prefix)).toEqual([]);
    expect((await blobs.get(other))?.data.toString()).toBe('kept');
    await blobs.close();
  });

  it('refuses keys that could leave their place', async () => {
    const blobs = make();
    for (const key of [
      '../escape',
      'tenants/../../etc/passwd',
      '/absolute',
      'a\\b',
      'a//b',
      'tenants/t1/\u0000',
      '',
    ])
      await expect(blobs.put(key, Buffer.from('x')), JSON.stringify(key)).rejects.toThrow(/Not a blob key/);
    await expect(blobs.deletePrefix('tenants')).rejects.toThrow(/ends with/);
    await blobs.close();
  });
});

describe('blob keys', () => {
  it('take names of any language but no path tricks', () => {
    expect(() => assertBlobKey('tenants/t1/bots/café-bot/nlu-models/parley/x.json')).not.toThrow();
    expect(() => assertBlobKey('tenants/t1/bots/./x')).toThrow();
  });

  it('leave no temporary files behind in the folder', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'parley-blobs-'));
    const blobs = fileBlobStore(root);
    await blobs.put('tenants/t/x.txt', Buffer.from('x'));
    expect(readdirSync(path.join(root, 'tenants', 't')).filter((name) => name.startsWith('.tmp-'))).toEqual(
      [],
    );
    rmSync(root, { recursive: true, force: true });
  });
});
