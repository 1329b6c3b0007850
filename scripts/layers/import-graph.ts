import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import of a source file: the text as written and, when it is ours, the file it names. */
export interface ImportEdge {
  /** Repository-relative, with forward slashes. */
  from: string;
  specifier: string;
  /** The repository file it resolves to (relative, forward slashes), when it is one. */
  to?: string;
  /** The workspace package it names (`@parley/db`), when it names one by its package name. */
  toPackage?: string;
}

export interface WorkspacePackage {
  name: string;
  /** Repository-relative folder. */
  dir: string;
  /** The workspace packages its package.json depends on. */
  dependsOn: string[];
  exports: Record<string, string>;
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.data', 'test-results', 'bench-results']);

/** The workspace packages (packages/* and apps/*) with their declared dependencies on each other. */
export function readWorkspace(root: string): WorkspacePackage[] {
  const packages: WorkspacePackage[] = [];
  for (const group of ['packages', 'apps']) {
    const groupDir = path.join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const entry of readdirSync(groupDir).sort()) {
      const manifestPath = path.join(groupDir, entry, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
        exports?: Record<string, string> | string;
      };
      const dependencies = { ...manifest.dependencies, ...manifest.devDependencies };
      const exportsMap = typeof manifest.exports === 'string' ? { '.': manifest.exports } : manifest.exports;
      packages.push({
        name: manifest.name,
        dir: `${group}/${entry}`,
        dependsOn: Object.keys(dependencies).filter((name) => name.startsWith('@parley/')),
        exports: Object.fromEntries(
          Object.entries(exportsMap ?? {}).filter(([, target]) => typeof target === 'string'),
        ),
      });
    }
  }
  return packages;
}

/** Every source file under these repository-relative folders. */
export function listSourceFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative)).sort()) {
      if (SKIPPED_FOLDERS.has(entry)) continue;
      const child = `${relative}/${entry}`;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else if (SOURCE_EXTENSIONS.some((extension) => entry.endsWith(extension)) && !entry.endsWith('.d.ts')) {
        files.push(child);
      }
    }
  };
  for (const folder of folders) if (existsSync(path.join(root, folder))) walk(folder);
  return files;
}

/** The module specifiers a file imports, re-exports, or loads with `import()` (type-only ones too: they tie types). */
export function importSpecifiers(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((file) => file.fileName);
}

/** Resolves a specifier the way the repository's bundlers do: relative paths and workspace package names. */
export function resolveImport(
  root: string,
  from: string,
  specifier: string,
  packages: readonly WorkspacePackage[],
): Pick<ImportEdge, 'to' | 'toPackage'> {
  if (specifier.startsWith('.')) {
    const to = resolveFile(root, path.posix.join(path.posix.dirname(from), specifier));
    return to ? { to } : {};
  }
  const target = packages.find(
    (candidate) => specifier === candidate.name || specifier.startsWith(`${candidate.name}/`),
  );
  if (!target) return {};
  const subpath = `.${specifier.slice(target.name.length)}`;
  const exported = target.exports[subpath];
  const to = exported ? resolveFile(root, path.posix.join(target.dir, exported)) : undefined;
  return to ? { to, toPackage: target.name } : { toPackage: target.name };
}

function resolveFile(root: string, candidate: string): string | undefined {
  const normalised = path.posix.normalize(candidate);
  const isFile = (relative: string) =>
    existsSync(path.join(root, relative)) && statSync(path.join(root, relative)).isFile();
  if (isFile(normalised)) return normalised;
  // `./x.js` written for a `./x.ts` source.
  const withoutJs = normalised.replace(/\.(m?js|jsx)$/, '');
  for (const extension of SOURCE_EXTENSIONS) {
    if (isFile(`${withoutJs}${extension}`)) return `${withoutJs}${extension}`;
  }
  for (const extension of SOURCE_EXTENSIONS) {
    if (isFile(`${normalised}/index${extension}`)) return `${normalised}/index${extension}`;
  }
  return undefined;
}

/** The import graph of these folders: one edge per import statement. */
export function readImportGraph(
  root: string,
  folders: readonly string[],
  packages: readonly WorkspacePackage[],
): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of listSourceFiles(root, folders)) {
    const text = readFileSync(path.join(root, from), 'utf8');
    for (const specifier of importSpecifiers(text)) {
      edges.push({ from, specifier, ...resolveImport(root, from, specifier, packages) });
    }
  }
  return edges;
}
