/**
 * The house's layers, checked on every `npm run lint`: imports run one way only. Routes call
 * services, services call repositories (packages/db), and packages know no app; a package uses
 * only the packages its package.json declares (that is the order between packages); a web
 * feature reaches another only through its `index.ts`; the app context knows no service.
 * Each rule is a row of `IMPORT_RULES` or `REACH_RULES`; a violation names the file, the import and the rule.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ImportEdge,
  readImportGraph,
  readWorkspace,
  type WorkspacePackage,
} from './layers/import-graph';

const SERVER = 'apps/server/src/';
const FEATURES = 'apps/web/src/features/';

/** One rule over single imports: the importing file, the import, and whether the rule refuses it. */
export interface ImportRule {
  name: string;
  /** What the rule keeps, printed with each violation. */
  why: string;
  refuses(edge: ImportEdge, workspace: readonly WorkspacePackage[]): boolean;
}

/** One rule over what a file reaches through any chain of imports. */
export interface ReachRule {
  name: string;
  why: string;
  /** The files whose reach is bounded. */
  from: readonly string[];
  mayNotReach(file: string): boolean;
}

export interface Violation {
  rule: string;
  why: string;
  file: string;
  specifier: string;
  /** For a reach rule: the chain of files from the bounded file to the refused one. */
  chain?: string[];
}

const under = (file: string | undefined, folder: string) => file?.startsWith(folder) ?? false;
const packageOf = (file: string | undefined, workspace: readonly WorkspacePackage[]) =>
  file === undefined ? undefined : workspace.find((candidate) => file.startsWith(`${candidate.dir}/`));
const featureOf = (file: string | undefined) =>
  under(file, FEATURES) ? file?.slice(FEATURES.length).split('/')[0] : undefined;

/** Where the server starts: what wires every layer together, so no layer below may import it. */
const SERVER_START_UP = [
  `${SERVER}main.ts`,
  `${SERVER}cli.ts`,
  `${SERVER}server.ts`,
  `${SERVER}app.ts`,
  `${SERVER}jobs/job-handlers.ts`,
  `${SERVER}jobs/start-jobs.ts`,
];

export const IMPORT_RULES: readonly ImportRule[] = [
  {
    name: 'services-below-routes',
    why: 'routes call services, never the other way: move what both need into the service (or below it)',
    refuses: (edge) => under(edge.from, `${SERVER}services/`) && under(edge.to, `${SERVER}routes/`),
  },
  {
    name: 'services-below-start-up',
    why: 'the start-up (app, server, job handlers) wires the services; a service importing it ties every service to every other',
    refuses: (edge) => under(edge.from, `${SERVER}services/`) && SERVER_START_UP.includes(edge.to ?? ''),
  },
  {
    name: 'packages-below-apps',
    why: 'packages (repositories, runtime, contracts...) know no app: pass what they need in as arguments',
    refuses: (edge, workspace) =>
      under(edge.from, 'packages/') &&
      (under(edge.to, 'apps/') ||
        workspace.some((app) => app.name === edge.toPackage && app.dir.startsWith('apps/'))),
  },
  {
    name: 'packages-in-dependency-order',
    why: 'a package imports only the workspace packages its package.json depends on (that is the order between them; declare it there, without a cycle)',
    refuses: (edge, workspace) => {
      const own = packageOf(edge.from, workspace);
      if (!own?.dir.startsWith('packages/')) return false;
      const target =
        workspace.find((candidate) => candidate.name === edge.toPackage) ?? packageOf(edge.to, workspace);
      // An app is refused by packages-below-apps.
      if (!target?.dir.startsWith('packages/')) return false;
      return target.name !== own.name && !own.dependsOn.includes(target.name);
    },
  },
  {
    name: 'server-and-web-apart',
    why: 'the server and the web app share code only through packages (contracts)',
    refuses: (edge) =>
      (under(edge.from, 'apps/server/') && under(edge.to, 'apps/web/')) ||
      (under(edge.from, 'apps/web/src/') && under(edge.to, 'apps/server/src/')),
  },
  {
    name: 'web-ui-and-api-below-features',
    why: 'the design system (src/ui) and the API client (src/api) serve the features and the app shell, and import neither',
    refuses: (edge) =>
      (under(edge.from, 'apps/web/src/ui/') || under(edge.from, 'apps/web/src/api/')) &&
      (under(edge.to, FEATURES) || under(edge.to, 'apps/web/src/app/')),
  },
  {
    name: 'features-through-index',
    why: "a web feature reaches another only through its index.ts: add what is needed to that feature's index.ts and import '../<feature>'",
    refuses: (edge) => {
      const from = featureOf(edge.from);
      const to = featureOf(edge.to);
      if (!from || !to || from === to) return false;
      return !/^index\.tsx?$/.test(edge.to?.slice(FEATURES.length + to.length + 1) ?? '');
    },
  },
];

const CONTEXT = `${SERVER}context.ts`;

export const REACH_RULES: readonly ReachRule[] = [
  {
    name: 'context-in-no-loop',
    why: 'every service imports the app context, so what the context reaches must reach neither the context again nor a service, a route or a job handler (jobs/job-payloads.ts declares the job kinds apart from their handlers)',
    from: [CONTEXT],
    mayNotReach: (file) =>
      file === CONTEXT ||
      under(file, `${SERVER}services/`) ||
      under(file, `${SERVER}routes/`) ||
      SERVER_START_UP.includes(file),
  },
];

/** Every import the rules refuse, in file order. */
export function findViolations(
  edges: readonly ImportEdge[],
  workspace: readonly WorkspacePackage[],
  importRules: readonly ImportRule[] = IMPORT_RULES,
  reachRules: readonly ReachRule[] = REACH_RULES,
): Violation[] {
  const violations: Violation[] = [];
  for (const edge of edges) {
    for (const rule of importRules) {
      if (rule.refuses(edge, workspace)) {
        violations.push({ rule: rule.name, why: rule.why, file: edge.from, specifier: edge.specifier });
      }
    }
  }
  const importsOf = new Map<string, ImportEdge[]>();
  for (const edge of edges) {
    if (edge.to) importsOf.set(edge.from, [...(importsOf.get(edge.from) ?? []), edge]);
  }
  for (const rule of reachRules) {
    for (const start of rule.from) {
      // Breadth first: the chain reported is a shortest one.
      const cameFrom = new Map<string, ImportEdge | undefined>([[start, undefined]]);
      const queue = [start];
      while (queue.length > 0) {
        const file = queue.shift() as string;
        for (const edge of importsOf.get(file) ?? []) {
          const to = edge.to as string;
          if (cameFrom.has(to)) continue;
          cameFrom.set(to, edge);
          if (rule.mayNotReach(to)) {
            const chain = [to];
            for (let step: ImportEdge | undefined = edge; step; step = cameFrom.get(step.from))
              chain.unshift(step.from);
            violations.push({
              rule: rule.name,
              why: rule.why,
              file: edge.from,
              specifier: edge.specifier,
              chain,
            });
          } else queue.push(to);
        }
      }
    }
  }
  return violations;
}

export function formatViolation(violation: Violation): string {
  const chain = violation.chain ? `\n    by way of ${violation.chain.join(' → ')}` : '';
  return `${violation.file} → '${violation.specifier}'  [${violation.rule}]${chain}\n    ${violation.why}`;
}

/** The folders whose imports are checked. */
export const CHECKED_FOLDERS = ['apps/server/src', 'apps/web/src', 'packages'];

/**
 * Imports that ran the wrong way when the rule came, each still to be fixed: tolerated, but the
 * list only shrinks (an entry that no longer occurs fails the check until it is deleted).
 */
export const KNOWN_VIOLATIONS_FILE = 'scripts/layers/known-violations.json';

export const violationKey = (violation: Violation) =>
  `${violation.rule}: ${violation.file} → ${violation.specifier}`;

/** The violations not on the known list, and the known ones that no longer occur. */
export function againstKnown(
  violations: readonly Violation[],
  known: readonly string[],
): { fresh: Violation[]; stale: string[] } {
  const keys = new Set(violations.map(violationKey));
  const knownKeys = new Set(known);
  return {
    fresh: violations.filter((violation) => !knownKeys.has(violationKey(violation))),
    stale: known.filter((key) => !keys.has(key)),
  };
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const workspace = readWorkspace(root);
  const violations = findViolations(readImportGraph(root, CHECKED_FOLDERS, workspace), workspace);
  const knownPath = path.join(root, KNOWN_VIOLATIONS_FILE);
  const known = existsSync(knownPath) ? (JSON.parse(readFileSync(knownPath, 'utf8')) as string[]) : [];
  if (process.argv.includes('--write-known')) {
    writeFileSync(knownPath, `${JSON.stringify(violations.map(violationKey).sort(), null, 2)}\n`);
    console.log(`Layers: ${violations.length} known violation(s) written to ${KNOWN_VIOLATIONS_FILE}.`);
    return;
  }
  const { fresh, stale } = againstKnown(violations, known);
  for (const violation of fresh) console.error(`  ${formatViolation(violation)}\n`);
  for (const key of stale) console.error(`  fixed, so delete it from ${KNOWN_VIOLATIONS_FILE}: ${key}`);
  if (fresh.length > 0 || stale.length > 0) {
    console.error(
      `\nLayers: ${fresh.length} import(s) run the wrong way, ${stale.length} known one(s) fixed but still listed.`,
    );
    process.exitCode = 1;
    return;
  }
  console.log(
    `Layers: every import runs one way, but for ${known.length} known one(s) still to fix (${KNOWN_VIOLATIONS_FILE}).`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
