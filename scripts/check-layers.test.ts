import { describe, expect, it } from 'vitest';
import { againstKnown, findViolations, violationKey } from './check-layers';
import type { ImportEdge, WorkspacePackage } from './layers/import-graph';

const workspace: WorkspacePackage[] = [
  { name: '@parley/contracts', dir: 'packages/contracts', dependsOn: [], exports: {} },
  { name: '@parley/db', dir: 'packages/db', dependsOn: ['@parley/contracts'], exports: {} },
  { name: '@parley/runtime', dir: 'packages/runtime', dependsOn: ['@parley/contracts'], exports: {} },
  { name: '@parley/server', dir: 'apps/server', dependsOn: ['@parley/db'], exports: {} },
];

const edge = (from: string, to: string, specifier = to): ImportEdge => ({ from, to, specifier });
const ruleOf = (edges: ImportEdge[]) => findViolations(edges, workspace).map((violation) => violation.rule);

describe('the layer rules', () => {
  it.each([
    [
      'a route calls a service',
      edge('apps/server/src/routes/a.routes.ts', 'apps/server/src/services/a/a.service.ts'),
    ],
    [
      'a service calls a repository',
      {
        from: 'apps/server/src/services/a/a.service.ts',
        specifier: '@parley/db',
        toPackage: '@parley/db',
        to: 'packages/db/src/index.ts',
      },
    ],
    [
      'a package uses a declared package',
      { from: 'packages/db/src/x.ts', specifier: '@parley/contracts', toPackage: '@parley/contracts' },
    ],
    [
      'a feature imports its own files',
      edge('apps/web/src/features/bots/A.tsx', 'apps/web/src/features/bots/hooks/use-a.ts'),
    ],
    [
      'a feature imports another through its index',
      edge('apps/web/src/features/bots/A.tsx', 'apps/web/src/features/intents/index.ts', '../intents'),
    ],
    [
      'a feature imports the design system',
      edge('apps/web/src/features/bots/A.tsx', 'apps/web/src/ui/Button.tsx'),
    ],
    [
      'the context reaches a queue',
      edge('apps/server/src/context.ts', 'apps/server/src/jobs/create-job-queue.ts'),
    ],
  ])('lets %s', (_, allowed) => {
    expect(ruleOf([allowed as ImportEdge])).toEqual([]);
  });

  it.each([
    [
      'services-below-routes',
      edge('apps/server/src/services/a/a.service.ts', 'apps/server/src/routes/ws.routes.ts'),
    ],
    [
      'services-below-start-up',
      edge('apps/server/src/services/a/a.service.ts', 'apps/server/src/jobs/job-handlers.ts'),
    ],
    ['packages-below-apps', edge('packages/db/src/bot.repository.ts', 'apps/server/src/context.ts')],
    [
      'packages-in-dependency-order',
      { from: 'packages/db/src/x.ts', specifier: '@parley/runtime', toPackage: '@parley/runtime' },
    ],
    [
      'packages-in-dependency-order',
      edge('packages/contracts/src/x.ts', 'packages/db/src/index.ts', '../../db/src'),
    ],
    ['server-and-web-apart', edge('apps/web/src/api/client.ts', 'apps/server/src/config.ts')],
    [
      'web-ui-and-api-below-features',
      edge('apps/web/src/ui/Table.tsx', 'apps/web/src/features/bots/index.ts'),
    ],
    [
      'features-through-index',
      edge('apps/web/src/features/bots/A.tsx', 'apps/web/src/features/intents/api/intents-api.ts'),
    ],
  ])('refuses %s', (rule, refused) => {
    expect(ruleOf([refused as ImportEdge])).toEqual([rule]);
  });

  it('finds the loop a job handler ties through the app context, naming its chain', () => {
    const edges = [
      edge('apps/server/src/context.ts', 'apps/server/src/jobs/create-job-queue.ts'),
      edge('apps/server/src/jobs/create-job-queue.ts', 'apps/server/src/jobs/jobs.ts', './jobs'),
      edge(
        'apps/server/src/jobs/jobs.ts',
        'apps/server/src/services/nlu/nlu-test.service.ts',
        '../services/nlu/nlu-test.service',
      ),
      edge('apps/server/src/services/nlu/nlu-test.service.ts', 'apps/server/src/context.ts'),
    ];
    const [violation, ...others] = findViolations(edges, workspace);
    expect(others).toEqual([]);
    expect(violation).toMatchObject({
      rule: 'context-in-no-loop',
      file: 'apps/server/src/jobs/jobs.ts',
      specifier: '../services/nlu/nlu-test.service',
      chain: [
        'apps/server/src/context.ts',
        'apps/server/src/jobs/create-job-queue.ts',
        'apps/server/src/jobs/jobs.ts',
        'apps/server/src/services/nlu/nlu-test.service.ts',
      ],
    });
  });

  it('tolerates only the listed violations, and a listed one fixed must leave the list', () => {
    const [listed, fresh] = findViolations(
      [
        edge('apps/web/src/features/bots/A.tsx', 'apps/web/src/features/intents/api/a.ts'),
        edge('apps/web/src/features/bots/B.tsx', 'apps/web/src/features/intents/api/b.ts'),
      ],
      workspace,
    );
    const gone = 'features-through-index: apps/web/src/features/x/C.tsx → ../y/c';
    const checked = againstKnown([listed!, fresh!], [violationKey(listed!), gone]);
    expect(checked.fresh).toEqual([fresh]);
    expect(checked.stale).toEqual([gone]);
  });
});
