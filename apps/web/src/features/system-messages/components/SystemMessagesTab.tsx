import {
  DEFAULT_SYSTEM_MESSAGES,
  GENERAL_SETTINGS_MESSAGES,
  GENERAL_SETTINGS_PERMISSION,
  languageCodeLabel,
  languageName,
  SYSTEM_MESSAGE_KEYS,
  SYSTEM_MESSAGE_LABELS,
  SYSTEM_MESSAGE_MAX_LENGTH,
} from '@parley/contracts';
import { useState } from 'react';
import { Banner, Card, cx } from '../../../ui';
import { TextAreaField } from '../../bot-content';
import type { SettingsTabProps } from '../../bot-settings';
import { useSystemMessagesDraft } from '../hooks/use-system-messages-draft';
import { botLanguages } from '../system-messages-form';
import './system-messages.css';

/**
 * The System Messages tab (spec 04 section 2.3, system-languages): a sidebar of the bot's
 * languages (its default first) and the five messages of the chosen one. A blank message is
 * the default, shown as the placeholder. Saved by the frame's 'Save settings' with Manage
 * general settings (17); read-only without it.
 */
export function SystemMessagesTab({ bot, permissions, registerSaveAction }: SettingsTabProps) {
  const canEdit = permissions.includes(GENERAL_SETTINGS_PERMISSION);
  const { value, problems, change } = useSystemMessagesDraft(bot, registerSaveAction);
  const languages = botLanguages(bot);
  const [chosen, setChosen] = useState(languages[0] ?? bot.settings.language);
  const language = languages.includes(chosen) ? chosen : (languages[0] ?? chosen);
  const messages = value[language];

  return (
    <section className="system-messages" aria-label="System Messages">
      <nav className="system-messages__languages" aria-label="Languages">
        <h2 className="system-messages__languages-title">Languages</h2>
        <ul>
          {languages.map((code, index) => (
            <li key={code}>
              <button
                type="button"
                className={cx(
                  'system-messages__language',
                  code === language && 'system-messages__language--current',
                )}
                aria-current={code === language ? 'true' : undefined}
                onClick={() => setChosen(code)}
              >
                <span>{languageName(code)}</span>
                <span className="system-messages__code">
                  {languageCodeLabel(code)}
                  {index === 0 && ' · default'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <Card
        className="system-messages__card"
        title={`Messages in ${languageName(language)}`}
        description="What the bot says on its own. Leave a message empty to use the default shown in grey."
      >
        {!canEdit && (
          <Banner className="system-messages__read-only">{GENERAL_SETTINGS_MESSAGES.readOnly}</Banner>
        )}
        {messages && (
          <div className="system-messages__fields">
            {SYSTEM_MESSAGE_KEYS.map((key) => (
              <div key={key} className="system-messages__field">
                <TextAreaField
                  label={SYSTEM_MESSAGE_LABELS[key].label}
                  placeholder={DEFAULT_SYSTEM_MESSAGES[key]}
                  value={messages[key]}
                  error={problems[`${language}.${key}`]}
                  disabled={!canEdit}
                  maxLength={SYSTEM_MESSAGE_MAX_LENGTH + 100}
                  rows={2}
                  onChange={(e) => change(language, key, e.target.value)}
                />
                <p className="field__hint">{SYSTEM_MESSAGE_LABELS[key].hint}</p>
              </div>
            ))}
          </div>
        )}
      </Card>
    </section>
  );
}
