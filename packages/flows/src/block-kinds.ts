import { type BlockField, field, fileFields, isBlank, rawField } from './block-fields';
import { decisionOperation } from './decision-operations';
import type { BlockData } from './flow-document';
import type { FlowValidationContext } from './flow-validation-types';

/**
 * Every block kind of spec 03 section 3.3, declared once. Validation, the builder, default
 * names and field defaults all read this list; a kind's `problems` holds only the rules its
 * fields' declarations cannot say.
 */
export const BLOCK_CATEGORIES = ['dialog', 'action', 'system', 'foodl', 'custom', 'llm'] as const;
export type BlockCategory = (typeof BLOCK_CATEGORIES)[number];

export interface BlockKind {
  /** The function key, customData fc. */
  fc: string;
  displayName: string;
  category: BlockCategory;
  fields: readonly BlockField[];
  /** Output variable kinds: the default names of the block's outputs (fc-output-default). */
  outputs: readonly string[];
  isHiddenInWelcomeIntent: boolean;
  problems?: (data: BlockData, context: FlowValidationContext) => string[];
}

export const DELAY_MAX_SECONDS = 300;
export const MULTIPLE_ENTITY_CHECK_MAX = 10;
export const LLM_MAX_MESSAGES = 50;
export const DTMF_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '#', '*'] as const;
/** Spec 03 section 3.3, in the order the block lists them. */
export const RATING_LABELS = ['Very Satisfied', 'Satisfied', 'Neutral', 'Unsatisfied', 'Very unsatisfied'];
/** Accepted upload types (spec 03 section 5): what a receive-attachment block allows by default. */
export const ATTACHMENT_EXTENSIONS = [
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'pdf',
  'txt',
  'png',
  'jpeg',
  'gif',
  'jpg',
];
export const VALIDATION_FAIL_ACTIONS = [
  'continue',
  'repeat-previous-block',
  'send-message',
  'input-variable',
  'restart-flow',
  'redirect-flow',
] as const;
/** Simple entities carry no values to check (spec 03 section 5). */
const SIMPLE_ENTITY_TYPE = 'entities';

const hasFile = (data: BlockData) => !isBlank(data.fileId) || !isBlank(data.file);

function multipleEntityCheckProblems(data: BlockData, context: FlowValidationContext): string[] {
  const entries = Array.isArray(data['field-entities']) ? data['field-entities'] : [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const { entity: name, message } = (entry ?? {}) as { entity?: unknown; message?: unknown };
    if (isBlank(name)) {
      problems.push('Choose the entity of every row.');
      continue;
    }
    const entityName = String(name);
    if (seen.has(entityName)) problems.push(`Entity ${entityName} can be checked only once.`);
    seen.add(entityName);
    const entity = context.entities.find((candidate) => candidate.name === entityName);
    if (!entity) problems.push(`Entity ${entityName} does not exist.`);
    else if (entity.type === SIMPLE_ENTITY_TYPE) {
      problems.push(
        `Entity ${entityName} is a simple entity: a multiple entity check does not work with them.`,
      );
    }
    if (isBlank(message)) problems.push(`Enter the message that asks for ${entityName}.`);
  }
  if (entries.length === 0) problems.push('Choose at least one entity to check.');
  return problems;
}

function validationBlockProblems(data: BlockData, context: FlowValidationContext): string[] {
  const operation = decisionOperation(data.operation);
  if (!operation) return [];
  const problems: string[] = [];
  if (operation.usesVariable && isBlank(data.condition))
    problems.push('Choose the variable this block validates.');
  const connector = (data.connector ?? {}) as BlockData;
  problems.push(...(operation.problems?.(connector, context) ?? []));
  if (data['field-onFailAction'] === 'redirect-flow' && isBlank(data['field-newFlow'])) {
    problems.push('Choose the flow to redirect to.');
  }
  return problems;
}

const kind = (
  fc: string,
  displayName: string,
  category: BlockCategory,
  fields: readonly BlockField[],
  extras: Partial<Pick<BlockKind, 'outputs' | 'isHiddenInWelcomeIntent' | 'problems'>> = {},
): BlockKind => ({
  fc,
  displayName,
  category,
  fields,
  outputs: [],
  isHiddenInWelcomeIntent: false,
  ...extras,
});

const ticketOutput = { outputs: ['SCSM'] };

export const BLOCK_KINDS: readonly BlockKind[] = [
  // Dialog
  kind('message', 'Message', 'dialog', [field('message', 'richText', 'Message')]),
  kind('dictionary', 'Dictionary', 'dialog', [rawField('dictionaryElements', 'keyValueList', 'Dictionary')]),
  kind('sendGif', 'Send Image', 'dialog', [field('gif', 'text', 'Image URL'), ...fileFields], {
    problems: (data) =>
      isBlank(data['field-gif']) && !hasFile(data) ? ['Pleace attach image url or image file!'] : [],
  }),
  kind(
    'askQuestion',
    'Ask Question',
    'dialog',
    [
      field('question', 'richText', 'Question'),
      field('is-sensitive', 'boolean', 'Sensitive answer', { default: false }),
      rawField('capture-dtmf', 'boolean', 'Capture DTMF', { default: false }),
      rawField('dtmf-message', 'richText', 'DTMF message'),
      rawField('dtmf-confirm-key', 'choice', 'DTMF confirm key', { options: DTMF_KEYS, default: '0' }),
    ],
    { outputs: ['Answer'] },
  ),
  kind(
    'showOptions',
    'Show Options',
    'dialog',
    [
      field('suggestion', 'richText', 'Suggestion'),
      field('choices', 'list', 'Choices'),
      field('image', 'text', 'Image'),
      field('is-sensitive', 'boolean', 'Sensitive answer', { default: false }),
      field('handle-unexpected-input', 'boolean', 'Handle unexpected input', { default: false }),
    ],
    { outputs: ['ClickedButton'] },
  ),
  kind(
    'showRating',
    'Show Rating',
    'dialog',
    [
      field('suggestion', 'richText', 'Suggestion'),
      field('possible-answers', 'list', 'Possible answers', { default: RATING_LABELS }),
      field('sync-handover', 'boolean', 'Sync handover', { default: false }),
    ],
    { outputs: ['Rating'] },
  ),
  kind('randomAnswer', 'Random Answer', 'dialog', [field('possible-answers', 'list', 'Possible answers')]),
  kind('sendAttachment', 'Send Attachment', 'dialog', [field('input', 'text', 'File name'), ...fileFields], {
    problems: (data) => [
      ...(isBlank(data['field-input']) ? ['File name is missing!'] : []),
      ...(hasFile(data) ? [] : ['File is missing!']),
    ],
  }),
  kind(
    'receiveUserAttachment',
    'Receive Attachment',
    'dialog',
    [
      field('message', 'richText', 'Message'),
      field('is-optional', 'boolean', 'Optional', { default: false }),
      field('error', 'richText', 'Error message'),
      field('possible-extensions', 'list', 'Possible extensions', { default: ATTACHMENT_EXTENSIONS }),
    ],
    { outputs: ['FileUrls', 'FileContents'] },
  ),
  kind(
    'unexpectedAnswer',
    'Unexpected Answer',
    'dialog',
    [
      field('suggestion', 'richText', 'Suggestion', { default: 'Does this answer your question?' }),
      // The first choice is the positive answer, the second the negative one.
      field('choices', 'list', 'Choices', { default: ['Yes', 'No'] }),
    ],
    { outputs: ['ClickedAnswerButton'], isHiddenInWelcomeIntent: true },
  ),
  kind(
    'multipleEntityCheck',
    'Multiple Entity Check',
    'dialog',
    [
      field('entities', 'entityList', 'Entities', {
        maxItems: MULTIPLE_ENTITY_CHECK_MAX,
        itemName: 'entities',
      }),
    ],
    { isHiddenInWelcomeIntent: true, problems: multipleEntityCheckProblems },
  ),

  // Action
  kind(
    'setVariable',
    'Set Variable',
    'action',
    [
      field('reset-value', 'boolean', 'Reset value', { default: false }),
      field('variable-value', 'text', 'Value'),
    ],
    { outputs: ['Answer'] },
  ),
  kind('setObject', 'Set Object', 'action', [
    field('object', 'text', 'Object'),
    field('object-property', 'text', 'Property'),
    field('reset-value', 'boolean', 'Reset value', { default: false }),
    field('object-value', 'text', 'Value'),
  ]),
  kind('triggerRecognizer', 'Trigger Recognizer', 'action', [field('input', 'text', 'Input')], {
    outputs: ['Intent', 'Entities'],
  }),
  kind('userStatistics', 'User Statistics', 'action', [field('var-name', 'text', 'Variable')]),
  kind('passCounter', 'Pass Counter', 'action', [], { outputs: ['Counter'] }),
  kind('replaceInVariable', 'Replace in Variable', 'action', [
    field('replace-variable', 'text', 'Variable'),
    field('replace-rules', 'replaceRules', 'Replace rules'),
  ]),
  kind('redirectCall', 'Redirect Call', 'action', [
    field('phone-number', 'text', 'Phone number'),
    field('redirect-message', 'richText', 'Redirect message'),
  ]),
  kind(
    'simpleCalculationBlock',
    'Simple Calculation',
    'action',
    [
      field('equation', 'text', 'Equation'),
      field('formatingStyle', 'choice', 'Formatting', {
        options: ['No formatting', 'Format with comma as decimal', 'Format with dot as decimal'],
        default: 'No formatting',
      }),
    ],
    { outputs: ['Math'] },
  ),
  kind('sendConversationHistory', 'Send Conversation History', 'action', [field('email', 'text', 'E-mail')]),
  kind('handover', 'Handover', 'action', []),
  kind('sendEmail', 'Send Email', 'action', [
    field('receiver', 'text', 'Receiver'),
    field('subject', 'text', 'Subject'),
    field('text', 'richText', 'Text'),
  ]),
  kind(
    'languageTranslation',
    'Language Translation',
    'action',
    [field('text', 'text', 'Text'), field('from', 'text', 'From'), field('to', 'text', 'To')],
    { outputs: ['Translation'] },
  ),
  kind('languageDetection', 'Language Detection', 'action', [field('text', 'text', 'Text')], {
    outputs: ['Language'],
  }),
  kind(
    'validationBlock',
    'Validation',
    'action',
    [
      rawField('condition', 'text', 'Variable'),
      rawField('operation', 'number', 'Operation', { min: 1, max: 12 }),
      rawField('connector', 'connector', 'Condition'),
      field('onFailAction', 'choice', 'On fail', { options: VALIDATION_FAIL_ACTIONS, default: 'continue' }),
      field('message', 'richText', 'Message'),
      field('newFlow', 'text', 'New flow'),
    ],
    { problems: validationBlockProblems },
  ),
  kind('blockDelay', 'Delay', 'action', [
    field('duration', 'number', 'Delay', { min: 0, max: DELAY_MAX_SECONDS, unit: 'seconds' }),
  ]),

  // System ticketing (shown only when the bot's settings list the category)
  kind('GetTicket', 'Get Ticket', 'system', [field('ticketId', 'text', 'Ticket id')], ticketOutput),
  kind(
    'CreateTicket',
    'Create Ticket',
    'system',
    [
      field('name', 'text', 'Name'),
      field('description', 'text', 'Description'),
      field('status', 'text', 'Status'),
      field('contact-method', 'text', 'Contact method'),
      field('support-group', 'text', 'Support group'),
      field('classification', 'text', 'Classification'),
      field('primary-owner', 'text', 'Primary owner'),
      field('urgent', 'boolean', 'Urgent', { default: false }),
    ],
    ticketOutput,
  ),
  kind(
    'EditTicket',
    'Edit Ticket',
    'system',
    [
      field('ticketId', 'text', 'Ticket id'),
      field('name', 'text', 'Name'),
      field('description', 'text', 'Description'),
      field('status', 'text', 'Status'),
      field('primary-owner', 'text', 'Primary owner'),
    ],
    ticketOutput,
  ),
  kind('GetTicketsOfUser', 'Get Tickets of User', 'system', [], ticketOutput),
  kind(
    'GetAssetsOfUser',
    'Get Assets of User',
    'system',
    [
      field('typeFilterEnabled', 'boolean', 'Filter by type', { default: false }),
      field('typeFilter', 'text', 'Type'),
      field('modelFilterEnabled', 'boolean', 'Filter by model', { default: false }),
      field('modelFilter', 'text', 'Model'),
    ],
    ticketOutput,
  ),
  kind(
    'GetAssetDetails',
    'Get Asset Details',
    'system',
    [field('assetId', 'text', 'Asset id')],
    ticketOutput,
  ),

  // Foodl
  kind('addToBasket', 'Add to Basket', 'foodl', [
    field('name', 'text', 'Name'),
    field('quantity', 'text', 'Quantity'),
    field('category', 'text', 'Category'),
    field('volume', 'text', 'Volume'),
  ]),
];

/**
 * The LLM block: its fc is the chosen LLM's display name (spec 03 section 2.6), so it is found
 * by its category, not by fc.
 */
export const LLM_BLOCK_KIND: BlockKind = kind('llm', 'LLM', 'llm', [
  rawField('llmId', 'text', 'LLM'),
  rawField('llmInput', 'text', 'Input'),
  rawField('llmContext', 'richText', 'Context'),
  rawField('recognizerExit', 'boolean', 'Exit on a recognised intent', { default: false }),
  rawField('exitInactivity', 'boolean', 'Exit on inactivity', { default: false }),
  rawField('maxMessages', 'number', 'Max messages', {
    min: 0,
    max: LLM_MAX_MESSAGES,
    default: LLM_MAX_MESSAGES,
  }),
  rawField('autoExit', 'boolean', 'Exit automatically', { default: false }),
  rawField('languageDetect', 'boolean', 'Detect the language', { default: false }),
  rawField('requiredLanguage', 'text', 'Required language'),
]);

const kindsByFc = new Map(BLOCK_KINDS.map((blockKind) => [blockKind.fc, blockKind]));

/**
 * The declared kind of a task: by category for LLM blocks, by fc (within the category when
 * the block has one) for the rest; undefined for custom functions and unknown fc.
 */
export function blockKindOf(category: string | null, fc: unknown): BlockKind | undefined {
  if (category === 'llm') return LLM_BLOCK_KIND;
  if (category === 'custom' || typeof fc !== 'string') return undefined;
  const blockKind = kindsByFc.get(fc);
  return blockKind && (category === null || blockKind.category === category) ? blockKind : undefined;
}

/** The customData key of a custom function's input. */
export const functionInputKey = (inputName: string) => `field-${inputName}`;
