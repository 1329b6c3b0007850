import { RATING_LABELS } from '@parley/flows';
import { textOfActivity } from '../activities';
import type { BlockRunner, BlockTurn } from './block-runner';
import { chosenOption, optionExit } from './choices';

const present = (text: string) => text.trim() !== '';

export const message: BlockRunner<'message'> = (values, turn) => {
  const text = turn.fill(values.message);
  return { say: present(text) ? [{ type: 'text', text }] : [] };
};

/** Each pair becomes a variable the blocks after it can name. */
export const dictionary: BlockRunner<'dictionary'> = (values, turn) => {
  for (const { key, value } of values.dictionaryElements ?? []) {
    if (key.trim() !== '') turn.set(key.trim(), turn.fillValue(value));
  }
  return {};
};

export const sendGif: BlockRunner<'sendGif'> = (values, turn) => {
  const url = turn.fill(values.gif).trim();
  if (url !== '') return { say: [{ type: 'image', url }] };
  if (values.fileId)
    return { say: [{ type: 'attachment', name: values.file ?? 'image', fileId: values.fileId }] };
  return { error: 'The Send Image block has no image.' };
};

/** Asks, and keeps the answer. Not asked when this turn's message already gave it as an entity. */
export const askQuestion: BlockRunner<'askQuestion'> = (values, turn) => {
  if (!turn.answer) {
    if (turn.useRecognisedOutput(0)) return {};
    const text = turn.fill(values.question);
    // Phone callers may key the answer in (Twilio Voice); other channels show the question alone.
    const dtmf = values.captureDtmf
      ? { message: turn.fill(values.dtmfMessage ?? ''), confirmKey: values.dtmfConfirmKey ?? '0' }
      : undefined;
    return { say: [{ type: 'text', text, ...(dtmf ? { dtmf } : {}) }], wait: true };
  }
  turn.output(0, textOfActivity(turn.answer));
  return {};
};

/**
 * Options and the like: shown, then the answer picks one (its exit). An answer that picks none
 * leaves by `unexpected` where the block handles unexpected input, else the options come again.
 */
function choose(
  turn: BlockTurn,
  ask: { type: 'options' | 'rating'; text: string; options: string[]; image?: string },
  onChosen: (index: number) => void,
  unexpected?: () => void,
) {
  const show = () => ({
    say: [
      ask.type === 'options'
        ? {
            type: 'options' as const,
            text: ask.text,
            options: ask.options,
            ...(ask.image ? { image: ask.image } : {}),
          }
        : { type: 'rating' as const, text: ask.text, options: ask.options },
    ],
    wait: true,
  });
  if (!turn.answer) return show();
  const index = chosenOption(ask.options, turn.answer);
  if (index >= 0) {
    onChosen(index);
    return { exit: optionExit(index) };
  }
  if (unexpected) {
    unexpected();
    return { exit: 'unexpected' };
  }
  return show();
}

export const showOptions: BlockRunner<'showOptions'> = (values, turn) => {
  const options = values.choices ?? [];
  return choose(
    turn,
    {
      type: 'options',
      text: turn.fill(values.suggestion),
      options,
      image: turn.fill(values.image).trim() || undefined,
    },
    (index) => turn.output(0, options[index]),
    values.handleUnexpectedInput
      ? () => turn.output(0, textOfActivity(turn.answer ?? { type: 'text', text: '' }))
      : undefined,
  );
};

/** The rating kept is its number, 1 (Very unsatisfied) to 5 (Very Satisfied), for the standard labels. */
export const showRating: BlockRunner<'showRating'> = (values, turn) => {
  const options = values.possibleAnswers ?? RATING_LABELS;
  return choose(turn, { type: 'rating', text: turn.fill(values.suggestion), options }, (index) => {
    const label = options[index] ?? '';
    const standard = RATING_LABELS.findIndex((candidate) => candidate.toLowerCase() === label.toLowerCase());
    turn.output(0, standard >= 0 ? RATING_LABELS.length - standard : label);
  });
};

export const unexpectedAnswer: BlockRunner<'unexpectedAnswer'> = (values, turn) => {
  const options = values.choices ?? ['Yes', 'No'];
  return choose(turn, { type: 'options', text: turn.fill(values.suggestion), options }, (index) =>
    turn.output(0, options[index]),
  );
};

export const randomAnswer: BlockRunner<'randomAnswer'> = (values, turn) => {
  const answers = (values.possibleAnswers ?? []).filter(present);
  if (answers.length === 0) return {};
  const picked = answers[Math.min(answers.length - 1, Math.floor(turn.random() * answers.length))] ?? '';
  return { say: [{ type: 'text', text: turn.fill(picked) }] };
};

export const sendAttachment: BlockRunner<'sendAttachment'> = (values) => {
  if (!values.fileId) return { error: 'The Send Attachment block has no file.' };
  return {
    say: [{ type: 'attachment', name: values.input ?? values.file ?? 'file', fileId: values.fileId }],
  };
};

/** Asks for a file; a text instead is accepted only when the file is optional, else the error is said and it asks again. */
export const receiveUserAttachment: BlockRunner<'receiveUserAttachment'> = (values, turn) => {
  if (!turn.answer) return { say: [{ type: 'text', text: turn.fill(values.message) }], wait: true };
  if (turn.answer.type === 'attachment' && turn.answer.files.length > 0) {
    const allowed = (values.possibleExtensions ?? []).map((e) => e.toLowerCase());
    const files = turn.answer.files.filter((file) => {
      const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
      return allowed.length === 0 || allowed.includes(extension);
    });
    if (files.length > 0) {
      turn.output(
        0,
        files.map((file) => file.url),
      );
      turn.output(
        1,
        files.map((file) => file.content ?? ''),
      );
      return {};
    }
  } else if (values.isOptional) {
    turn.output(0, []);
    turn.output(1, []);
    return {};
  }
  const error = turn.fill(values.error);
  return { say: present(error) ? [{ type: 'text', text: error }] : [], wait: true };
};

/**
 * Asks, one at a time, for each listed entity the conversation has no value of yet; an answer
 * is read by the recognizer for the entity asked for. With all of them known, the flow goes on.
 */
export const multipleEntityCheck: BlockRunner<'multipleEntityCheck'> = async (values, turn) => {
  const rows = (values.entities ?? []).filter((row) => row.entity.trim() !== '');
  if (turn.answer && typeof turn.memo === 'string') {
    const asked = turn.memo;
    const recognition = await turn.services.recognize(textOfActivity(turn.answer));
    const found = recognition.entities.find((entity) => entity.entity === asked);
    if (found) turn.setEntity(asked, found.value ?? found.text);
  }
  const missing = rows.find((row) => turn.variables[row.entity] === undefined);
  if (!missing) return {};
  return { say: [{ type: 'text', text: turn.fill(missing.message) }], wait: true, memo: missing.entity };
};
