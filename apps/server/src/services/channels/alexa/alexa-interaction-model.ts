/**
 * The skill's interaction model: what Alexa passes on to Parley. One catch-all intent takes the
 * user's words in an AMAZON.SearchQuery slot (Parley's own NLU understands them); Alexa's own
 * intents cover stop, cancel, help, yes, no and what matched nothing. Amazon refuses a sample
 * made of the phrase slot alone (MissingCarrierPhraseWithPhraseSlot), so each sample has a
 * short carrier word; the user manual lists the same model for skills made by hand.
 */
export const CATCH_ALL_INTENT = 'ParleyCatchAll';
export const CATCH_ALL_SLOT = 'query';

/** English carrier phrases: sentence starts users say, so most utterances reach the catch-all. */
export const CATCH_ALL_SAMPLES = [
  'I {query}',
  "I'm {query}",
  'I want {query}',
  'I need {query}',
  'my {query}',
  'what {query}',
  'how {query}',
  'when {query}',
  'where {query}',
  'why {query}',
  'who {query}',
  'can you {query}',
  'can I {query}',
  'is {query}',
  'are {query}',
  'do {query}',
  'please {query}',
  'tell me {query}',
  'option {query}',
  'number {query}',
  'the {query}',
  "it's {query}",
  'hi {query}',
  'hello {query}',
] as const;

const BUILT_IN_INTENTS = [
  'AMAZON.CancelIntent',
  'AMAZON.HelpIntent',
  'AMAZON.StopIntent',
  'AMAZON.NavigateHomeIntent',
  'AMAZON.FallbackIntent',
  'AMAZON.YesIntent',
  'AMAZON.NoIntent',
] as const;

/** Alexa's spoken invocation name from a skill name: lower case letters, apostrophes, periods and spaces. */
export const invocationNameOf = (skillName: string) =>
  skillName
    .toLowerCase()
    .replace(/[^\p{L}\s'.]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The body of SMAPI's 'update interaction model' call for one locale. */
export function interactionModelOf(skillName: string) {
  return {
    interactionModel: {
      languageModel: {
        invocationName: invocationNameOf(skillName),
        intents: [
          {
            name: CATCH_ALL_INTENT,
            slots: [{ name: CATCH_ALL_SLOT, type: 'AMAZON.SearchQuery' }],
            samples: [...CATCH_ALL_SAMPLES],
          },
          ...BUILT_IN_INTENTS.map((name) => ({ name, samples: [] })),
        ],
        types: [],
      },
    },
  };
}
