import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * A worker's file: the built `{name}.js` the server bundle keeps in `dist/{folder}/`, or the
 * TypeScript source beside the module that starts it, when the server runs from source (tsx in
 * dev, vitest in tests). `moduleUrl` is the caller's import.meta.url.
 */
export function locateWorker(moduleUrl: string, folder: string, name: string): URL {
  const candidates = [
    new URL(`./${name}.js`, moduleUrl),
    new URL(`./${folder}/${name}.js`, moduleUrl),
    new URL(`./${name}.ts`, moduleUrl),
  ];
  const found = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (!found) throw new Error(`The worker ${folder}/${name} is missing from the build.`);
  return found;
}

/** tsx's ESM register API (require.resolve would answer its CommonJS twin). */
function tsxEsmApi(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = manifest.exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs';
  return new URL(entry, pathToFileURL(manifestPath)).href;
}

/**
 * Starts a worker thread. A .ts worker (dev, tests) first registers tsx's loader in its own
 * thread, then imports the source: Node 20 runs no TypeScript, and a worker's `--import` flag
 * is not honoured there.
 */
export function startWorker(file: URL, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const options = { workerData, ...(resourceLimits ? { resourceLimits } : {}) };
  if (!file.pathname.endsWith('.ts')) return new Worker(file, options);
  const bootstrap = `import(${JSON.stringify(tsxEsmApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
