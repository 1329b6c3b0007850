// Bundles the chat widget into one IIFE file, dist/chat-widget.js, which the server serves at
// /assets/chat-widget.js. It runs on customers' pages: no framework, nothing global but ParleyChat.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The size budget of the gzipped script (issue 13). */
export const WIDGET_GZIP_BUDGET_BYTES = 60 * 1024;

const outfile = new URL('./dist/chat-widget.js', import.meta.url).pathname;
mkdirSync(new URL('./dist/', import.meta.url), { recursive: true });
await build({
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const size = gzipSync(readFileSync(outfile)).length;
if (size > WIDGET_GZIP_BUDGET_BYTES) {
  console.error(`chat-widget.js is ${size} bytes gzipped, over its budget of ${WIDGET_GZIP_BUDGET_BYTES}`);
  process.exit(1);
}
writeFileSync(new URL('./dist/size.json', import.meta.url), `${JSON.stringify({ gzipBytes: size })}\n`);
console.log(`chat-widget.js: ${size} bytes gzipped (budget ${WIDGET_GZIP_BUDGET_BYTES})`);
