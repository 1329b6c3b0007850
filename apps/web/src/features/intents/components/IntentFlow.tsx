import type { FlowTargetName } from '@parley/contracts';
import { Button } from '../../../ui';
import { CONTENT_KEYS, type FlowTarget, FlowVersions, intentFlowPath } from '../../bot-content';
import { useDialogManagerOpener } from '../../bots';

/** Intents mode: a version goes to the test channel first, then to every channel (spec 03 section 4.2). */
const INTENT_TARGETS: readonly FlowTarget[] = [
  { target: 'test', badge: 'Active in test', action: 'Activate to test' },
  { target: 'production', badge: 'Active in all channels', action: 'Activate to all channels' },
];

interface IntentFlowProps {
  botName: string;
  intent: string;
  canActivate: Record<FlowTargetName, boolean>;
}

/** The selected intent's dialog flow on the Intents tab. */
export function IntentFlow({ botName, intent, canActivate }: IntentFlowProps) {
  const openDialogManager = useDialogManagerOpener();
  return (
    <>
      <FlowVersions
        flowPath={intentFlowPath(botName, intent)}
        queryKey={CONTENT_KEYS.intentFlow(botName, intent)}
        targets={INTENT_TARGETS}
        canActivate={canActivate}
      />
      {openDialogManager && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => openDialogManager({ mode: 'intents', item: intent })}
        >
          Edit in the Dialog Manager
        </Button>
      )}
    </>
  );
}
