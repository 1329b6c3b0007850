import type { BlockFc } from '@parley/flows';
import type { BlockHandlers } from '@parley/flows/handlers';
import * as actions from './action-runners';
import type { BlockStep, BlockTurn } from './block-runner';
import * as dialog from './dialog-runners';
import { llm } from './llm-runner';
import * as platform from './platform-runners';

/**
 * The runner of each block kind, against the kind's declaration in packages/flows: a declared
 * kind without a runner does not compile. Custom functions and sub flows are not kinds of their
 * own (their block names a function of the bot): run-turn calls them through the bot.
 */
export const BLOCK_RUNNERS = {
  message: dialog.message,
  dictionary: dialog.dictionary,
  sendGif: dialog.sendGif,
  askQuestion: dialog.askQuestion,
  showOptions: dialog.showOptions,
  showRating: dialog.showRating,
  unexpectedAnswer: dialog.unexpectedAnswer,
  randomAnswer: dialog.randomAnswer,
  sendAttachment: dialog.sendAttachment,
  receiveUserAttachment: dialog.receiveUserAttachment,
  multipleEntityCheck: dialog.multipleEntityCheck,
  setVariable: actions.setVariable,
  setObject: actions.setObject,
  triggerRecognizer: actions.triggerRecognizer,
  passCounter: actions.passCounter,
  replaceInVariable: actions.replaceInVariable,
  simpleCalculationBlock: actions.simpleCalculationBlock,
  handover: actions.handover,
  redirectCall: actions.redirectCall,
  sendEmail: actions.sendEmail,
  sendConversationHistory: actions.sendConversationHistory,
  validationBlock: actions.validationBlock,
  userStatistics: platform.userStatistics,
  blockDelay: platform.blockDelay,
  languageDetection: platform.languageDetection,
  languageTranslation: platform.languageTranslation,
  llm,
  GetTicket: platform.getTicket,
  CreateTicket: platform.createTicket,
  EditTicket: platform.editTicket,
  GetTicketsOfUser: platform.getTicketsOfUser,
  GetAssetsOfUser: platform.getAssetsOfUser,
  GetAssetDetails: platform.getAssetDetails,
  addToBasket: platform.addToBasket,
} satisfies BlockHandlers<BlockTurn, BlockStep | Promise<BlockStep>>;

type AnyRunner = (values: unknown, turn: BlockTurn) => BlockStep | Promise<BlockStep>;

/** The runner of a declared kind, by the kind's fc (an LLM block's own fc is its LLM's name). */
export function runnerOf(fc: string): AnyRunner | undefined {
  return Object.hasOwn(BLOCK_RUNNERS, fc)
    ? (BLOCK_RUNNERS[fc as keyof typeof BLOCK_RUNNERS] as AnyRunner)
    : undefined;
}

export type RunnableFc = keyof typeof BLOCK_RUNNERS & BlockFc;
