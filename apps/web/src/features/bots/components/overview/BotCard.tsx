import {
  type BotView,
  botRegionLabel,
  formatRecognizedPercent,
  languageCodeLabel,
  languageName,
} from '@parley/contracts';
import { Link } from 'react-router';
import { EngineMark } from '../engines/EngineMark';
import { type BotCardAction, BotCardMenu } from './BotCardMenu';

/** The engines a bot uses for intents and entities, each once. */
function enginesOf(bot: BotView): string[] {
  const { intentRecognizerProvider, entityExtractorProvider } = bot.settings;
  return [...new Set([intentRecognizerProvider, entityExtractorProvider])].filter(
    (id): id is string => typeof id === 'string',
  );
}

export const botPagePath = (botName: string) => `/bots/${encodeURIComponent(botName)}`;

/**
 * One bot on the overview (spec 01 section 2): display name, language, engines, region, Total
 * Interactions and Intents recognized. The whole card opens the bot; the menu sits above the link.
 */
export function BotCard({ bot, actions }: { bot: BotView; actions: BotCardAction[] }) {
  const { interactions, questionsAsked, questionsRecognized } = bot.allTimeData;
  const engines = enginesOf(bot);
  return (
    <article className="bot-card" aria-label={bot.displayName}>
      <header className="bot-card__header">
        <h2 className="bot-card__name">
          <Link to={botPagePath(bot.botName)} className="bot-card__link">
            {bot.displayName}
          </Link>
        </h2>
        <BotCardMenu botName={bot.displayName} actions={actions} />
      </header>
      <div className="bot-card__facts">
        <span className="bot-card__chip" title={languageName(bot.settings.language)}>
          {languageCodeLabel(bot.settings.language)}
        </span>
        <span className="bot-card__chip" title="Region">
          {botRegionLabel(bot.region)}
        </span>
        <span className="bot-card__engines">
          {engines.length > 0 ? (
            engines.map((id) => <EngineMark key={id} engineId={id} />)
          ) : (
            <span className="bot-card__no-engine">No recognizer</span>
          )}
        </span>
      </div>
      <dl className="bot-card__stats">
        <div>
          <dt>Total Interactions</dt>
          <dd>{interactions.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Intents recognized</dt>
          <dd>{formatRecognizedPercent(questionsAsked, questionsRecognized)}%</dd>
        </div>
      </dl>
    </article>
  );
}
