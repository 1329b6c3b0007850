import { type BundleFlow, FUNCTION_TYPE_CATALOGUE, type FunctionType } from '@parley/contracts';
import {
  buildFlowXml,
  type FlowStep,
  type FlowValidationContext,
  parseFlow,
  validateFlow,
} from '@parley/flows';
import { appointmentBookingFlows } from './appointment-booking.flows';
import { customerSupportFaqFlows } from './customer-support-faq.flows';
import { orderStatusFlows } from './order-status.flows';

/**
 * The starter templates' dialog flows are written as steps (the *.flows.ts files) and stored as
 * BPMN XML in each template's `sections.flows`, as a bot export carries them. This builds that
 * section; write-template-flows.ts writes it into the JSON files, and a unit test checks that
 * the committed files hold exactly what it builds.
 */

/** Flows by intent name, by template id (the JSON file's name without .json). */
export const TEMPLATE_FLOWS: Readonly<Record<string, Readonly<Record<string, FlowStep[]>>>> = {
  'appointment-booking': appointmentBookingFlows,
  'customer-support-faq': customerSupportFaqFlows,
  'order-status': orderStatusFlows,
};

/** Who saved and activated the flows, and when: fixed, so building again changes nothing. */
export const TEMPLATE_FLOW_AUTHOR = 'templates@parley.dev';
export const TEMPLATE_FLOW_DATE = '2026-11-22T00:00:00.000Z';

/** What the build reads of a template's JSON. */
export interface TemplateContent {
  sections: {
    settings: { language: string; supportedLanguages?: string[] };
    intents: { name: string; type?: string }[];
    functions: { name: string; type: string; inputs?: { name: string }[] }[];
    entities: { name: string; type: string }[];
    flows: unknown[];
  };
}

/** The template's languages, its main one first. */
export function templateLanguages(template: TemplateContent): string[] {
  const { language, supportedLanguages = [] } = template.sections.settings;
  return [language, ...supportedLanguages.filter((other) => other !== language)];
}

/** The intents that have a flow: FAQ intents answer with their text instead (spec 03 section 2.2). */
export function normalIntentsOf(template: TemplateContent): string[] {
  return template.sections.intents.filter((intent) => intent.type !== 'faq').map((intent) => intent.name);
}

/** What a bot made from the template offers its flows, as the server's validation sees it. */
export function templateFlowContext(template: TemplateContent): FlowValidationContext {
  const { intents, functions, entities } = template.sections;
  return {
    languages: templateLanguages(template),
    // Every bot has None besides the template's intents.
    intents: ['None', ...intents.map((intent) => intent.name)],
    functions: functions.map((fn) => ({
      name: fn.name,
      type: fn.type,
      inputs: (fn.inputs ?? []).map((input) => input.name),
    })),
    entities: entities.map((entity) => ({ name: entity.name, type: entity.type })),
  };
}

/** Every step of a flow, those inside conditions' branches and Call failed paths included. */
function allSteps(steps: readonly FlowStep[]): FlowStep[] {
  return steps.flatMap((step) => [
    step,
    ...('branches' in step ? step.branches.flatMap((branch) => allSteps(branch.steps ?? [])) : []),
    ...('function' in step && step.failed ? allSteps(step.failed) : []),
  ]);
}

/**
 * The calls of a flow that could fail (REST, SQL, code) with no Call failed path: a newcomer's
 * chat would end in the unexpected-error message when the system behind one is away.
 */
export function callsWithoutFailurePath(steps: readonly FlowStep[], template: TemplateContent): string[] {
  const typeOf = (name: string) => template.sections.functions.find((fn) => fn.name === name)?.type;
  return allSteps(steps).flatMap((step) => {
    if (!('function' in step)) return [];
    const type = typeOf(step.function) as FunctionType | undefined;
    const canFail = type !== undefined && FUNCTION_TYPE_CATALOGUE[type]?.canFailInConversation;
    return canFail && !step.failed ? [step.name ?? step.function] : [];
  });
}

/**
 * The template's flows section: one flow per normal intent, in the intents' order, saved as
 * version 1 and active in the test chat and in production. Throws when a normal intent has no
 * flow, a flow has no normal intent, a call that can fail has no Call failed path, or a flow has
 * any problem (error or warning).
 */
export async function templateFlowsSection(id: string, template: TemplateContent): Promise<BundleFlow[]> {
  const flows = TEMPLATE_FLOWS[id];
  if (!flows) throw new Error(`Starter template ${id} has no flows file.`);
  const intents = normalIntentsOf(template);
  const strays = Object.keys(flows).filter((name) => !intents.includes(name));
  if (strays.length > 0) throw new Error(`${id}: flows for intents it has no normal intent of: ${strays}`);

  const languages = templateLanguages(template);
  const context = templateFlowContext(template);
  const section: BundleFlow[] = [];
  for (const name of intents) {
    const steps = flows[name];
    if (!steps) throw new Error(`${id}: intent ${name} has no flow.`);
    const deadEnds = callsWithoutFailurePath(steps, template);
    if (deadEnds.length > 0)
      throw new Error(
        `${id}: in the flow of ${name}, calls without a Call failed path: ${deadEnds.join(', ')}`,
      );
    const xml = await buildFlowXml(steps, { languages });
    const problems = validateFlow(await parseFlow(xml), context);
    if (problems.length > 0) {
      const listed = problems.map((p) => `${p.type} ${p.blockId ?? 'flow'}: ${p.message}`).join('; ');
      throw new Error(`${id}: the flow of ${name} has problems: ${listed}`);
    }
    section.push({
      owner: 'intent',
      name,
      versions: [
        {
          version: 1,
          xml,
          status: 'unpublished',
          savedBy: TEMPLATE_FLOW_AUTHOR,
          modified: TEMPLATE_FLOW_DATE,
        },
      ],
      // Newest first.
      activations: (['test', 'production'] as const).map((target) => ({
        target,
        version: 1,
        activatedBy: TEMPLATE_FLOW_AUTHOR,
        activatedAt: TEMPLATE_FLOW_DATE,
      })),
    });
  }
  return section;
}

/** The template file's text with its flows section built anew; everything else stays as it was. */
export async function templateJsonWithFlows(id: string, text: string): Promise<string> {
  const template = JSON.parse(text) as TemplateContent;
  template.sections.flows = await templateFlowsSection(id, template);
  return `${JSON.stringify(template, null, 2)}\n`;
}
