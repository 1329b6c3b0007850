import {
  CONSENT_URL_MAX_LENGTH,
  FEATURE_MESSAGE_MAX_LENGTH,
  FEATURES_PERMISSIONS,
  type GdprSettings,
  Permission,
} from '@parley/contracts';
import { useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { Button, Card, DownloadIcon, TextField, Toggle } from '../../../ui';
import { TextAreaField } from '../../bot-content';
import type { SettingsTabProps } from '../../bot-settings';
import { downloadConsentCsv, fetchGdprSettings, saveGdprSettings } from '../api/bot-features-api';
import { gdprBodyOf, gdprProblems, gdprVisibility } from '../gdpr-form';
import { FEATURE_KEYS } from '../hooks/feature-keys';
import { useFeatureDraft } from '../hooks/use-feature-draft';
import { loadPatternCompiler, usePatternCompiler } from '../hooks/use-pattern-compiler';
import { FeatureState } from './FeatureState';
import { MaskingPatternsEditor } from './MaskingPatternsEditor';

const PERMISSION = FEATURES_PERMISSIONS.gdpr;

/**
 * The GDPR sub-tab (spec 04 sections 3.7, 4 'Consent toggles', 5): consent with its messages
 * and link, the user's right to remove their data, masking of personal data with the masking
 * patterns (checked with RE2 as the server does). Saved with Manage GDPR settings (23); the
 * consent CSV is downloaded with Export logs (7).
 */
export function GdprPanel({ bot, permissions, registerSaveAction }: SettingsTabProps) {
  const canEdit = permissions.includes(PERMISSION);
  const compiler = usePatternCompiler();
  const { botName } = bot;
  const { value, problems, change, isLoading, error } = useFeatureDraft<GdprSettings, GdprSettings>({
    queryKey: FEATURE_KEYS.gdpr(botName),
    load: (signal) => fetchGdprSettings(botName, signal),
    draftOf: (saved) => saved,
    problemsOf: (draft) => gdprProblems(draft, compiler),
    checkBeforeSave: async (draft) => gdprProblems(draft, await loadPatternCompiler()),
    save: (draft) => saveGdprSettings(botName, gdprBodyOf(draft)),
    permission: PERMISSION,
    registerSaveAction,
  });
  const [isDownloading, setDownloading] = useState(false);
  const readOnly = !canEdit;

  const set = <K extends keyof GdprSettings>(key: K, next: GdprSettings[K]) => {
    if (value) change({ ...value, [key]: next });
  };
  const message = (
    key:
      | 'consentMessage'
      | 'consentAgreeMessage'
      | 'consentRejectMessage'
      | 'disableMessage'
      | 'removeUserDataMessage',
    label: string,
    hint?: string,
  ) =>
    value && (
      <div className="features__field">
        <TextAreaField
          label={label}
          value={value[key]}
          error={problems[key]}
          disabled={readOnly}
          rows={2}
          maxLength={FEATURE_MESSAGE_MAX_LENGTH + 100}
          onChange={(e) => set(key, e.target.value)}
        />
        {hint && <p className="field__hint">{hint}</p>}
      </div>
    );

  const download = async () => {
    setDownloading(true);
    try {
      await downloadConsentCsv(botName);
    } catch (failure) {
      handleApiError(failure);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <FeatureState isLoading={isLoading} error={error} canEdit={canEdit} permission={PERMISSION}>
      {value && (
        <div className="features__cards">
          <Card
            title="Consent"
            description="Ask users for their consent before the bot's first message."
            actions={
              permissions.includes(Permission.ExportLogs) && (
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<DownloadIcon />}
                  isLoading={isDownloading}
                  onClick={download}
                >
                  Download consent CSV
                </Button>
              )
            }
          >
            <div className="features__fields">
              <Toggle
                label="Ask for consent"
                description="The bot asks first and answers only after the user agrees."
                isChecked={value.askForConsent}
                isDisabled={readOnly}
                onChange={(isOn) => set('askForConsent', isOn)}
              />
              {gdprVisibility(value).canDisableToggle && (
                <Toggle
                  label="Disable the bot for users who reject"
                  description="A user who does not agree can switch the bot off for themselves."
                  isChecked={value.canDisable}
                  isDisabled={readOnly}
                  onChange={(isOn) => set('canDisable', isOn)}
                />
              )}
              {gdprVisibility(value).consentMessages && (
                <>
                  {message(
                    'consentMessage',
                    'Consent message',
                    'The question the bot asks before anything else.',
                  )}
                  <TextField
                    label="Consent URL"
                    hint="Your privacy policy, linked with the consent message (optional)."
                    type="url"
                    placeholder="https://example.com/privacy"
                    value={value.consentUrl}
                    error={problems.consentUrl}
                    disabled={readOnly}
                    maxLength={CONSENT_URL_MAX_LENGTH + 100}
                    onChange={(e) => set('consentUrl', e.target.value)}
                  />
                  {message('consentAgreeMessage', 'Message after agreeing')}
                  {message('consentRejectMessage', 'Message after rejecting')}
                </>
              )}
              {gdprVisibility(value).disableMessage &&
                message(
                  'disableMessage',
                  'Disabled message',
                  'What the bot says to a user who switched it off.',
                )}
            </div>
          </Card>
          <Card
            title="Remove user data"
            description="Let users have their messages and what the bot remembered about them deleted."
          >
            <div className="features__fields">
              <Toggle
                label="Users may remove their data"
                isChecked={value.removeUserData}
                isDisabled={readOnly}
                onChange={(isOn) => set('removeUserData', isOn)}
              />
              {gdprVisibility(value).removeUserDataMessage &&
                message('removeUserDataMessage', 'Message after removing the data')}
            </div>
          </Card>
          <Card
            title="Masking"
            description="Replace what the patterns find before anything is logged, stored or sent to another service."
          >
            <div className="features__fields">
              <Toggle
                label="Mask personal data"
                description="In the conversation log, the bot's memory and the downloads."
                isChecked={value.maskPersonalData}
                isDisabled={readOnly}
                onChange={(isOn) => set('maskPersonalData', isOn)}
              />
              <Toggle
                label="Mask data sent to AI services"
                description="Before a message goes to an outside NLU or LLM provider."
                isChecked={value.maskAIData}
                isDisabled={readOnly}
                onChange={(isOn) => set('maskAIData', isOn)}
              />
              <MaskingPatternsEditor
                patterns={value.maskingPatterns}
                problems={problems}
                readOnly={readOnly}
                onChange={(patterns) => set('maskingPatterns', patterns)}
              />
            </div>
          </Card>
        </div>
      )}
    </FeatureState>
  );
}
