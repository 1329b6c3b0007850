// Bundles the server (and the internal @parley/* packages, which ship TypeScript source) into
// dist/; every npm dependency stays an import resolved from node_modules at run time. The
// externals are read from the server's manifest and, following its @parley/* dependencies,
// from each workspace package it reaches, so a dependency added to a package is never bundled.
import { readdirSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('../../', import.meta.url);
const readManifest = (url) => JSON.parse(readFileSync(url, 'utf8'));
const workspaceManifests = new Map(
  ['packages/', 'apps/'].flatMap((folder) =>
    readdirSync(new URL(folder, root)).map((name) => {
      const manifest = readManifest(new URL(`${folder}${name}/package.json`, root));
      return [manifest.name, manifest];
    }),
  ),
);

function externalsOf(manifest, seen = new Set()) {
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const workspace = workspaceManifests.get(name);
    if (!workspace) seen.add(name);
    else if (!seen.has(name)) {
      seen.add(name);
      externalsOf(workspace, seen);
    }
  }
  return [...seen].filter((name) => !workspaceManifests.has(name));
}

await build({
  // Workers are files of their own: worker_threads load them by path (dist/nlu/, dist/untrusted-input/).
  // The training worker's source is in services/nlu/engine/; it is built to dist/nlu/, where
  // train-in-worker.ts looks for it (workers/worker-thread.ts).
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    { in: 'src/services/nlu/engine/training-worker.ts', out: 'nlu/training-worker' },
    'src/untrusted-input/input-worker.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: externalsOf(readManifest(new URL('package.json', import.meta.url))),
  logLevel: 'warning',
});
