import { FEATURES_PERMISSIONS, languageName } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, PlusIcon, Select, TrashIcon } from '../../../ui';
import { type SettingsSaveAction, type SettingsTabProps, settingsPath } from '../../bot-settings';
import { BOT_KEYS } from '../../bots';
import { saveSupportedLanguages } from '../api/bot-features-api';
import { addableLanguages, languagesOf, withLanguage, withoutLanguage } from '../languages-form';
import { FeatureState } from './FeatureState';

const PERMISSION = FEATURES_PERMISSIONS.multiLanguage;

/**
 * The Multi-Language sub-tab: the bot's supported languages. The default language is listed
 * first and cannot be removed nor added again (spec 04 section 5); the others are those the
 * bot's intent recognizer understands. Each language's texts are in System Messages. Saved with
 * Manage general settings (17).
 */
export function MultiLanguagePanel({ bot, permissions, registerSaveAction }: SettingsTabProps) {
  const canEdit = permissions.includes(PERMISSION);
  const client = useQueryClient();
  const [draft, setDraft] = useState<string[]>();
  const [chosen, setChosen] = useState('');
  const languages = draft ?? languagesOf(bot);
  const latest = useRef(languages);
  latest.current = languages;
  const { botName } = bot;
  const offered = addableLanguages(bot, languages);

  useEffect(() => {
    const action: SettingsSaveAction = {
      anyOf: [PERMISSION],
      save: async () => {
        const saved = await saveSupportedLanguages(botName, { supportedLanguages: latest.current });
        client.setQueryData(BOT_KEYS.bot(botName), saved);
        setDraft(undefined);
      },
    };
    registerSaveAction(action);
    return () => registerSaveAction(undefined);
  }, [botName, client, registerSaveAction]);

  return (
    <FeatureState isLoading={false} error={null} canEdit={canEdit} permission={PERMISSION}>
      <Card
        title="Supported languages"
        description={
          <>
            The languages the bot talks in. Write each language's texts in{' '}
            <Link to={settingsPath(botName, 'system-languages')}>System Messages</Link>.
          </>
        }
      >
        <ul className="features__languages" aria-label="Supported languages">
          {languages.map((code) => (
            <li key={code} className="features__language">
              <span>
                {languageName(code)} <span className="features__code">({code})</span>
                {code === bot.settings.language && <span className="features__badge">Default</span>}
              </span>
              {canEdit && code !== bot.settings.language && (
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<TrashIcon />}
                  aria-label={`Remove ${languageName(code)}`}
                  onClick={() => setDraft(withoutLanguage(bot, languages, code))}
                />
              )}
            </li>
          ))}
        </ul>
        {canEdit && (
          <div className="features__row features__row--new">
            <Select
              label="Add a language"
              placeholder="Choose a language"
              options={offered}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
            />
            <Button
              variant="secondary"
              size="sm"
              icon={<PlusIcon />}
              disabled={chosen === ''}
              onClick={() => {
                setDraft(withLanguage(languages, chosen));
                setChosen('');
              }}
            >
              Add language
            </Button>
          </div>
        )}
      </Card>
    </FeatureState>
  );
}
