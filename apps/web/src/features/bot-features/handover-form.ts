import {
  FEATURE_MESSAGE_MAX_LENGTH,
  HANDOVER_LIMIT_LABELS,
  HANDOVER_MESSAGE_LABELS,
  type HandoverMessageField,
  type HandoverSettings,
  isHandoverLimit,
  isTimeOfDay,
  isTimeZone,
  FEATURES_MESSAGES as M,
} from '@parley/contracts';
import type { FormProblems } from './gdpr-form';

type LimitField = keyof typeof HANDOVER_LIMIT_LABELS;

/** The Handover sub-tab as edited: the limits as typed ('' is no limit). */
export type HandoverDraft = Omit<HandoverSettings, LimitField> & Record<LimitField, string>;

export const LIMIT_FIELDS = Object.keys(HANDOVER_LIMIT_LABELS) as LimitField[];
export const HANDOVER_MESSAGE_FIELDS = Object.keys(HANDOVER_MESSAGE_LABELS) as HandoverMessageField[];

export const handoverDraftOf = (settings: HandoverSettings): HandoverDraft => ({
  ...settings,
  negativeSentimentLimit:
    settings.negativeSentimentLimit === null ? '' : String(settings.negativeSentimentLimit),
  unrecognizedIntentLimit:
    settings.unrecognizedIntentLimit === null ? '' : String(settings.unrecognizedIntentLimit),
});

/** A typed limit: '' is none; anything else must be a whole number (NaN otherwise, refused). */
export const limitOf = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed.trim()));

export function handoverProblems(draft: HandoverDraft): FormProblems {
  const problems: FormProblems = {};
  if (!isTimeOfDay(draft.openingTime)) problems.openingTime = M.time('opening time');
  if (!isTimeOfDay(draft.closingTime)) problems.closingTime = M.time('closing time');
  if (!isTimeZone(draft.timeZone)) problems.timeZone = M.timeZone;
  for (const field of HANDOVER_MESSAGE_FIELDS) {
    const text = draft[field].trim();
    if (text.length > FEATURE_MESSAGE_MAX_LENGTH)
      problems[field] = M.messageTooLong(HANDOVER_MESSAGE_LABELS[field]);
    else if (draft.isActive && text === '')
      problems[field] = M.messageMissing(HANDOVER_MESSAGE_LABELS[field]);
  }
  for (const field of LIMIT_FIELDS) {
    const limit = limitOf(draft[field]);
    if (!isHandoverLimit(limit === null || Number.isFinite(limit) ? limit : Number.NaN))
      problems[field] = M.handoverLimit(HANDOVER_LIMIT_LABELS[field]);
  }
  return problems;
}

/** What PUT /handover/settings receives (call only without problems). */
export const handoverBodyOf = (draft: HandoverDraft): HandoverSettings => ({
  ...draft,
  queueEnterMessage: draft.queueEnterMessage.trim(),
  chatStartMessage: draft.chatStartMessage.trim(),
  chatEndMessage: draft.chatEndMessage.trim(),
  notAvailableMessage: draft.notAvailableMessage.trim(),
  negativeSentimentLimit: limitOf(draft.negativeSentimentLimit),
  unrecognizedIntentLimit: limitOf(draft.unrecognizedIntentLimit),
});

/** The time zones offered: the browser's list, UTC first, and the saved one even if unknown here. */
export function timeZoneChoices(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return [...new Set(['UTC', current, ...zones].filter((z) => z !== ''))];
}
