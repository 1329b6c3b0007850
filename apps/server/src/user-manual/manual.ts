import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ManualPage as PublicManualPage } from '@parley/contracts';
import { marked } from 'marked';

export interface ManualPage extends PublicManualPage {
  /** Plain text for search: markdown without its markup. */
  text: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** apps/server/manual, from the source tree (src/user-manual) and from the bundle (dist) alike. */
function manualDir(): string {
  const candidates = [path.resolve(here, '../../manual'), path.resolve(here, '../manual')];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`User manual folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Reads `manual/<NN-section-folder>/<slug>.md`; the folders' names order the sections. Each
 * file starts with a front matter block: `---\ntitle: ...\nsection: ...\norder: N\n---`.
 */
export function loadManual(dir: string = manualDir()): ManualPage[] {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return folders.flatMap((folder) =>
    readdirSync(path.join(dir, folder))
      .filter((file) => file.endsWith('.md'))
      .map((file) => parsePage(file.replace(/\.md$/, ''), readFileSync(path.join(dir, folder, file), 'utf8')))
      .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title)),
  );
}

function parsePage(slug: string, source: string): ManualPage {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error(`Manual page ${slug} has no front matter`);
  const meta = Object.fromEntries(
    (match[1] ?? '').split('\n').map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  );
  const markdown = source.slice(match[0].length);
  return {
    slug,
    title: meta.title ?? slug,
    section: meta.section ?? 'General',
    order: Number(meta.order ?? 100),
    html: marked.parse(markdown, { async: false }),
    text: markdownToText(markdown),
  };
}

function markdownToText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(#+|>|[-*+]|\d+\.)\s+/gm, ' ')
    .replace(/^\s*\|?[-:| ]+\|?\s*$/gm, ' ')
    .replace(/[*_`|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
