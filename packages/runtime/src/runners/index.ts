import type { BlockFc } from '@parley/flows';
import type { BlockHandlers } from '@parley/flows/handlers';
import * as actions from './action-runners';
import type { BlockStep, BlockTurn } from './block-runner';
import * as dialog from './dialog-runners';

/**
 * The runner of each block kind, against the kind's declaration in packages/flows. Partial while
 * issue 10 is under way: kinds that need the platform (mail, delays, handover, functions,
 * translation, LLMs, ticketing) are added with the services they need; the registry then
 * becomes `satisfies BlockHandlers<...>` so a declared kind without a runner does not compile.
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
} satisfies Partial<BlockHandlers<BlockTurn, BlockStep | Promise<BlockStep>>>;

type AnyRunner = (values: unknown, turn: BlockTurn) => BlockStep | Promise<BlockStep>;

/** The runner of a kind; undefined for a kind that cannot run in this version. */
export function runnerOf(fc: string): AnyRunner | undefined {
  return Object.hasOwn(BLOCK_RUNNERS, fc)
    ? (BLOCK_RUNNERS[fc as keyof typeof BLOCK_RUNNERS] as AnyRunner)
    : undefined;
}

export type RunnableFc = keyof typeof BLOCK_RUNNERS & BlockFc;
