import {
  type FlowActivationView,
  type FlowTargetName,
  type FlowVersionView,
  FLOW_MESSAGES as M,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, popup, Spinner } from '../../../ui';
import { CONTENT_KEYS } from '../../bot-content/hooks/content-query-keys';
import { showFailure } from '../../bot-content/server-error';
import { activateIntentFlow } from '../api/intent-flow-api';
import { useIntentFlow } from '../hooks/use-intent-flow';

/** How many versions the pane lists; the flow editor shows them all. */
const SHOWN_VERSIONS = 5;

const TARGETS: ReadonlyArray<{ target: FlowTargetName; badge: string; action: string }> = [
  { target: 'test', badge: 'Active in test', action: 'Activate to test' },
  { target: 'production', badge: 'Active in all channels', action: 'Activate to all channels' },
];

interface IntentFlowProps {
  botName: string;
  intent: string;
  canActivate: Record<FlowTargetName, boolean>;
}

/**
 * The intent's dialog flow as the Intents tab shows it until the flow editor comes: its newest
 * versions with their status and where each is active, and activation for those who may.
 */
export function IntentFlow({ botName, intent, canActivate }: IntentFlowProps) {
  const queryClient = useQueryClient();
  const flow = useIntentFlow(botName, intent);
  const [activating, setActivating] = useState<string | null>(null);

  const activate = async (target: FlowTargetName, version: FlowVersionView) => {
    setActivating(`${target} ${version.versionName}`);
    try {
      const result = await activateIntentFlow(botName, intent, target, version.versionName);
      queryClient.setQueryData(CONTENT_KEYS.intentFlow(botName, intent), result.content);
      void popup.info({ title: result.message });
    } catch (error) {
      showFailure(M.activationFailed, error);
    } finally {
      setActivating(null);
    }
  };

  if (!flow.data) {
    if (flow.isError)
      return flow.isGone ? null : <p className="content-muted">The flow could not be loaded.</p>;
    return <Spinner label="Loading the flow" />;
  }
  const versions = flow.data.xmlArray;
  const active: Record<FlowTargetName, FlowActivationView | undefined> = {
    test: flow.data.testVersions[0],
    production: flow.data.labeledVersions[0],
  };
  return (
    <section className="intent-flow" aria-label="Dialog flow">
      <h3 className="content-section-title">Dialog flow</h3>
      {versions.length === 0 ? (
        <p className="content-muted">This intent has no flow yet.</p>
      ) : (
        <ul className="intent-flow__versions">
          {versions.slice(0, SHOWN_VERSIONS).map((version) => (
            <li
              key={version.version}
              className="intent-flow__version"
              aria-label={`Version ${version.versionName}`}
            >
              <span className="intent-flow__name">
                {version.versionName}
                {version.status === 'auto-saved' && <span title={M.autoSaved}>*</span>}
              </span>
              <span className="content-muted">saved {new Date(version.modified).toLocaleString()}</span>
              {version.status === 'faulty-flow' && <span className="content-badge">Has errors</span>}
              {TARGETS.filter(({ target }) => active[target]?.version === version.version).map(
                ({ target, badge }) => (
                  <span key={target} className="content-badge content-badge--active">
                    {badge}
                  </span>
                ),
              )}
              <span className="intent-flow__actions">
                {TARGETS.filter(
                  ({ target }) => canActivate[target] && active[target]?.version !== version.version,
                ).map(({ target, action }) => (
                  <Button
                    key={target}
                    size="sm"
                    variant="secondary"
                    isLoading={activating === `${target} ${version.versionName}`}
                    disabled={version.status === 'faulty-flow'}
                    onClick={() => void activate(target, version)}
                  >
                    {action}
                  </Button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      {versions.length > SHOWN_VERSIONS && (
        <p className="content-muted">and {versions.length - SHOWN_VERSIONS} older versions</p>
      )}
    </section>
  );
}
