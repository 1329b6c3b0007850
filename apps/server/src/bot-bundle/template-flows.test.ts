import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FUNCTION_TYPE_CATALOGUE,
  type FunctionType,
  flowsSectionSchema,
  PREBUILT_ENTITIES,
} from '@parley/contracts';
import {
  type FlowDocument,
  FUNCTION_FAILED_EXIT,
  flowReferences,
  parseFlow,
  validateFlow,
} from '@parley/flows';
import { describe, expect, test } from 'vitest';
import {
  callsWithoutFailurePath,
  normalIntentsOf,
  type TemplateContent,
  templateFlowContext,
  templateJsonWithFlows,
} from '../../templates/flows/template-flows';

/** The starter templates' flows (apps/server/templates/flows): present, clean, and what the generator writes. */

const TEMPLATES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../templates');

/** What the test reads of a template's JSON (TemplateContent, and more). */
interface Template {
  sections: Omit<TemplateContent['sections'], 'functions'> & {
    functions: {
      name: string;
      type: string;
      inputs?: { name: string }[];
      outputs?: { variableName: string }[];
    }[];
    variables: { name: string }[];
    objects: { name: string; properties: { key: string }[] }[];
  };
}

const templates = readdirSync(TEMPLATES_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const text = readFileSync(path.join(TEMPLATES_DIR, file), 'utf8');
    return { id: file.replace(/\.json$/, ''), text, template: JSON.parse(text) as Template };
  });

const flowsOf = (template: Template) => flowsSectionSchema.parse(template.sections.flows);

/** The first language's data of each task: the templates have one language. */
const tasksOf = (doc: FlowDocument) =>
  doc.blocks.flatMap((block) => {
    const data = Object.values(block.customData)[0];
    return block.type === 'bpmn:Task' && data ? [{ block, data }] : [];
  });

describe.each(templates)('starter template $id', ({ id, text, template }) => {
  test('holds exactly the flows the generator builds (run write-template-flows.ts after a change)', async () => {
    // A boolean: the difference of two 90 KB texts helps nobody; the generator shows it.
    const isCurrent = (await templateJsonWithFlows(id, text)) === text;
    expect(isCurrent, `${id}.json is not what write-template-flows.ts writes: run it`).toBe(true);
  });

  test('every normal intent has exactly one flow, saved as v1 and active in test and production', () => {
    const flows = flowsOf(template);
    expect(flows.map((flow) => flow.name).sort()).toEqual(normalIntentsOf(template).sort());
    const faqs = template.sections.intents.filter((intent) => intent.type === 'faq');
    expect(faqs.length).toBeGreaterThan(0);
    for (const flow of flows) {
      expect(flow.owner).toBe('intent');
      expect(flow.versions.map((version) => version.version)).toEqual([1]);
      expect(flow.activations.map((a) => [a.target, a.version])).toEqual([
        ['test', 1],
        ['production', 1],
      ]);
    }
  });

  test('every flow parses and validates without errors or warnings', async () => {
    const context = templateFlowContext(template);
    expect(context).toMatchObject({ languages: ['en'] });
    for (const flow of flowsOf(template)) {
      const doc = await parseFlow(flow.versions[0]?.xml ?? '');
      expect(validateFlow(doc, context), flow.name).toEqual([]);
    }
  });

  test('function blocks call the template’s functions with exactly their inputs and outputs', async () => {
    const functions = new Map(template.sections.functions.map((fn) => [fn.name, fn]));
    const called = new Set<string>();
    for (const flow of flowsOf(template)) {
      const doc = await parseFlow(flow.versions[0]?.xml ?? '');
      for (const { block, data } of tasksOf(doc).filter(({ block }) => block.category === 'custom')) {
        const fn = functions.get(String(data.fc));
        if (!fn)
          throw new Error(`${flow.name} ${block.id} calls ${String(data.fc)}, which the template lacks`);
        called.add(fn.name);
        const fields = Object.keys(data).filter((key) => key.startsWith('field-'));
        expect(fields.sort(), `${flow.name} ${block.id}`).toEqual(
          (fn.inputs ?? []).map((input) => `field-${input.name}`).sort(),
        );
        expect(data['fc-output'], `${flow.name} ${block.id}`).toEqual(
          (fn.outputs ?? []).map((output) => output.variableName),
        );
      }
    }
    // Each function of the template is shown at work in some flow.
    expect([...called].sort()).toEqual([...functions.keys()].sort());
  });

  test('every call that can fail leaves by a Call failed arrow: a failed call never dead-ends', async () => {
    const types = new Map(template.sections.functions.map((fn) => [fn.name, fn.type as FunctionType]));
    let calls = 0;
    for (const flow of flowsOf(template)) {
      const doc = await parseFlow(flow.versions[0]?.xml ?? '');
      for (const { block, data } of tasksOf(doc).filter(({ block }) => block.category === 'custom')) {
        const type = types.get(String(data.fc));
        if (!type || !FUNCTION_TYPE_CATALOGUE[type].canFailInConversation) continue;
        calls += 1;
        const exits = doc.blocks
          .filter((arrow) => arrow.type === 'bpmn:SequenceFlow' && arrow.sourceRef === block.id)
          .map((arrow) => Object.values(arrow.customData)[0]?.exit ?? 'next');
        expect(exits.sort(), `${flow.name}: ${block.name}`).toEqual([FUNCTION_FAILED_EXIT.id, 'next'].sort());
      }
    }
    expect(calls).toBeGreaterThan(0);
  });

  test('flows read only variables the bot has: its variables, objects, entities and the flow’s own outputs', async () => {
    const known = [
      ...template.sections.variables.map((variable) => variable.name),
      // Set Object blocks name the object they write.
      ...template.sections.objects.map((object) => object.name),
      ...template.sections.entities.map((entity) => entity.name),
      ...PREBUILT_ENTITIES.map((entity) => entity.name),
    ];
    const normal = normalIntentsOf(template);
    for (const flow of flowsOf(template)) {
      const doc = await parseFlow(flow.versions[0]?.xml ?? '');
      const tasks = tasksOf(doc);
      const outputs = tasks.flatMap(({ data }) =>
        Array.isArray(data['fc-output']) ? data['fc-output'] : [],
      );
      const unknown = flowReferences(doc).variables.filter(
        (name) => !known.includes(name) && !outputs.includes(name),
      );
      expect(unknown, flow.name).toEqual([]);
      // Redirects lead to intents that have a flow.
      for (const intent of flowReferences(doc).intents) expect(normal, flow.name).toContain(intent);
    }
  });

  test('Set Object blocks write properties of the template’s objects, and every object is used', async () => {
    const objects = new Map(
      template.sections.objects.map((object) => [object.name, object.properties.map((p) => p.key)]),
    );
    const used = new Set<string>();
    for (const flow of flowsOf(template)) {
      const doc = await parseFlow(flow.versions[0]?.xml ?? '');
      for (const { block, data } of tasksOf(doc).filter(({ data }) => data.fc === 'setObject')) {
        const object = String(data['field-object']);
        expect(objects.get(object), `${flow.name} ${block.id}`).toContain(data['field-object-property']);
        used.add(object);
      }
    }
    expect([...used].sort()).toEqual([...objects.keys()].sort());
  });
});

test('the generator refuses a call that can fail without a Call failed path, and names it', () => {
  const template = templates.find(({ id }) => id === 'order-status')?.template;
  if (!template) throw new Error('the Order status template is missing');
  const lookup = { function: 'Order lookup', name: 'Look up the order', type: 'code' };
  expect(callsWithoutFailurePath([lookup], template)).toEqual(['Look up the order']);
  expect(
    callsWithoutFailurePath(
      [{ condition: 'x', operation: 2, branches: [{ isDefault: true, steps: [lookup] }] }],
      template,
    ),
  ).toEqual(['Look up the order']);
  expect(callsWithoutFailurePath([{ ...lookup, failed: [] }], template)).toEqual([]);
  // An adaptive card cannot fail in a conversation: it needs no such path.
  expect(callsWithoutFailurePath([{ function: 'Order summary card' }], template)).toEqual([]);
});
