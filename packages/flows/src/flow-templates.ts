import { buildFlowXml } from './build-flow';
import { MATH_OPERATIONS } from './decision-operations';
import { FlowFormatError } from './flow-format-error';
import type { FlowFieldValues, FlowStep } from './flow-steps';
import { templateTexts } from './template-texts';

export interface FlowTemplateOptions {
  /** The new intent's name (the greeting says it). */
  intentName: string;
  /** The bot's languages: each block's texts in each, English where Parley has no translation. */
  languages: string[];
}

interface FlowTemplate {
  id: string;
  name: string;
  description: string;
  steps(options: FlowTemplateOptions): FlowStep[];
}

/** One text field in every language, from the template texts. */
const localised = (
  languages: readonly string[],
  values: (texts: ReturnType<typeof templateTexts>) => FlowFieldValues,
): Record<string, FlowFieldValues> =>
  Object.fromEntries(languages.map((language) => [language, values(templateTexts(language))]));

const greetingSteps = ({ intentName, languages }: FlowTemplateOptions): FlowStep[] => [
  {
    block: 'message',
    name: 'Greeting',
    byLanguage: localised(languages, (texts) => ({ message: texts.greeting(intentName) })),
  },
  { end: 'endFlow' },
];

const TEMPLATES: readonly FlowTemplate[] = [
  {
    id: 'empty',
    name: 'Empty flow',
    description: 'Only a start and an end block: draw the conversation yourself.',
    steps: () => [{ end: 'endFlow' }],
  },
  {
    id: 'greeting',
    name: 'Greeting',
    description: 'Greets the user with a message that names the intent, then ends.',
    steps: greetingSteps,
  },
  {
    id: 'question-and-answer',
    name: 'Question and answer',
    description: 'Asks the user a question and repeats the answer back, ready for you to use it.',
    steps: ({ languages }) => [
      {
        block: 'askQuestion',
        name: 'Ask question',
        byLanguage: localised(languages, (texts) => ({ question: texts.question })),
      },
      {
        block: 'message',
        name: 'Repeat answer',
        byLanguage: localised(languages, (texts) => ({ message: texts.answerEcho })),
      },
      { end: 'endFlow' },
    ],
  },
  {
    id: 'collect-feedback',
    name: 'Collect feedback',
    description:
      'Asks for a rating from 1 to 5, then thanks a satisfied user or apologises to an unhappy one.',
    steps: ({ languages }) => [
      {
        block: 'showRating',
        name: 'Ask for a rating',
        byLanguage: localised(languages, (texts) => ({
          suggestion: texts.ratingQuestion,
          'possible-answers': [...texts.ratingLabels],
        })),
      },
      {
        condition: 'Rating',
        operation: 3, // Math Comparator: the rating is 1 (very unsatisfied) to 5 (very satisfied)
        name: 'Satisfied?',
        branches: [
          {
            operator: { mathOperation: MATH_OPERATIONS.biggerThan, mathNumber1: 3 },
            steps: [
              {
                block: 'message',
                name: 'Thank you',
                byLanguage: localised(languages, (texts) => ({ message: texts.thanks })),
              },
            ],
          },
          {
            isDefault: true,
            steps: [
              {
                block: 'message',
                name: 'Sorry',
                byLanguage: localised(languages, (texts) => ({ message: texts.sorry })),
              },
            ],
          },
        ],
      },
      { end: 'endFlow' },
    ],
  },
  {
    id: 'hand-over',
    name: 'Hand over to a person',
    description: 'Tells the user that a colleague takes over and hands the conversation to a real person.',
    steps: ({ languages }) => [
      {
        block: 'message',
        name: 'Announce hand-over',
        byLanguage: localised(languages, (texts) => ({ message: texts.handover })),
      },
      { block: 'handover', name: 'Hand over' },
      { end: 'endFlow' },
    ],
  },
];

/** The flow templates a new intent can start from (the Create Intent modal lists them). */
export const FLOW_TEMPLATES: readonly { id: string; name: string; description: string }[] = TEMPLATES.map(
  ({ id, name, description }) => ({ id, name, description }),
);

/** The XML of a template's flow for a new intent; an unknown id throws FlowFormatError. */
export async function flowTemplateXml(templateId: string, options: FlowTemplateOptions): Promise<string> {
  const template = TEMPLATES.find((candidate) => candidate.id === templateId);
  if (!template) throw new FlowFormatError(`There is no flow template ${templateId}.`);
  return buildFlowXml(template.steps(options), { languages: options.languages });
}

/** Reset's sample flow (spec 03 section 4.2): start, a greeting that names the intent, end. */
export async function sampleFlowXml(options: FlowTemplateOptions): Promise<string> {
  return buildFlowXml(greetingSteps(options), { languages: options.languages });
}
