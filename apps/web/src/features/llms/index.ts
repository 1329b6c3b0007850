/** What other parts of the app use of the LLM area: they import it from here, never from its files. */

export { AnswerSources } from './components/AnswerSources';
export { LlmPage } from './components/detail/LlmPage';
export { LlmsPage } from './components/LlmsPage';
