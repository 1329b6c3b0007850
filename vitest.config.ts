import { defineConfig } from 'vitest/config';

/** One runner, four projects: engine unit tests, the web app's pure modules, API tests on real databases, browser tests. */
export default defineConfig({
  test: {
    // Two at a time on two cores (Vitest's default keeps one core free): API tests mostly wait on
    // databases and sockets, so the run is minutes shorter. Browser files too: each has its own
    // server, database and Chromium, and they were shown to stand alone two at a time (468 s
    // instead of 892 s one at a time).
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // The web app's pure modules (forms, drafts, suggestions, routes): no browser needed.
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
        },
      },
    ],
  },
});
