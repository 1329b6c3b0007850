import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppError, BotTemplateSummary } from '@parley/contracts';
import { z } from 'zod';
import { type BundleContent, readBundleContent } from '../../bot-bundle/bundle-content';

/**
 * Starter templates: readable bundle content (the JSON an export seals, plus a name and a
 * description) in apps/server/templates/{id without .enc}.json. Creating a bot from one runs the
 * import of a bundle, so templates obey every rule imported bots do.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** apps/server/templates, from the source tree (src/services/bots) and from the bundle (dist) alike. */
function templatesDir(): string {
  const candidates = [path.resolve(here, '../../../templates'), path.resolve(here, '../templates')];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`Starter templates folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

const templateInfoSchema = z.object({
  template: z.object({ name: z.string().min(1).max(100), description: z.string().min(1).max(500) }),
});

interface StarterTemplate {
  summary: BotTemplateSummary;
  content: BundleContent;
}

let templates: Map<string, StarterTemplate> | undefined;

/** Reads every template once; a template the rules refuse is a fault of the repository, reported by name. */
function loadTemplates(): Map<string, StarterTemplate> {
  if (templates) return templates;
  const dir = templatesDir();
  const loaded = new Map<string, StarterTemplate>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const json: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const info = templateInfoSchema.safeParse(json);
    if (!info.success) throw new Error(`Starter template ${file} has no template name and description.`);
    let content: BundleContent;
    try {
      content = readBundleContent(json);
    } catch (error) {
      throw new Error(`Starter template ${file} is not valid: ${(error as AppError).message}`);
    }
    const id = file.replace(/\.json$/, '.enc');
    loaded.set(id, {
      summary: { id, ...info.data.template, language: content.settings.language },
      content,
    });
  }
  templates = loaded;
  return loaded;
}

/** GET /api/bots/templates: the starter templates (id is the file name ending .enc, spec 01 section 3). */
export function listBotTemplates(): BotTemplateSummary[] {
  return [...loadTemplates().values()].map((t) => t.summary);
}

/** The content of the template with that id, or undefined for an unknown one. */
export function botTemplateContent(id: string): BundleContent | undefined {
  return loadTemplates().get(id.trim())?.content;
}
