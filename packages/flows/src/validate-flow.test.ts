import { describe, expect, it } from 'vitest';
import { readFixture } from './fixtures/read-fixture';
import { connector, context, endFlowData, flowOf, node, task } from './fixtures/test-flows';
import type { BlockData, FlowDocument } from './flow-document';
import type { FlowValidationContext } from './flow-validation-types';
import { parseFlow } from './parse-flow';
import { validateFlow } from './validate-flow';

const errorsOf = (doc: FlowDocument, extra: Partial<FlowValidationContext> = {}) =>
  validateFlow(doc, { ...context, ...extra })
    .filter((problem) => problem.type === 'error')
    .map(({ message, blockId }) => ({ message, blockId }));

/** The errors of start -> T -> end with T a task of this category and data. */
const taskErrors = (category: string | null, data: BlockData, extra: Partial<FlowValidationContext> = {}) =>
  errorsOf(flowOf(task('T', category, data)), extra).map((problem) => problem.message);

describe('validateFlow: the flow as a whole', () => {
  it('passes the bpmn-js fixture', async () => {
    const doc = await parseFlow(readFixture('order-status.bpmn'));
    expect(validateFlow(doc, { ...context, languages: ['en', 'de'] })).toEqual([]);
  });

  it('wants exactly one start block', () => {
    const noStart = flowOf();
    noStart.blocks = noStart.blocks.filter((block) => block.type !== 'bpmn:StartEvent');
    expect(errorsOf(noStart)).toContainEqual({ message: 'The flow has no start block.', blockId: null });

    const twoStarts = flowOf();
    twoStarts.blocks.push(node('Start2', 'bpmn:StartEvent'), connector('F9', 'Start2', 'End'));
    expect(errorsOf(twoStarts)).toEqual([
      { message: 'A flow can have only one start block.', blockId: 'Start2' },
    ]);
    expect(errorsOf(flowOf())).toEqual([]);
  });

  it('wants the start and every task and condition connected onwards', () => {
    const doc: FlowDocument = {
      blocks: [
        node('Start', 'bpmn:StartEvent'),
        task('T', 'dialog', { fc: 'message' }),
        node('End', 'bpmn:EndEvent', endFlowData),
      ],
    };
    expect(errorsOf(doc)).toEqual([
      { message: 'The start block is not connected to a next block.', blockId: 'Start' },
      { message: 'This block is not connected to a next block.', blockId: 'T' },
    ]);
    expect(errorsOf(flowOf(task('T', 'dialog', { fc: 'message' })))).toEqual([]);
  });

  it('wants connectors attached to blocks at both ends', () => {
    const doc = flowOf(task('T', 'dialog', { fc: 'message' }));
    doc.blocks.push(connector('Loose', 'T', 'Gone'), {
      ...connector('Half', 'T', 'End'),
      targetRef: undefined,
    });
    expect(errorsOf(doc)).toEqual([
      { message: 'This connector is not connected to a block at both ends.', blockId: 'Loose' },
      { message: 'This connector is not connected to a block at both ends.', blockId: 'Half' },
    ]);
  });

  it('wants an end block that can be reached', () => {
    const noEnd = flowOf();
    noEnd.blocks = noEnd.blocks.filter((block) => block.type !== 'bpmn:EndEvent');
    expect(errorsOf(noEnd).map((problem) => problem.message)).toContain('The flow has no end block.');

    const unreachableEnd: FlowDocument = {
      blocks: [
        node('Start', 'bpmn:StartEvent'),
        task('A', 'dialog', { fc: 'message' }),
        task('B', 'dialog', { fc: 'message' }),
        node('End', 'bpmn:EndEvent', endFlowData),
        connector('F1', 'Start', 'A'),
        connector('F2', 'A', 'B'),
        connector('F3', 'B', 'A'),
      ],
    };
    expect(errorsOf(unreachableEnd)).toEqual([
      { message: 'No end block can be reached from the start block.', blockId: 'Start' },
    ]);
  });

  it('warns about blocks that cannot be reached', () => {
    const doc = flowOf();
    doc.blocks.push(task('Island', 'dialog', { fc: 'message' }), connector('F9', 'Island', 'End'));
    expect(validateFlow(doc, context)).toEqual([
      { message: 'This block cannot be reached from the start block.', blockId: 'Island', type: 'warning' },
    ]);
    expect(validateFlow(flowOf(task('T', 'dialog', { fc: 'message' })), context)).toEqual([]);
  });
});

describe('validateFlow: end blocks', () => {
  const endErrors = (data: BlockData) => {
    const doc = flowOf();
    doc.blocks[1] = node('End', 'bpmn:EndEvent', data);
    return errorsOf(doc);
  };

  it('wants exactly one outcome', () => {
    expect(endErrors({})).toEqual([
      {
        message:
          'Choose what the end block does: redirect to an intent, restart the flow, end the flow or redirect to a bot.',
        blockId: 'End',
      },
    ]);
    expect(endErrors({ endFlow: true, restartIntent: true })).toEqual([
      {
        message:
          'An end block does only one of: redirect to an intent, restart the flow, end the flow or redirect to a bot.',
        blockId: 'End',
      },
    ]);
    expect(endErrors({ restartIntent: true, clearEntities: true })).toEqual([]);
    expect(endErrors({ redirectToBot: true, redirectBotId: 'other-bot' })).toEqual([]);
    expect(endErrors({ redirectToBot: 'true', redirectBotId: '' })).toEqual([
      { message: 'Choose the bot to redirect to.', blockId: 'End' },
    ]);
  });

  it('wants the intent it redirects to to exist, unless it is a variable', () => {
    expect(endErrors({ redirectToOtherIntent: true, intentTo: 'Order pizza' })).toEqual([
      { message: 'Intent Order pizza does not exist.', blockId: 'End' },
    ]);
    expect(endErrors({ redirectToOtherIntent: true, intentTo: '' })).toEqual([
      { message: 'Choose the intent to redirect to.', blockId: 'End' },
    ]);
    expect(endErrors({ redirectToOtherIntent: true, intentTo: 'Talk to an agent' })).toEqual([]);
    for (const reference of ['[NextIntent]', '{NextIntent}', '(NextIntent)', '<NextIntent>']) {
      expect(endErrors({ redirectToOtherIntent: true, intentTo: reference })).toEqual([]);
    }
  });
});

describe('validateFlow: blocks', () => {
  it('wants custom functions to be available, naming them', () => {
    expect(taskErrors('custom', { fc: 'getWeather' })).toEqual([
      'Function getWeather is not available in this bot.',
    ]);
    expect(taskErrors('custom', { fc: 'getOrderStatus', 'field-orderId': '[OrderNumber]' })).toEqual([]);
  });

  it('takes a Call failed connector from a function block whose call can fail, and only from those', () => {
    /** start -> T -> end, and T -failed-> Sorry -> end. */
    const withFailedPath = (type: string) => {
      const doc = flowOf(task('T', 'custom', { fc: 'getOrderStatus', 'fc-output-default': [type] }));
      doc.blocks.push(
        task('Sorry', 'dialog', { fc: 'message', 'field-message': 'The service is away.' }),
        connector('Failed', 'T', 'Sorry', { exit: 'failed' }),
        connector('SorryEnd', 'Sorry', 'End'),
      );
      return doc;
    };
    expect(errorsOf(withFailedPath('rest'))).toEqual([]);
    expect(errorsOf(withFailedPath('sql'))).toEqual([]);
    expect(errorsOf(withFailedPath('adaptiveCard'))).toEqual([
      {
        message: 'This connector leaves by the exit failed, which block T does not have.',
        blockId: 'Failed',
      },
    ]);
  });

  it('refuses an unknown fc outside the custom category', () => {
    expect(taskErrors('dialog', { fc: 'teleport' })).toEqual(['Unknown block function teleport.']);
    expect(taskErrors('action', { fc: 'message' })).toEqual(['Unknown block function message.']);
    expect(taskErrors('dialog', {})).toEqual(['Choose what this block does.']);
    expect(taskErrors('dialog', { fc: 'message', 'field-message': 'Hi' })).toEqual([]);
    expect(taskErrors(null, { fc: 'handover' })).toEqual([]);
  });

  it('limits a delay to 300 seconds', () => {
    expect(taskErrors('action', { fc: 'blockDelay', 'field-duration': 301 })).toEqual([
      'Delay must be a number from 0 to 300 seconds.',
    ]);
    expect(taskErrors('action', { fc: 'blockDelay', 'field-duration': 'soon' })).toHaveLength(1);
    expect(taskErrors('action', { fc: 'blockDelay', 'field-duration': '300' })).toEqual([]);
  });

  it('checks the entities of a multiple entity check', () => {
    const check = (
      entities: { entity: string; message: string }[],
      extra: Partial<FlowValidationContext> = {},
    ) => taskErrors('dialog', { fc: 'multipleEntityCheck', 'field-entities': entities }, extra);
    const ask = (entity: string) => ({ entity, message: `Which ${entity}?` });
    const many = Array.from({ length: 11 }, (_, index) => ask(`e${index}`));
    expect(
      check(many, { entities: many.map(({ entity }) => ({ name: entity, type: 'closedlists' })) }),
    ).toEqual(['At most 10 entities are allowed.']);
    expect(check([ask('city'), ask('city')])).toEqual(['Entity city can be checked only once.']);
    expect(check([ask('note')])).toEqual([
      'Entity note is a simple entity: a multiple entity check does not work with them.',
    ]);
    expect(check([ask('planet')])).toEqual(['Entity planet does not exist.']);
    expect(check([{ entity: 'city', message: '' }])).toEqual(['Enter the message that asks for city.']);
    expect(check([])).toEqual(['Choose at least one entity to check.']);
    expect(check([ask('city'), ask('date'), ask('orderNumber')])).toEqual([]);
  });

  it('limits LLM max messages to 0-50', () => {
    expect(taskErrors('llm', { fc: 'Support assistant', llmId: 'l1', maxMessages: 51 })).toEqual([
      'Max messages must be a number from 0 to 50.',
    ]);
    expect(taskErrors('llm', { fc: 'Support assistant', llmId: 'l1', maxMessages: -1 })).toHaveLength(1);
    expect(taskErrors('llm', { fc: 'Support assistant', llmId: 'l1', maxMessages: 0 })).toEqual([]);
  });

  it('wants a DTMF confirm key of 0-9, # or *', () => {
    expect(taskErrors('dialog', { fc: 'askQuestion', 'dtmf-confirm-key': 'A' })).toEqual([
      'DTMF confirm key must be one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, # or *.',
    ]);
    for (const key of ['0', '9', '#', '*']) {
      expect(taskErrors('dialog', { fc: 'askQuestion', 'dtmf-confirm-key': key })).toEqual([]);
    }
  });

  it('wants a file name and a file for Send Attachment', () => {
    expect(taskErrors('dialog', { fc: 'sendAttachment' })).toEqual([
      'File name is missing!',
      'File is missing!',
    ]);
    expect(taskErrors('dialog', { fc: 'sendAttachment', 'field-input': 'terms.pdf' })).toEqual([
      'File is missing!',
    ]);
    expect(taskErrors('dialog', { fc: 'sendAttachment', 'field-input': 'terms.pdf', fileId: 'f1' })).toEqual(
      [],
    );
  });

  it('wants an image URL or file for Send Image', () => {
    expect(taskErrors('dialog', { fc: 'sendGif', 'field-gif': '' })).toEqual([
      'Pleace attach image url or image file!',
    ]);
    expect(taskErrors('dialog', { fc: 'sendGif', 'field-gif': 'https://example.com/cat.gif' })).toEqual([]);
    expect(taskErrors('dialog', { fc: 'sendGif', fileId: 'f2', fileExtension: 'gif' })).toEqual([]);
  });

  it('keeps unexpected answer and multiple entity check out of the welcome intent', () => {
    expect(taskErrors('dialog', { fc: 'unexpectedAnswer' }, { isWelcomeIntent: true })).toEqual([
      'Unexpected Answer blocks cannot be used in the welcome intent.',
    ]);
    const entityCheck = {
      fc: 'multipleEntityCheck',
      'field-entities': [{ entity: 'city', message: 'Which city?' }],
    };
    expect(taskErrors('dialog', entityCheck, { isWelcomeIntent: true })).toEqual([
      'Multiple Entity Check blocks cannot be used in the welcome intent.',
    ]);
    expect(taskErrors('dialog', { fc: 'unexpectedAnswer' }, { isWelcomeIntent: false })).toEqual([]);
    expect(taskErrors('dialog', entityCheck)).toEqual([]);
  });

  it('checks every language and reports a shared message once', () => {
    const doc = flowOf(task('T', 'action', { fc: 'blockDelay', 'field-duration': 10 }));
    const delay = doc.blocks[1];
    if (delay) delay.customData.de = { fc: 'blockDelay', 'field-duration': 900 };
    expect(errorsOf(doc, { languages: ['en', 'de'] })).toEqual([
      { message: 'Delay must be a number from 0 to 300 seconds.', blockId: 'T' },
    ]);
    expect(errorsOf(doc, { languages: ['en'] })).toEqual([]);
    // A language the block lacks is checked as a copy of its first one.
    expect(
      errorsOf(flowOf(task('T', 'action', { fc: 'blockDelay', 'field-duration': 900 })), {
        languages: ['de', 'en'],
      }),
    ).toHaveLength(1);
  });
});

describe('validateFlow: conditions', () => {
  /** start -> gateway (data) -> one connector per entry -> end. */
  const conditionFlow = (gateway: BlockData, connectors: BlockData[]): FlowDocument => ({
    blocks: [
      node('Start', 'bpmn:StartEvent'),
      node('G', 'bpmn:ExclusiveGateway', gateway),
      node('End', 'bpmn:EndEvent', endFlowData),
      connector('F0', 'Start', 'G'),
      ...connectors.map((data, index) => connector(`C${index}`, 'G', 'End', data)),
    ],
  });
  const conditionErrors = (
    gateway: BlockData,
    connectors: BlockData[],
    extra: Partial<FlowValidationContext> = {},
  ) => errorsOf(conditionFlow(gateway, connectors), extra);
  const rating = { condition: 'Rating', operation: 3 };
  const above3 = { isDefault: false, mathOperation: 2, mathNumber1: 3 };

  it('allows at most one default connector', () => {
    expect(conditionErrors(rating, [{ isDefault: true }, { isDefault: true }])).toEqual([
      { message: 'A condition can have only one default connector.', blockId: 'G' },
    ]);
    expect(conditionErrors(rating, [above3, { isDefault: true }])).toEqual([]);
  });

  it('wants an operation from 1 to 12 and a variable', () => {
    expect(conditionErrors({ condition: 'Rating', operation: 13 }, [{ isDefault: true }])).toEqual([
      { message: 'The operation of a condition must be a number from 1 to 12.', blockId: 'G' },
    ]);
    expect(conditionErrors({ condition: 'Rating' }, [{ isDefault: true }])).toEqual([
      { message: 'Choose the operation of this condition.', blockId: 'G' },
    ]);
    expect(conditionErrors({ operation: 5 }, [{ isDefault: true }])).toEqual([
      { message: 'Choose the variable this condition checks.', blockId: 'G' },
    ]);
    expect(conditionErrors({ operation: 11 }, [{ exists: null }, { isDefault: true }])).toEqual([]);
    expect(
      conditionErrors({ condition: 'x', operation: 12 }, [{ regex: '^a' }, { isDefault: true }]),
    ).toEqual([]);
  });

  it('checks regexes with the server check when it is given', () => {
    const regex = (pattern: string) => [{ regex: pattern, flags: 'i' }, { isDefault: true }];
    const condition = { condition: 'Answer', operation: 12 };
    const isRegexSafe = (pattern: string) => !pattern.includes('(a+)+');
    expect(conditionErrors(condition, regex('^(a+)+$'), { isRegexSafe })).toEqual([
      {
        message:
          'The regular expression ^(a+)+$ is not allowed: it is invalid or could take too long to run.',
        blockId: 'C0',
      },
    ]);
    expect(conditionErrors(condition, regex('^[0-9]{5}$'), { isRegexSafe })).toEqual([]);
    expect(conditionErrors(condition, regex('(unclosed'))).toEqual([
      { message: 'The regular expression (unclosed is not valid.', blockId: 'C0' },
    ]);
  });

  it('clamps similarity to 20-100', () => {
    const similar = (similarity: number) => [
      { similarsSet: [{ type: 'raw', value: 'yes', similarity }] },
      { isDefault: true },
    ];
    const condition = { condition: 'Answer', operation: 9 };
    expect(conditionErrors(condition, similar(10))).toEqual([
      { message: 'Similarity must be from 20 to 100.', blockId: 'C0' },
    ]);
    expect(conditionErrors(condition, similar(101))).toHaveLength(1);
    expect(conditionErrors(condition, similar(20))).toEqual([]);
  });

  it('checks the entities of entity conditions', () => {
    const condition = (operation: number) => ({ condition: 'Answer', operation });
    expect(conditionErrors(condition(7), [{ whichEntity: 'planet' }, { isDefault: true }])).toEqual([
      { message: 'Entity planet does not exist.', blockId: 'C0' },
    ]);
    expect(
      conditionErrors(condition(8), [{ isCanonicalEntity: 'orderNumber' }, { isDefault: true }]),
    ).toEqual([{ message: 'Is canonical works only with closed list entities.', blockId: 'C0' }]);
    expect(conditionErrors(condition(8), [{ isCanonicalEntity: 'city', isCanonical: 'Berlin' }])).toEqual([]);
  });

  it('warns about connectors that have no condition', () => {
    expect(validateFlow(conditionFlow(rating, [{ isDefault: false }, { isDefault: true }]), context)).toEqual(
      [
        {
          message: 'This connector has no condition: set one or make it the default connector.',
          blockId: 'C0',
          type: 'warning',
        },
      ],
    );
  });

  it('checks the condition of a validation block', () => {
    const validation = (connectorData: BlockData) =>
      taskErrors('action', {
        fc: 'validationBlock',
        condition: 'Email',
        operation: 12,
        connector: connectorData,
      });
    expect(validation({ regex: '(' })).toEqual(['The regular expression ( is not valid.']);
    expect(validation({ regex: '^\\S+@\\S+$' })).toEqual([]);
  });
});
