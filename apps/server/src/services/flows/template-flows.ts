import { FLOW_MESSAGES as M, validationError } from '@parley/contracts';
import type { IntentRecord } from '@parley/db';
import { FLOW_TEMPLATES, flowTemplateXml } from '@parley/flows';
import type { Principal } from '../../auth/principal';
import type { BotContent } from '../content/bot-content.service';
import { intentSubjectIn } from './flow-subject';
import { botLanguage } from './flow-validation-context';
import { saveFlow } from './flows.service';

/** A template flow of GET /api/templates by its id; any other id is refused before anything is made. */
export function flowTemplateNamed(id: string) {
  const template = FLOW_TEMPLATES.find((t) => t.id === id);
  if (!template) throw validationError('template', M.unknownTemplate);
  return template;
}

/** Version 1 of a new intent's flow, made from the template for the intent's name and the bot's language. */
export async function saveTemplateFlow(
  principal: Principal,
  content: BotContent,
  intent: IntentRecord,
  templateId: string,
): Promise<void> {
  const xml = await flowTemplateXml(templateId, {
    intentName: intent.name,
    languages: [botLanguage(content.bot)],
  });
  await saveFlow(principal, intentSubjectIn(content, intent), { xml, status: 'unpublished' });
}
