// Bundles the server (and the internal @parley/* packages, which ship TypeScript source) into
// dist/; every npm dependency stays an import resolved from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifests = [
  './package.json',
  '../../packages/db/package.json',
  '../../packages/contracts/package.json',
  '../../packages/functions/package.json',
  '../../packages/nlu/package.json',
];
const external = [
  ...new Set(
    manifests.flatMap((file) =>
      Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url))).dependencies ?? {}),
    ),
  ),
].filter((name) => !name.startsWith('@parley/'));

await build({
  // The NLU training worker is its own file: worker_threads load it by path (dist/nlu/).
  entryPoints: ['src/main.ts', 'src/cli.ts', 'src/nlu/training-worker.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
