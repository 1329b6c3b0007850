import type { FlowTargetName } from '@parley/contracts';
import { intentFlowPath } from '../../bot-content/api/flow-api';
import { type FlowTarget, FlowVersions } from '../../bot-content/components/FlowVersions';
import { CONTENT_KEYS } from '../../bot-content/hooks/content-query-keys';

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
  return (
    <FlowVersions
      flowPath={intentFlowPath(botName, intent)}
      queryKey={CONTENT_KEYS.intentFlow(botName, intent)}
      targets={INTENT_TARGETS}
      canActivate={canActivate}
    />
  );
}
