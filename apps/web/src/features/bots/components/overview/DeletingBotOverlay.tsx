import { BOT_MESSAGES } from '@parley/contracts';
import { Spinner } from '../../../../ui';

/** The 'Deleting {bot}' loader over the overview while the deletion runs. */
export function DeletingBotOverlay({ botName }: { botName: string }) {
  return (
    <div className="bots-deleting" role="status" aria-live="polite">
      <Spinner size="lg" label="" />
      <p className="bots-deleting__text">{BOT_MESSAGES.deleting(botName)}</p>
    </div>
  );
}
