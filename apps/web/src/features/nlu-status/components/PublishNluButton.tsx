import { NLU_STATUS_MESSAGES as M } from '@parley/contracts';
import { Button } from '../../../ui';
import { usePublishBot } from '../../publishing';

/** 'Publish NLU model' (spec 04 section 2.3): starts a publish to every provider of the bot. */
export function PublishNluButton({ botName }: { botName: string }) {
  const { publish, isPublishing, isStarting } = usePublishBot(botName);
  return (
    <Button onClick={publish} isLoading={isStarting || isPublishing} disabled={isStarting || isPublishing}>
      {M.publish}
    </Button>
  );
}
