import { parseArgs } from 'node:util';
import { evaluateFiles } from './evaluate';

/**
 * `npm run nlu -- eval --train FILE --test FILE [--lang en] [--foreign FILE]`: trains on one
 * bench-data file, predicts the other and prints one JSON object, the last thing on stdout.
 * `--foreign` sends another dataset's texts too and reports the share a new bot's thresholds
 * would answer 'I did not understand' (the runtime's rule).
 */
const USAGE = 'Usage: npm run nlu -- eval --train FILE --test FILE [--lang en] [--foreign FILE]';

function main(argv: string[]): number {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      train: { type: 'string' },
      test: { type: 'string' },
      lang: { type: 'string', default: 'en' },
      foreign: { type: 'string' },
    },
  });
  if (positionals[0] !== 'eval' || !values.train || !values.test) {
    console.error(USAGE);
    return 2;
  }
  const result = evaluateFiles(values.train, values.test, values.lang ?? 'en', values.foreign);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(USAGE);
  process.exitCode = 1;
}
