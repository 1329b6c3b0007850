import {
  CONSENT_URL_MAX_LENGTH,
  FEATURE_MESSAGE_MAX_LENGTH,
  GDPR_MESSAGE_LABELS,
  type GdprMessageField,
  type GdprSettings,
  isValidConsentUrl,
  FEATURES_MESSAGES as M,
  MASKING_PATTERNS_MAX,
  type MaskingPattern,
  maskingPatternsProblem,
  type PatternCompiler,
  requiredGdprMessages,
} from '@parley/contracts';

/** Problems of a form by field (`consentMessage`, `maskingPatterns.2.pattern`). */
export type FormProblems = Record<string, string>;

/**
 * Which parts of the GDPR sub-tab show (spec 04 section 4 'Consent toggles'): the disable
 * toggle and the consent messages only while consent is asked, the disabled message only with
 * canDisable too; the removal message while users may remove their data; the patterns while
 * masking is on (they are kept, and saved, while hidden).
 */
export function gdprVisibility(draft: GdprSettings) {
  return {
    canDisableToggle: draft.askForConsent,
    consentMessages: draft.askForConsent,
    disableMessage: draft.askForConsent && draft.canDisable,
    removeUserDataMessage: draft.removeUserData,
    maskingPatterns: draft.maskPersonalData || draft.maskAIData,
  };
}

/**
 * Each masking pattern's first problem, by `maskingPatterns.{i}.{name|pattern}`, in the server's
 * order (`maskingPatternsProblem`): the name written, then not taken by an earlier row, then the
 * pattern. Each row shows its own. Without a compiler (RE2 still loading) regexes wait.
 */
export function maskingPatternProblems(
  patterns: readonly MaskingPattern[],
  regex?: PatternCompiler,
): FormProblems {
  const problems: FormProblems = {};
  if (patterns.length > MASKING_PATTERNS_MAX) problems.maskingPatterns = M.tooManyMaskingPatterns;
  const names = new Set<string>();
  patterns.forEach((row, index) => {
    const own = maskingPatternsProblem([row], regex);
    const field = own?.field.replace('maskingPatterns.0.', `maskingPatterns.${index}.`);
    const key = row.name.trim().toLowerCase();
    if (own && field?.endsWith('.name')) problems[field] = own.message;
    else if (names.has(key))
      problems[`maskingPatterns.${index}.name`] = M.maskingPatternNameTaken(row.name.trim());
    else if (own && field) problems[field] = own.message;
    names.add(key);
  });
  return problems;
}

/** Everything the server would refuse, checked as the user types. */
export function gdprProblems(draft: GdprSettings, regex?: PatternCompiler): FormProblems {
  const problems: FormProblems = {};
  for (const field of Object.keys(GDPR_MESSAGE_LABELS) as GdprMessageField[]) {
    if (draft[field].trim().length > FEATURE_MESSAGE_MAX_LENGTH)
      problems[field] = M.messageTooLong(GDPR_MESSAGE_LABELS[field]);
  }
  for (const field of requiredGdprMessages(draft)) {
    if (draft[field].trim() === '') problems[field] = M.messageMissing(GDPR_MESSAGE_LABELS[field]);
  }
  const url = draft.consentUrl.trim();
  if (url.length > CONSENT_URL_MAX_LENGTH) problems.consentUrl = M.consentUrlTooLong;
  else if (!isValidConsentUrl(url)) problems.consentUrl = M.consentUrl;
  return { ...problems, ...maskingPatternProblems(draft.maskingPatterns, regex) };
}

/** The new-pattern row adds only a pattern with a name and a pattern written. */
export const canAddMaskingPattern = (name: string, pattern: string) =>
  name.trim() !== '' && pattern.trim() !== '';

export const withMaskingPattern = (draft: GdprSettings, name: string, pattern: string): GdprSettings => ({
  ...draft,
  maskingPatterns: [...draft.maskingPatterns, { name: name.trim(), pattern }],
});

export const withoutMaskingPattern = (draft: GdprSettings, index: number): GdprSettings => ({
  ...draft,
  maskingPatterns: draft.maskingPatterns.filter((_, i) => i !== index),
});

/** What PUT /gdpr/settings receives: texts trimmed (the server trims them too). */
export const gdprBodyOf = (draft: GdprSettings): GdprSettings => ({
  ...draft,
  consentMessage: draft.consentMessage.trim(),
  consentAgreeMessage: draft.consentAgreeMessage.trim(),
  consentRejectMessage: draft.consentRejectMessage.trim(),
  consentUrl: draft.consentUrl.trim(),
  disableMessage: draft.disableMessage.trim(),
  removeUserDataMessage: draft.removeUserDataMessage.trim(),
  maskingPatterns: draft.maskingPatterns.map((p) => ({ name: p.name.trim(), pattern: p.pattern })),
});
