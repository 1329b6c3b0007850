/**
 * The test offered on an LLM's card sends this fixed prompt about the context it was given (spec
 * 04 section 2.4; the spec does not give its words, docs/decisions.md).
 */
export const LLM_LIST_TEST_PROMPT =
  'What is the context you have been given about? Answer in two or three sentences.';
