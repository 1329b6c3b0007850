import {
  type FlowActivationView,
  type FlowContentView,
  type FlowProblemView,
  type FlowVersionView,
  flowVersionName,
} from '@parley/contracts';
import type { FlowActivation, FlowHistory, FlowVersion } from '@parley/db';
import type { FlowProblem } from '@parley/flows';
import type { FlowSubject } from './flow-subject';

export const toFlowVersionView = (version: FlowVersion): FlowVersionView => ({
  version: version.version,
  versionName: flowVersionName(version.version),
  xml: version.xml,
  modified: version.modified,
  status: version.status,
  savedBy: version.savedBy,
});

const toActivationView = (activation: FlowActivation): FlowActivationView => ({
  version: activation.version,
  versionName: flowVersionName(activation.version),
  activatedAt: activation.activatedAt,
  activatedBy: activation.activatedBy,
});

/** The content call's answer: newest version first, activations newest first per target. */
export function toFlowContentView(subject: FlowSubject, history: FlowHistory): FlowContentView {
  const versions = [...history.versions].reverse();
  return {
    kind: subject.kind,
    name: subject.name,
    xml: versions[0]?.xml ?? null,
    xmlArray: versions.map(toFlowVersionView),
    labeledVersions: history.activations.filter((a) => a.target === 'production').map(toActivationView),
    testVersions: history.activations.filter((a) => a.target === 'test').map(toActivationView),
  };
}

export const toProblemViews = (problems: readonly FlowProblem[]): FlowProblemView[] =>
  problems.map(({ message, blockId, type }) => ({ message, blockId, type }));
