import { type FlowTarget, FlowVersions, subFlowPath } from '../../bot-content';
import { subFlowKey } from '../hooks/use-functions';

/** Functions mode publishes straight to live (spec 03 section 4.2). */
const SUB_FLOW_TARGETS: readonly FlowTarget[] = [
  { target: 'production', badge: 'Live', action: 'Publish to live' },
];

interface SubFlowVersionsProps {
  botName: string;
  name: string;
  canPublish: boolean;
}

/** The selected sub flow's flow on the Subs tab. */
export function SubFlowVersions({ botName, name, canPublish }: SubFlowVersionsProps) {
  return (
    <FlowVersions
      flowPath={subFlowPath(botName, name)}
      queryKey={subFlowKey(botName, name)}
      targets={SUB_FLOW_TARGETS}
      canActivate={{ production: canPublish }}
    />
  );
}
