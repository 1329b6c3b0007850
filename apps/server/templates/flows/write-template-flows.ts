/**
 * Writes the starter templates' flows into their JSON files (sections.flows), built from the
 * *.flows.ts files next to this one. Run after changing a flow, a template's intents or the
 * flow builder:
 *
 *   npx tsx apps/server/templates/flows/write-template-flows.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_FLOWS, templateJsonWithFlows } from './template-flows';

const templatesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

for (const id of Object.keys(TEMPLATE_FLOWS)) {
  const file = path.join(templatesDir, `${id}.json`);
  const text = readFileSync(file, 'utf8');
  const written = await templateJsonWithFlows(id, text);
  if (written === text) {
    console.log(`${id}.json: unchanged`);
  } else {
    writeFileSync(file, written);
    console.log(`${id}.json: flows written`);
  }
}
