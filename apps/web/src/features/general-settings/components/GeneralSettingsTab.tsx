import {
  BELOW_THRESHOLD_LIMIT_RANGE,
  CONFIDENCE_RANGE,
  CONFIDENCE_STEP_PERCENT,
  GENERAL_SETTINGS_MESSAGES,
  GENERAL_SETTINGS_PERMISSION,
  IDLE_TEXT_MAX_LENGTH,
  IDLE_TIMEOUT_RANGE_S,
  LOW_CONFIDENCE_RANGE,
  percentOf,
} from '@parley/contracts';
import { Banner, Card, Select, TextField, Toggle } from '../../../ui';
import { TextAreaField } from '../../bot-content';
import type { SettingsTabProps } from '../../bot-settings';
import { useAvatarImage } from '../hooks/use-avatar-image';
import { useChitChatLlms } from '../hooks/use-chit-chat-llms';
import { useGeneralSettingsDraft } from '../hooks/use-general-settings-draft';
import { AvatarPicker } from './AvatarPicker';
import './general-settings.css';

/**
 * The General Settings tab (spec 04 sections 2.3, 3.1, 5, 9): Bot Settings (avatar, display
 * name, in-between response delay, continue previous conversation, idle timeout and text) and
 * Bot Threshold Settings (high and low intent confidence). Saved by the frame's 'Save settings'
 * with Manage general settings (17); read-only without it. The LLM toggles shape how LLM
 * answers reach users; chit-chat lets one of the tenant's LLMs answer below the low threshold.
 */
export function GeneralSettingsTab({ bot, permissions, registerSaveAction }: SettingsTabProps) {
  const canEdit = permissions.includes(GENERAL_SETTINGS_PERMISSION);
  const { value, problems, change, avatar, chooseAvatar, removeAvatar } = useGeneralSettingsDraft(
    bot,
    registerSaveAction,
  );
  const storedAvatar = useAvatarImage(bot.botName, bot.settings.botAvatar?.id);
  const readOnly = !canEdit;
  const llms = useChitChatLlms();

  return (
    <section className="general-settings" aria-label="General Settings">
      {readOnly && <Banner>{GENERAL_SETTINGS_MESSAGES.readOnly}</Banner>}
      <Card title="Bot Settings" description="How the bot presents itself and paces its answers.">
        <div className="general-settings__fields">
          <AvatarPicker
            storedUrl={storedAvatar}
            change={avatar}
            canEdit={canEdit}
            onChoose={chooseAvatar}
            onRemove={removeAvatar}
          />
          <TextField
            label="Display name"
            hint="The name the bot shows in chats and on its page. Its address keeps the bot's name."
            value={value.displayName}
            error={problems.displayName}
            disabled={readOnly}
            maxLength={60}
            onChange={(e) => change('displayName', e.target.value)}
          />
          <TextField
            label="In-between response delay (seconds)"
            hint="The pause between two messages of one answer: 0 to 10 seconds, in steps of 0.1."
            type="number"
            inputMode="decimal"
            min={0}
            max={10}
            step={0.1}
            value={value.delaySeconds}
            error={problems.delaySeconds}
            disabled={readOnly}
            onChange={(e) => change('delaySeconds', e.target.value)}
          />
          <Toggle
            label="Continue previous conversation"
            description="A user who comes back continues their last conversation instead of starting a new one."
            isChecked={value.continueOldConversations}
            isDisabled={readOnly}
            onChange={(isOn) => change('continueOldConversations', isOn)}
          />
          <div className="general-settings__pair">
            <TextField
              label="Idle timeout (seconds)"
              hint={`Silence before the bot says the idle text: ${IDLE_TIMEOUT_RANGE_S.min} to ${IDLE_TIMEOUT_RANGE_S.max} seconds.`}
              type="number"
              inputMode="decimal"
              min={IDLE_TIMEOUT_RANGE_S.min}
              max={IDLE_TIMEOUT_RANGE_S.max}
              step={IDLE_TIMEOUT_RANGE_S.step}
              value={value.idleTimeoutSeconds}
              error={problems.idleTimeoutSeconds}
              disabled={readOnly}
              onChange={(e) => change('idleTimeoutSeconds', e.target.value)}
            />
            <TextAreaField
              label="Idle text"
              placeholder="Nothing is said while this is empty."
              value={value.idleText}
              error={problems.idleText}
              disabled={readOnly}
              maxLength={IDLE_TEXT_MAX_LENGTH + 100}
              rows={2}
              onChange={(e) => change('idleText', e.target.value)}
            />
          </div>
          <Toggle
            label="Split LLM replies"
            description="An LLM's answer reaches the user sentence by sentence, each as its own message."
            isChecked={value.llmSplitSentences}
            isDisabled={readOnly}
            onChange={(isOn) => change('llmSplitSentences', isOn)}
          />
          <Toggle
            label="Async guardrails"
            description="An LLM's answer is sent while its output checks run, so it arrives sooner; a sentence that fails a check is replaced by the guardrails message."
            isChecked={value.llmAsyncGuardrails}
            isDisabled={readOnly}
            onChange={(isOn) => change('llmAsyncGuardrails', isOn)}
          />
        </div>
      </Card>
      <Card
        title="Bot Threshold Settings"
        description="How sure the bot must be of an intent: above the high threshold it answers; between the two it says it is not sure; below the low one it says it did not understand."
      >
        <div className="general-settings__pair">
          <TextField
            label="High confidence threshold (%)"
            hint={`${percentOf(CONFIDENCE_RANGE.min)} to ${percentOf(CONFIDENCE_RANGE.max)}, in steps of ${CONFIDENCE_STEP_PERCENT}.`}
            type="number"
            inputMode="numeric"
            min={percentOf(CONFIDENCE_RANGE.min)}
            max={percentOf(CONFIDENCE_RANGE.max)}
            step={CONFIDENCE_STEP_PERCENT}
            value={value.highPercent}
            error={problems.highPercent}
            disabled={readOnly}
            onChange={(e) => change('highPercent', e.target.value)}
          />
          <TextField
            label="Low confidence threshold (%)"
            hint={`${percentOf(LOW_CONFIDENCE_RANGE.min)} to ${percentOf(LOW_CONFIDENCE_RANGE.max)}, in steps of ${CONFIDENCE_STEP_PERCENT}.`}
            type="number"
            inputMode="numeric"
            min={percentOf(LOW_CONFIDENCE_RANGE.min)}
            max={percentOf(LOW_CONFIDENCE_RANGE.max)}
            step={CONFIDENCE_STEP_PERCENT}
            value={value.lowPercent}
            error={problems.lowPercent}
            disabled={readOnly}
            onChange={(e) => change('lowPercent', e.target.value)}
          />
        </div>
        <div className="general-settings__fields">
          <Toggle
            label="Chit-chat"
            description="Below the low threshold, an LLM answers small talk before the bot says it did not understand."
            isChecked={value.chitChatEnabled}
            isDisabled={readOnly}
            onChange={(isOn) => change('chitChatEnabled', isOn)}
          />
          <div className="general-settings__pair">
            <Select
              label="Chit-chat LLM"
              hint={
                llms.length === 0
                  ? 'Create an LLM on the LLMs page first.'
                  : 'One of your LLMs, with its persona and guardrails.'
              }
              placeholder="Choose an LLM"
              options={llms.map((llm) => ({ value: llm.llmId, label: llm.label }))}
              value={value.chitChatModel}
              error={problems.chitChatModel}
              disabled={readOnly}
              onChange={(e) => change('chitChatModel', e.target.value)}
            />
            <TextField
              label="Below-threshold count"
              hint={`Chit-chat answers in a row before the not-understood message: ${BELOW_THRESHOLD_LIMIT_RANGE.min} to ${BELOW_THRESHOLD_LIMIT_RANGE.max}.`}
              type="number"
              inputMode="numeric"
              min={BELOW_THRESHOLD_LIMIT_RANGE.min}
              max={BELOW_THRESHOLD_LIMIT_RANGE.max}
              step={1}
              value={value.belowThresholdLimit}
              error={problems.belowThresholdLimit}
              disabled={readOnly}
              onChange={(e) => change('belowThresholdLimit', e.target.value)}
            />
          </div>
        </div>
      </Card>
    </section>
  );
}
