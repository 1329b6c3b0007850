import { type BotDetails, botRegionLabel, languageCodeLabel, languageName } from '@parley/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../../../ui';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The bot page header (spec 02 section 1): 'To all Bots', the capitalised name, language and region. */
export function BotHeader({ bot, actions }: { bot: BotDetails; actions?: ReactNode }) {
  return (
    <header className="bot-page__header">
      <Link to="/bots" className="bot-page__back">
        <ArrowLeftIcon /> To all Bots
      </Link>
      <div className="bot-page__title-row">
        <h1 className="bot-page__title">{capitalised(bot.displayName)}</h1>
        <span className="bot-page__label" title={languageName(bot.settings.language)}>
          {languageCodeLabel(bot.settings.language)}
        </span>
        {bot.region && (
          <span className="bot-page__label" title="Region">
            {botRegionLabel(bot.region)}
          </span>
        )}
        {actions && <div className="bot-page__actions">{actions}</div>}
      </div>
    </header>
  );
}
