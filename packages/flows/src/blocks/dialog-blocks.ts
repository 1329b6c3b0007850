import { field, fileFields, isBlank, rawField } from '../block-fields';
import { ATTACHMENT_EXTENSIONS, DTMF_KEYS, MULTIPLE_ENTITY_CHECK_MAX, RATING_LABELS } from './block-limits';
import { type BlockExit, defineBlockKind } from './define-block-kind';

/** Simple entities carry no values to check (spec 03 section 5). */
const SIMPLE_ENTITY_TYPE = 'entities';

/** One exit per option, in the order shown: option-1, option-2, ... */
export const optionExits = (options: readonly string[] | undefined): BlockExit[] =>
  (options ?? []).map((label, index) => ({ id: `option-${index + 1}`, label }));
export const UNEXPECTED_INPUT_EXIT: BlockExit = { id: 'unexpected', label: 'Unexpected input' };

const present = (...texts: (string | undefined)[]) => texts.filter((text): text is string => !isBlank(text));
const hasFile = (values: { file?: string; fileId?: string }) =>
  !isBlank(values.fileId) || !isBlank(values.file);

export const messageBlock = defineBlockKind({
  fc: 'message',
  displayName: 'Message',
  category: 'dialog',
  fields: [field('message', 'richText', 'Message')],
  palette: { icon: 'message', help: 'Sends a text, with [variables] filled in.' },
  sends: (values) => ({ texts: present(values.message) }),
});

export const dictionaryBlock = defineBlockKind({
  fc: 'dictionary',
  displayName: 'Dictionary',
  category: 'dialog',
  fields: [rawField('dictionaryElements', 'keyValueList', 'Dictionary')],
  palette: { icon: 'book', help: 'Keeps key and value pairs for the blocks after it.' },
});

export const sendImageBlock = defineBlockKind({
  fc: 'sendGif',
  displayName: 'Send Image',
  category: 'dialog',
  fields: [field('gif', 'text', 'Image URL'), ...fileFields],
  palette: { icon: 'image', help: 'Sends an image from a URL or an uploaded PNG or GIF.' },
  sends: () => ({ gif: true }),
  problems: (values) =>
    isBlank(values.gif) && !hasFile(values) ? ['Pleace attach image url or image file!'] : [],
});

export const askQuestionBlock = defineBlockKind({
  fc: 'askQuestion',
  displayName: 'Ask Question',
  category: 'dialog',
  fields: [
    field('question', 'richText', 'Question'),
    field('is-sensitive', 'boolean', 'Sensitive answer', { default: false }),
    rawField('capture-dtmf', 'boolean', 'Capture DTMF', { default: false }),
    rawField('dtmf-message', 'richText', 'DTMF message'),
    rawField('dtmf-confirm-key', 'choice', 'DTMF confirm key', { options: DTMF_KEYS, default: '0' }),
  ],
  outputs: ['Answer'],
  waitsForInput: true,
  palette: { icon: 'help-circle', help: 'Asks a question and keeps the answer in a variable.' },
  sends: (values) => ({
    texts: present(values.question, values.captureDtmf ? values.dtmfMessage : undefined),
  }),
});

export const showOptionsBlock = defineBlockKind({
  fc: 'showOptions',
  displayName: 'Show Options',
  category: 'dialog',
  fields: [
    field('suggestion', 'richText', 'Suggestion'),
    field('choices', 'list', 'Choices'),
    field('image', 'text', 'Image'),
    field('is-sensitive', 'boolean', 'Sensitive answer', { default: false }),
    field('handle-unexpected-input', 'boolean', 'Handle unexpected input', { default: false }),
  ],
  outputs: ['ClickedButton'],
  waitsForInput: true,
  palette: { icon: 'list', help: 'Shows buttons to choose from and keeps the choice.' },
  exits: (values) => [
    ...optionExits(values.choices),
    ...(values.handleUnexpectedInput ? [UNEXPECTED_INPUT_EXIT] : []),
  ],
  sends: (values) => ({ texts: present(values.suggestion), options: values.choices ?? [] }),
});

export const showRatingBlock = defineBlockKind({
  fc: 'showRating',
  displayName: 'Show Rating',
  category: 'dialog',
  fields: [
    field('suggestion', 'richText', 'Suggestion'),
    field('possible-answers', 'list', 'Possible answers', { default: RATING_LABELS }),
    field('sync-handover', 'boolean', 'Sync handover', { default: false }),
  ],
  outputs: ['Rating'],
  waitsForInput: true,
  palette: { icon: 'star', help: 'Asks for a rating from 1 to 5 and keeps it.' },
  exits: (values) => optionExits(values.possibleAnswers),
  sends: (values) => ({ texts: present(values.suggestion), options: values.possibleAnswers ?? [] }),
});

export const randomAnswerBlock = defineBlockKind({
  fc: 'randomAnswer',
  displayName: 'Random Answer',
  category: 'dialog',
  fields: [field('possible-answers', 'list', 'Possible answers')],
  palette: { icon: 'shuffle', help: 'Sends one of its answers, chosen at random.' },
  sends: (values) => ({ texts: values.possibleAnswers ?? [] }),
});

export const sendAttachmentBlock = defineBlockKind({
  fc: 'sendAttachment',
  displayName: 'Send Attachment',
  category: 'dialog',
  fields: [field('input', 'text', 'File name'), ...fileFields],
  palette: { icon: 'paperclip', help: 'Sends an uploaded file.' },
  sends: () => ({ attachment: true }),
  problems: (values) => [
    ...(isBlank(values.input) ? ['File name is missing!'] : []),
    ...(hasFile(values) ? [] : ['File is missing!']),
  ],
});

export const receiveAttachmentBlock = defineBlockKind({
  fc: 'receiveUserAttachment',
  displayName: 'Receive Attachment',
  category: 'dialog',
  fields: [
    field('message', 'richText', 'Message'),
    field('is-optional', 'boolean', 'Optional', { default: false }),
    field('error', 'richText', 'Error message'),
    field('possible-extensions', 'list', 'Possible extensions', { default: ATTACHMENT_EXTENSIONS }),
  ],
  outputs: ['FileUrls', 'FileContents'],
  waitsForInput: true,
  palette: { icon: 'upload', help: 'Asks the user for a file and keeps its address and content.' },
  sends: (values) => ({ texts: present(values.message, values.error), attachment: true }),
});

export const unexpectedAnswerBlock = defineBlockKind({
  fc: 'unexpectedAnswer',
  displayName: 'Unexpected Answer',
  category: 'dialog',
  fields: [
    field('suggestion', 'richText', 'Suggestion', { default: 'Does this answer your question?' }),
    // The first choice is the positive answer, the second the negative one.
    field('choices', 'list', 'Choices', { default: ['Yes', 'No'] }),
  ],
  outputs: ['ClickedAnswerButton'],
  isHiddenInWelcomeIntent: true,
  waitsForInput: true,
  palette: { icon: 'message-question', help: 'Asks whether the answer helped, with a yes and a no button.' },
  exits: (values) => optionExits(values.choices),
  sends: (values) => ({ texts: present(values.suggestion), options: values.choices ?? [] }),
});

export const multipleEntityCheckBlock = defineBlockKind({
  fc: 'multipleEntityCheck',
  displayName: 'Multiple Entity Check',
  category: 'dialog',
  fields: [
    field('entities', 'entityList', 'Entities', {
      maxItems: MULTIPLE_ENTITY_CHECK_MAX,
      itemName: 'entities',
    }),
  ],
  isHiddenInWelcomeIntent: true,
  // It asks for each entity the user's message did not hold.
  waitsForInput: true,
  palette: { icon: 'checklist', help: 'Asks for each listed entity the user has not given yet.' },
  references: (values) => ({ entities: (values.entities ?? []).map((row) => row.entity) }),
  sends: (values) => ({ texts: present(...(values.entities ?? []).map((row) => row.message)) }),
  problems: (values, context) => {
    const rows = values.entities ?? [];
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { entity: name, message } of rows) {
      if (isBlank(name)) {
        problems.push('Choose the entity of every row.');
        continue;
      }
      if (seen.has(name)) problems.push(`Entity ${name} can be checked only once.`);
      seen.add(name);
      const entity = context.entities.find((candidate) => candidate.name === name);
      if (!entity) problems.push(`Entity ${name} does not exist.`);
      else if (entity.type === SIMPLE_ENTITY_TYPE) {
        problems.push(`Entity ${name} is a simple entity: a multiple entity check does not work with them.`);
      }
      if (isBlank(message)) problems.push(`Enter the message that asks for ${name}.`);
    }
    if (rows.length === 0) problems.push('Choose at least one entity to check.');
    return problems;
  },
});

export const DIALOG_BLOCKS = [
  messageBlock,
  dictionaryBlock,
  sendImageBlock,
  askQuestionBlock,
  showOptionsBlock,
  showRatingBlock,
  randomAnswerBlock,
  sendAttachmentBlock,
  receiveAttachmentBlock,
  unexpectedAnswerBlock,
  multipleEntityCheckBlock,
] as const;
