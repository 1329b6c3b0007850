export {
  type OpenAiProtocolServer,
  STAND_IN_MODELS,
  type StandInFault,
  type StandInOptions,
  type StandInRequest,
  type StandInRoute,
  startOpenAiProtocolServer,
} from './openai-protocol-server.ts';
export type { StandInChatRequest } from './stand-in-answer.ts';
export { extractiveAnswer } from './stand-in-answer.ts';
export { standInEmbedding } from './stand-in-embedding.ts';
