import {
  FEATURE_MESSAGE_MAX_LENGTH,
  FEATURES_PERMISSIONS,
  HANDOVER_LIMIT_RANGE,
  type HANDOVER_MESSAGE_LABELS,
  type HandoverSettings,
} from '@parley/contracts';
import { Card, Select, TextField, Toggle } from '../../../ui';
import { TextAreaField } from '../../bot-content';
import type { SettingsTabProps } from '../../bot-settings';
import { fetchHandoverSettings, saveHandoverSettings } from '../api/bot-features-api';
import {
  HANDOVER_MESSAGE_FIELDS,
  type HandoverDraft,
  handoverBodyOf,
  handoverDraftOf,
  handoverProblems,
  timeZoneChoices,
} from '../handover-form';
import { FEATURE_KEYS } from '../hooks/feature-keys';
import { useFeatureDraft } from '../hooks/use-feature-draft';
import { FeatureState } from './FeatureState';

const PERMISSION = FEATURES_PERMISSIONS.handover;

const MESSAGE_HINTS: Record<keyof typeof HANDOVER_MESSAGE_LABELS, { label: string; hint: string }> = {
  queueEnterMessage: { label: 'Queue message', hint: 'Said when the conversation waits for a person.' },
  chatStartMessage: { label: 'Chat start message', hint: 'Said when a person takes the conversation.' },
  chatEndMessage: {
    label: 'Chat end message',
    hint: 'Said when the person hands the conversation back to the bot.',
  },
  notAvailableMessage: { label: 'Not available message', hint: 'Said outside the opening hours.' },
};

/**
 * The Handover sub-tab (spec 04 sections 3.8, 5): whether conversations may move to a person,
 * the opening hours (time inputs, in a time zone), the four messages, and the negative sentiment
 * and unrecognized intent limits (whole numbers from 1, placeholder 3; empty: no handover for
 * that reason). Saved with Manage handover settings (32).
 */
export function HandoverPanel({ bot, permissions, registerSaveAction }: SettingsTabProps) {
  const canEdit = permissions.includes(PERMISSION);
  const { botName } = bot;
  const { value, problems, change, isLoading, error } = useFeatureDraft<HandoverSettings, HandoverDraft>({
    queryKey: FEATURE_KEYS.handover(botName),
    load: (signal) => fetchHandoverSettings(botName, signal),
    draftOf: handoverDraftOf,
    problemsOf: handoverProblems,
    save: (draft) => saveHandoverSettings(botName, handoverBodyOf(draft)),
    permission: PERMISSION,
    registerSaveAction,
  });
  const readOnly = !canEdit;
  const set = <K extends keyof HandoverDraft>(key: K, next: HandoverDraft[K]) => {
    if (value) change({ ...value, [key]: next });
  };

  return (
    <FeatureState isLoading={isLoading} error={error} canEdit={canEdit} permission={PERMISSION}>
      {value && (
        <div className="features__cards">
          <Card title="Handover" description="Move a conversation from the bot to a person of your team.">
            <div className="features__fields">
              <Toggle
                label="Handover to a person"
                description="A flow's handover block, or the limits below, move the conversation to your team."
                isChecked={value.isActive}
                isDisabled={readOnly}
                onChange={(isOn) => set('isActive', isOn)}
              />
              <div className="features__pair">
                <TextField
                  label="Opening time"
                  type="time"
                  value={value.openingTime}
                  error={problems.openingTime}
                  disabled={readOnly}
                  onChange={(e) => set('openingTime', e.target.value)}
                />
                <TextField
                  label="Closing time"
                  type="time"
                  hint="Earlier than the opening time: open past midnight. The same time: open around the clock."
                  value={value.closingTime}
                  error={problems.closingTime}
                  disabled={readOnly}
                  onChange={(e) => set('closingTime', e.target.value)}
                />
              </div>
              <Select
                label="Time zone"
                options={timeZoneChoices(value.timeZone).map((zone) => ({ value: zone, label: zone }))}
                value={value.timeZone}
                error={problems.timeZone}
                disabled={readOnly}
                onChange={(e) => set('timeZone', e.target.value)}
              />
              <div className="features__pair">
                <TextField
                  label="Negative sentiment limit"
                  hint="Negative messages after which a person takes over. Empty: never for this reason."
                  type="number"
                  inputMode="numeric"
                  min={HANDOVER_LIMIT_RANGE.min}
                  max={HANDOVER_LIMIT_RANGE.max}
                  step={1}
                  placeholder={String(HANDOVER_LIMIT_RANGE.placeholder)}
                  value={value.negativeSentimentLimit}
                  error={problems.negativeSentimentLimit}
                  disabled={readOnly}
                  onChange={(e) => set('negativeSentimentLimit', e.target.value)}
                />
                <TextField
                  label="Unrecognized intent limit"
                  hint="Messages the bot did not understand after which a person takes over. Empty: never for this reason."
                  type="number"
                  inputMode="numeric"
                  min={HANDOVER_LIMIT_RANGE.min}
                  max={HANDOVER_LIMIT_RANGE.max}
                  step={1}
                  placeholder={String(HANDOVER_LIMIT_RANGE.placeholder)}
                  value={value.unrecognizedIntentLimit}
                  error={problems.unrecognizedIntentLimit}
                  disabled={readOnly}
                  onChange={(e) => set('unrecognizedIntentLimit', e.target.value)}
                />
              </div>
            </div>
          </Card>
          <Card title="Messages" description="What the bot says around the handover.">
            <div className="features__fields">
              {HANDOVER_MESSAGE_FIELDS.map((field) => (
                <div key={field} className="features__field">
                  <TextAreaField
                    label={MESSAGE_HINTS[field].label}
                    value={value[field]}
                    error={problems[field]}
                    disabled={readOnly}
                    rows={2}
                    maxLength={FEATURE_MESSAGE_MAX_LENGTH + 100}
                    onChange={(e) => set(field, e.target.value)}
                  />
                  <p className="field__hint">{MESSAGE_HINTS[field].hint}</p>
                </div>
              ))}
            </div>
          </Card>
        </div>
      )}
    </FeatureState>
  );
}
