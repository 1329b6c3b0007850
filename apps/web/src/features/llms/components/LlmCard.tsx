import type { LlmSummary } from '@parley/contracts';
import { languageCodeLabel, languageName } from '@parley/contracts';
import { Link } from 'react-router';
import { cx, Spinner } from '../../../ui';
import { type BotCardAction, BotCardMenu } from '../../bots';

export const llmPagePath = (llmId: string) => `/llms/${encodeURIComponent(llmId)}`;

interface LlmCardProps {
  llm: LlmSummary;
  actions: BotCardAction[];
  isDeleting: boolean;
  isTraining: boolean;
  providerLabel: string;
}

/**
 * One LLM on the list (spec 04 section 2.4): name, provider, model or 'Default model', language
 * and the dot, red until trained (isComplete) and green after. The whole card opens the LLM; the
 * menu sits above the link. While it is being deleted the card says so and offers nothing.
 */
export function LlmCard({ llm, actions, isDeleting, isTraining, providerLabel }: LlmCardProps) {
  const status = llm.isComplete ? 'Trained' : 'Not trained';
  return (
    <article className={cx('llm-card', isDeleting && 'llm-card--deleting')} aria-label={llm.llmDisplayName}>
      <header className="llm-card__header">
        <h2 className="llm-card__name">
          <span
            className={cx(
              'llm-card__dot',
              llm.isComplete ? 'llm-card__dot--trained' : 'llm-card__dot--untrained',
            )}
            role="img"
            aria-label={status}
            title={status}
          />
          <Link to={llmPagePath(llm.llmId)} className="llm-card__link">
            {llm.llmDisplayName}
          </Link>
        </h2>
        {!isDeleting && <BotCardMenu botName={llm.llmDisplayName} actions={actions} />}
      </header>
      {llm.description && <p className="llm-card__description">{llm.description}</p>}
      <dl className="llm-card__facts">
        <div>
          <dt>Provider</dt>
          <dd>{providerLabel}</dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>{llm.model ?? 'Default model'}</dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd>
            <span className="llm-card__chip" title={languageName(llm.language)}>
              {languageCodeLabel(llm.language)}
            </span>
          </dd>
        </div>
      </dl>
      {(isDeleting || isTraining) && (
        <p className="llm-card__busy" role="status">
          <Spinner size="sm" label="" /> {isDeleting ? `Deleting ${llm.llmDisplayName}` : 'Training...'}
        </p>
      )}
    </article>
  );
}
