import { describe, expect, it } from 'vitest';
import { ALL_BLOCK_KINDS, BLOCK_KINDS, blockKindOf, LLM_BLOCK_KIND } from '../block-kinds';
import type { FlowBlock, FlowDocument } from '../flow-document';
import { flowReferences } from '../flow-references';
import { type BlockHandlers, missingHandlers } from '../handlers';
import { validateFlow } from '../validate-flow';
import { exitsOf } from './define-block-kind';
import { isInPalette, paletteGroups } from './palette';

const task = (
  id: string,
  fc: string,
  data: Record<string, unknown>,
  category = blockKindOf(null, fc)?.category ?? 'custom',
): FlowBlock => ({
  id,
  type: 'bpmn:Task',
  name: id,
  category,
  fc,
  customData: { en: { fc, ...data } },
});
const connector = (id: string, from: string, to: string, data: Record<string, unknown> = {}): FlowBlock => ({
  id,
  type: 'bpmn:SequenceFlow',
  name: '',
  category: null,
  fc: null,
  customData: { en: data },
  sourceRef: from,
  targetRef: to,
});
const start: FlowBlock = {
  id: 'start',
  type: 'bpmn:StartEvent',
  name: '',
  category: null,
  fc: null,
  customData: {},
};
const end: FlowBlock = {
  id: 'end',
  type: 'bpmn:EndEvent',
  name: '',
  category: null,
  fc: null,
  customData: { en: { endFlow: true } },
};
const context = { languages: ['en'], intents: ['Orders'], functions: [], entities: [] };

describe('block declarations', () => {
  it('declare each kind once, with palette help, and LLM apart', () => {
    const fcs = ALL_BLOCK_KINDS.map((kind) => kind.fc);
    expect(new Set(fcs).size).toBe(fcs.length);
    for (const kind of ALL_BLOCK_KINDS) {
      expect(kind.palette.help, kind.fc).toMatch(/\.$/);
      expect(kind.palette.icon, kind.fc).not.toBe('');
    }
    expect(blockKindOf('llm', 'GPT-4 helper')).toBe(LLM_BLOCK_KIND);
  });

  it('read stored data into typed values by camel-cased name, dropping what has the wrong type', () => {
    const askQuestion = blockKindOf('dialog', 'askQuestion');
    const values = askQuestion?.read({
      fc: 'askQuestion',
      'field-question': 'Your name?',
      'field-is-sensitive': 'true',
      'capture-dtmf': false,
      'dtmf-confirm-key': 'x',
    });
    expect(values).toEqual({ question: 'Your name?', isSensitive: true, captureDtmf: false });

    const delay = blockKindOf('action', 'blockDelay');
    expect(delay?.read({ 'field-duration': '30' })).toEqual({ duration: 30 });
    expect(delay?.read({ 'field-duration': { seconds: 30 } })).toEqual({});

    const check = blockKindOf('dialog', 'multipleEntityCheck');
    expect(check?.read({ 'field-entities': [{ entity: 'city', message: 'Which city?' }, null, 7] })).toEqual({
      entities: [{ entity: 'city', message: 'Which city?' }],
    });
  });

  it('name the exits a block can leave by, from its data', () => {
    const ids = (fc: string, data: Record<string, unknown>, category?: string) => {
      const kind = blockKindOf(category ?? null, fc);
      return kind ? exitsOf(kind, data).map((exit) => `${exit.id}:${exit.label}`) : [];
    };
    expect(ids('message', {})).toEqual(['next:Next']);
    expect(
      ids('showOptions', { 'field-choices': ['Pizza', 'Pasta'], 'field-handle-unexpected-input': true }),
    ).toEqual(['next:Next', 'option-1:Pizza', 'option-2:Pasta', 'unexpected:Unexpected input']);
    expect(ids('validationBlock', {})).toEqual(['next:Next', 'fail:Validation failed']);
    expect(ids('GPT', { recognizerExit: true }, 'llm')).toEqual([
      'next:Next',
      'recognized-intent:Recognised intent',
    ]);
  });

  it('say which kinds wait for the user', () => {
    const waiting = ALL_BLOCK_KINDS.filter((kind) => kind.waitsForInput).map((kind) => kind.fc);
    expect(waiting).toEqual(
      expect.arrayContaining(['askQuestion', 'showOptions', 'showRating', 'receiveUserAttachment', 'llm']),
    );
    expect(waiting).not.toContain('message');
    expect(waiting).not.toContain('blockDelay');
  });
});

describe('flow references from the declarations', () => {
  it('gather the variables, entities and intents blocks name', () => {
    const doc: FlowDocument = {
      blocks: [
        task('replace', 'replaceInVariable', { 'field-replace-variable': 'Street' }),
        task('object', 'setObject', { 'field-object': '[Order]' }),
        task('check', 'multipleEntityCheck', {
          'field-entities': [{ entity: 'city', message: 'Which city?' }],
        }),
        task('validate', 'validationBlock', {
          condition: 'Email',
          operation: 7,
          connector: { whichEntity: 'email' },
          'field-onFailAction': 'redirect-flow',
          'field-newFlow': 'Orders',
        }),
      ],
    };
    const references = flowReferences(doc);
    expect(references.variables).toEqual(expect.arrayContaining(['Street', 'Order', 'Email']));
    expect(references.entities).toEqual(['city', 'email']);
    expect(references.intents).toEqual(['Orders']);
  });
});

describe('exits in validation', () => {
  const flowWith = (...extra: FlowBlock[]): FlowDocument => ({
    blocks: [
      start,
      task('options', 'showOptions', { 'field-suggestion': 'Which?', 'field-choices': ['Pizza', 'Pasta'] }),
      end,
      connector('c0', 'start', 'options'),
      ...extra,
    ],
  });
  const messages = (doc: FlowDocument) => validateFlow(doc, context).map((problem) => problem.message);

  it('accept a connector per option besides next', () => {
    const doc = flowWith(
      connector('c1', 'options', 'end'),
      connector('c2', 'options', 'end', { exit: 'option-2' }),
    );
    expect(messages(doc)).toEqual([]);
  });

  it('refuse an exit the block does not have, and two connectors on one exit', () => {
    expect(messages(flowWith(connector('c1', 'options', 'end', { exit: 'option-3' })))).toContain(
      'This connector leaves by the exit option-3, which block options does not have.',
    );
    expect(
      messages(flowWith(connector('c1', 'options', 'end'), connector('c2', 'options', 'end'))),
    ).toContain('Only one connector can leave by the exit next.');
  });
});

describe('palette', () => {
  it('shows SCSM and Foodl only for bots whose settings list them', () => {
    expect(paletteGroups().map((group) => group.label)).toEqual([
      'Dialog',
      'Action',
      'Condition',
      'Function',
      'LLM',
      'Subs',
      'Start',
      'End',
    ]);
    expect(paletteGroups(['system', 'foodl']).map((group) => group.label)).toContain('Microsoft SCSM');
    expect(isInPalette(blockKindOf(null, 'GetTicket') as (typeof BLOCK_KINDS)[number])).toBe(false);
  });

  it('holds every declared kind for a bot with every category', () => {
    for (const kind of BLOCK_KINDS) expect(isInPalette(kind, ['system', 'foodl']), kind.fc).toBe(true);
  });
});

describe('handler registries', () => {
  it('name the kinds a registry lacks', () => {
    const complete = Object.fromEntries(ALL_BLOCK_KINDS.map((kind) => [kind.fc, () => undefined]));
    expect(missingHandlers(complete)).toEqual([]);
    const { blockDelay: _, ...withoutDelay } = complete;
    expect(missingHandlers(withoutDelay)).toEqual(['blockDelay']);
  });

  it('do not compile without a handler for every kind (checked by npm run typecheck)', () => {
    const handler = () => 'ran';
    const complete = Object.fromEntries(
      ALL_BLOCK_KINDS.map((kind) => [kind.fc, handler]),
    ) as unknown as BlockHandlers<void, string>;
    const { message: _, ...rest } = complete;
    // @ts-expect-error: the message kind has no handler
    const incomplete: BlockHandlers<void, string> = rest;
    // Handlers read typed values: a message block's text is a string.
    const typed = { ...complete, message: (values) => values.message ?? '' } satisfies BlockHandlers<
      void,
      string
    >;
    expect(typed.message({ message: 'Hi' })).toBe('Hi');
    expect(Object.keys(incomplete)).not.toContain('message');
  });
});
