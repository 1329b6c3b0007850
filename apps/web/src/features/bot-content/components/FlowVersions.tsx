import {
  type FlowActivationView,
  type FlowTargetName,
  type FlowVersionView,
  FLOW_MESSAGES as M,
} from '@parley/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showFailure } from '../../../api/server-error';
import { Button, formatDateTime, popup, Spinner } from '../../../ui';
import { activateFlow } from '../api/flow-api';
import { useFlow } from '../hooks/use-flow';

/** How many versions the pane lists; the flow editor shows them all. */
const SHOWN_VERSIONS = 5;

/** Where a version can go live: its badge when it is there, and the button that puts it there. */
export interface FlowTarget {
  target: FlowTargetName;
  badge: string;
  action: string;
}

interface FlowVersionsProps {
  /** The intent's or sub flow's API path (flow-api.ts). */
  flowPath: string;
  queryKey: QueryKey;
  targets: readonly FlowTarget[];
  canActivate: Partial<Record<FlowTargetName, boolean>>;
}

/**
 * A dialog flow as the content tabs show it until the flow editor comes: its newest versions
 * with their status and where each is active, and activation for those who may.
 */
export function FlowVersions({ flowPath, queryKey, targets, canActivate }: FlowVersionsProps) {
  const queryClient = useQueryClient();
  const flow = useFlow(queryKey, flowPath);
  const [activating, setActivating] = useState<string | null>(null);

  const activate = async (target: FlowTargetName, version: FlowVersionView) => {
    setActivating(`${target} ${version.versionName}`);
    try {
      const result = await activateFlow(flowPath, target, version.versionName);
      queryClient.setQueryData(queryKey, result.content);
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
    <section className="flow-versions" aria-label="Dialog flow">
      <h3 className="content-section-title">Dialog flow</h3>
      {versions.length === 0 ? (
        <p className="content-muted">No flow has been saved yet.</p>
      ) : (
        <ul className="row-list">
          {versions.slice(0, SHOWN_VERSIONS).map((version) => (
            <li
              key={version.version}
              className="flow-versions__version"
              aria-label={`Version ${version.versionName}`}
            >
              <span className="flow-versions__name">
                {version.versionName}
                {version.status === 'auto-saved' && <span title={M.autoSaved}>*</span>}
              </span>
              <span className="content-muted">saved {formatDateTime(version.modified)}</span>
              {version.status === 'faulty-flow' && <span className="content-badge">Has errors</span>}
              {targets
                .filter(({ target }) => active[target]?.version === version.version)
                .map(({ target, badge }) => (
                  <span key={target} className="content-badge content-badge--active">
                    {badge}
                  </span>
                ))}
              <span className="flow-versions__actions">
                {targets
                  .filter(({ target }) => canActivate[target] && active[target]?.version !== version.version)
                  .map(({ target, action }) => (
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
