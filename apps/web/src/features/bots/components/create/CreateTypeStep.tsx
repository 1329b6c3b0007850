import type { BotCreateType } from '@parley/contracts';
import { BotIcon, cx, SparklesIcon } from '../../../../ui';

interface CreateTypeStepProps {
  hasTemplates: boolean;
  isLoadingTemplates: boolean;
  onChoose: (createType: BotCreateType) => void;
}

/** Step 1: from scratch, or from a starter template (offered once templates exist). */
export function CreateTypeStep({ hasTemplates, isLoadingTemplates, onChoose }: CreateTypeStepProps) {
  return (
    <div className="create-bot__choices">
      <button type="button" className="create-bot__choice" onClick={() => onChoose('scratch')} data-autofocus>
        <span className="create-bot__choice-icon" aria-hidden="true">
          <BotIcon />
        </span>
        <span className="create-bot__choice-title">Start from scratch</span>
        <span className="create-bot__choice-text">
          An empty bot: you add its intents, entities and flows.
        </span>
      </button>
      <button
        type="button"
        className={cx('create-bot__choice', !hasTemplates && 'create-bot__choice--disabled')}
        onClick={() => onChoose('template')}
        disabled={!hasTemplates}
        aria-describedby="create-bot-template-note"
      >
        <span className="create-bot__choice-icon" aria-hidden="true">
          <SparklesIcon />
        </span>
        <span className="create-bot__choice-title">Use starter Template</span>
        <span className="create-bot__choice-text" id="create-bot-template-note">
          {hasTemplates
            ? 'A ready bot with intents, entities, functions and variables to adapt.'
            : isLoadingTemplates
              ? 'Looking for starter templates…'
              : 'No starter templates are available yet.'}
        </span>
      </button>
    </div>
  );
}
