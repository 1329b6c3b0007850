import {
  BELOW_THRESHOLD_LIMIT_RANGE,
  BOT_MESSAGES as BM,
  type BotDetails,
  CONFIDENCE_RANGE,
  DELAY_FACTOR_MS,
  delayMsOf,
  delaySecondsOf,
  displayNameProblem,
  fractionOf,
  type GeneralSettingsBody,
  IDLE_TEXT_MAX_LENGTH,
  IDLE_TIMEOUT_RANGE_S,
  isOnStep,
  isValidThreshold,
  LOW_CONFIDENCE_RANGE,
  GENERAL_SETTINGS_MESSAGES as M,
  percentOf,
  RESPONSE_DELAY_RANGE_MS,
} from '@parley/contracts';

/**
 * The General Settings tab's fields as the user edits them: seconds and percents, as typed (a
 * half-typed '1.' stays what it is until saved). The API takes milliseconds and fractions.
 */
export interface GeneralSettingsDraft {
  displayName: string;
  delaySeconds: string;
  continueOldConversations: boolean;
  idleTimeoutSeconds: string;
  idleText: string;
  highPercent: string;
  lowPercent: string;
  llmSplitSentences: boolean;
  llmAsyncGuardrails: boolean;
  chitChatEnabled: boolean;
  belowThresholdLimit: string;
  /** The chit-chat LLM's id; empty: none chosen. */
  chitChatModel: string;
}

export type GeneralSettingsProblems = Partial<Record<keyof GeneralSettingsDraft, string>>;

/** The draft of a bot's stored settings. */
export function generalDraftOf(bot: BotDetails): GeneralSettingsDraft {
  const s = bot.settings;
  return {
    displayName: bot.displayName,
    delaySeconds: String(delaySecondsOf(s.delay)),
    continueOldConversations: s.continueOldConversations,
    idleTimeoutSeconds: String(s.idleTimeout),
    idleText: s.idleText,
    highPercent: String(percentOf(s.confidence)),
    lowPercent: String(percentOf(s.lowConfidence)),
    llmSplitSentences: s.llmSplitSentences,
    llmAsyncGuardrails: s.llmAsyncGuardrails,
    chitChatEnabled: s.chitChatEnabled,
    belowThresholdLimit: String(s.belowThresholdLimit),
    chitChatModel: s.chitChatModel ?? '',
  };
}

/** A typed number: blanks are no number; a decimal comma counts as a point. */
export function numberOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

function delayProblem(text: string): string | undefined {
  const ms = numberOf(text) * DELAY_FACTOR_MS;
  if (!Number.isFinite(ms) || ms < RESPONSE_DELAY_RANGE_MS.min || ms > RESPONSE_DELAY_RANGE_MS.max)
    return BM.invalidDelay;
  return isOnStep(ms, RESPONSE_DELAY_RANGE_MS.stepMs) ? undefined : M.delayStep;
}

function idleTimeoutProblem(text: string): string | undefined {
  const seconds = numberOf(text);
  if (!Number.isFinite(seconds) || seconds < IDLE_TIMEOUT_RANGE_S.min || seconds > IDLE_TIMEOUT_RANGE_S.max)
    return BM.invalidIdleTimeout;
  return isOnStep(seconds, IDLE_TIMEOUT_RANGE_S.step) ? undefined : M.idleTimeoutStep;
}

function belowThresholdLimitProblem(text: string): string | undefined {
  const count = numberOf(text);
  return Number.isInteger(count) &&
    count >= BELOW_THRESHOLD_LIMIT_RANGE.min &&
    count <= BELOW_THRESHOLD_LIMIT_RANGE.max
    ? undefined
    : M.belowThresholdLimit;
}

/** The same rules as the server's (spec 04 section 5), with its messages, field by field. */
export function generalProblems(draft: GeneralSettingsDraft): GeneralSettingsProblems {
  const problems: GeneralSettingsProblems = {
    displayName: displayNameProblem(draft.displayName),
    delaySeconds: delayProblem(draft.delaySeconds),
    idleTimeoutSeconds: idleTimeoutProblem(draft.idleTimeoutSeconds),
    idleText: draft.idleText.length > IDLE_TEXT_MAX_LENGTH ? BM.idleTextTooLong : undefined,
    highPercent: isValidThreshold(numberOf(draft.highPercent) / 100, CONFIDENCE_RANGE)
      ? undefined
      : M.confidence,
    lowPercent: isValidThreshold(numberOf(draft.lowPercent) / 100, LOW_CONFIDENCE_RANGE)
      ? undefined
      : M.lowConfidence,
    belowThresholdLimit: belowThresholdLimitProblem(draft.belowThresholdLimit),
    chitChatModel: draft.chitChatEnabled && draft.chitChatModel === '' ? M.chitChatModelMissing : undefined,
  };
  return Object.fromEntries(Object.entries(problems).filter(([, p]) => p !== undefined));
}

/** The body of PUT /api/bots/{bot}/settings/general of a draft without problems. */
export function generalBodyOf(draft: GeneralSettingsDraft): GeneralSettingsBody {
  return {
    displayName: draft.displayName.trim(),
    delay: delayMsOf(numberOf(draft.delaySeconds)),
    continueOldConversations: draft.continueOldConversations,
    idleTimeout: Math.round(numberOf(draft.idleTimeoutSeconds) * 10) / 10,
    idleText: draft.idleText,
    confidence: fractionOf(numberOf(draft.highPercent)),
    lowConfidence: fractionOf(numberOf(draft.lowPercent)),
    llmSplitSentences: draft.llmSplitSentences,
    llmAsyncGuardrails: draft.llmAsyncGuardrails,
    chitChatEnabled: draft.chitChatEnabled,
    belowThresholdLimit: numberOf(draft.belowThresholdLimit),
    chitChatModel: draft.chitChatModel === '' ? null : draft.chitChatModel,
  };
}
