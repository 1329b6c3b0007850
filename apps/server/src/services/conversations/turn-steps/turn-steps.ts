import { botAnswerStep } from './bot-answer.step';
import { consentStep } from './consent.step';
import { dataRemovalStep } from './data-removal.step';
import { handoverInboundStep } from './handover-inbound.step';
import { handoverTriggerStep } from './handover-trigger.step';
import { schedulingStep } from './scheduling.step';
import { sentimentStep } from './sentiment.step';
import type { TurnStep } from './turn';

/**
 * The steps of every turn, in order (issue 21): a feature adds a step here, it does not edit the
 * turn. Privacy decides before the bot answers; what follows the answer sees it. Storing the
 * turn (state and log, one transaction) and delivering it are the turn's own, after the steps.
 */
export const TURN_STEPS: readonly TurnStep[] = [
  handoverInboundStep,
  dataRemovalStep,
  consentStep,
  botAnswerStep,
  sentimentStep,
  handoverTriggerStep,
  schedulingStep,
];
