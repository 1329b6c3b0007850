import { Button } from '../../../ui';
import { usePublishBot } from '../hooks/use-publish-bot';

/** The unpublished banner's Publish button (spec 01 'Bot screen start'). */
export function PublishButton({ botName }: { botName: string }) {
  const { publish, isPublishing, isStarting } = usePublishBot(botName);
  return (
    <Button size="sm" onClick={publish} isLoading={isStarting} disabled={isPublishing}>
      Publish
    </Button>
  );
}
