import { readFileSync } from 'node:fs';

/**
 * `npx tsx scripts/bench/cpu-profile-summary.ts FILE.cpuprofile [N]`: the functions a V8 CPU
 * profile (node --cpu-prof) spent the most self time in, and the share of each package.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const [file, top = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary FILE.cpuprofile [N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/');
  const name = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  const place = url.includes('node_modules/')
    ? (url
        .split('node_modules/')[1]
        ?.split('/')
        .slice(0, url.includes('node_modules/@') ? 2 : 1)
        .join('/') ?? '?')
    : url.startsWith('node:')
      ? url
      : url === ''
        ? `(${functionName || 'native'})`
        : 'parley';
  byPlace.set(place, (byPlace.get(place) ?? 0) + hits);
}
const share = (hits: number) => `${((100 * hits) / total).toFixed(1)}%`;
console.log('By function (self time):');
for (const [name, hits] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  console.log(`  ${share(hits).padStart(6)}  ${name}`);
console.log('By package:');
for (const [place, hits] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`  ${share(hits).padStart(6)}  ${place}`);
