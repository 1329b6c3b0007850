import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('@parley/flows/blocks', () => {
  it('bundles for the browser without the XML parser or anything of Node', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./blocks-entry.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => /bpmn-moddle|parse-flow|flow-xml|node:/.test(input))).toEqual([]);
    expect(inputs.some((input) => input.endsWith('dialog-blocks.ts'))).toBe(true);
  });
});
