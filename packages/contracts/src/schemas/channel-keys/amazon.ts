import { defineChannelKeys } from './define';

/** Amazon Alexa (spec 04 section 3.4): the skill this bot answers, and how options are read out. */
export const AMAZON_KEYS = defineChannelKeys({
  path: 'amazon',
  channels: ['alexa'],
  isWritable: true,
  fields: {
    skillId: {
      label: 'Skill ID',
      kind: 'text',
      maxLength: 200,
      pattern: {
        regex: /^amzn1\.ask\.skill\.[0-9a-fA-F-]+$/,
        message: 'A skill ID starts with amzn1.ask.skill.',
      },
      placeholder: 'amzn1.ask.skill.…',
      help: 'From the Alexa developer console: only requests for this skill reach the bot.',
    },
    skillName: { label: 'Skill name', kind: 'text', maxLength: 50 },
    optionsMessage: {
      label: 'Options message',
      kind: 'text',
      maxLength: 200,
      initial: 'option',
      help: "The word options are read out with: 'Say option 1 for …'.",
    },
    endpointUrl: { label: 'Skill endpoint', kind: 'shown' },
  },
});
