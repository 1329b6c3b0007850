import { parseArgs } from 'node:util';
import { evaluateFiles } from './evaluate';

/**
 * `npm run nlu -- eval --train FILE --test FILE [--lang en]`: trains on one bench-data file,
 * predicts the other and prints one JSON object, the last thing on stdout.
 */
const USAGE = 'Usage: npm run nlu -- eval --train FILE --test FILE [--lang en]';

function main(argv: string[]): number {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { train: { type: 'string' }, test: { type: 'string' }, lang: { type: 'string', default: 'en' } },
  });
  if (positionals[0] !== 'eval' || !values.train || !values.test) {
    console.error(USAGE);
    return 2;
  }
  const result = evaluateFiles(values.train, values.test, values.lang ?? 'en');
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
