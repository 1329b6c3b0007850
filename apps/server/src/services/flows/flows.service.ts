import {
  type ActivateFlowBody,
  AppError,
  type FlowActivationResult,
  type FlowContentView,
  type FlowProblemView,
  type FlowTargetName,
  type FlowVersionStatus,
  flowVersionName,
  FLOW_MESSAGES as M,
  notFound,
  type SavedFlowVersionView,
  type SaveFlowBody,
  validationError,
  versionOfName,
} from '@parley/contracts';
import type { FlowVersion } from '@parley/db';
import { type FlowProblem, validateFlow } from '@parley/flows';
import type { Principal } from '../../auth/principal';
import { type FlowSubject, requireFlowOwner } from './flow-subject';
import { validationContextOf } from './flow-validation-context';
import { toFlowContentView, toFlowVersionView, toProblemViews } from './flow-views';
import { parseSentFlow } from './flow-xml';
import { functionCallsOf } from './function-calls';

/** GET .../content: the versions and activations of one flow (none yet is an empty list). */
export async function readFlowContent(subject: FlowSubject): Promise<FlowContentView> {
  return toFlowContentView(subject, await subject.scope.flows.history(subject.owner));
}

/** The sent flow read, and every problem the server finds in it for this bot (spec 03 section 4.3). */
async function examine(subject: FlowSubject, sentXml: string) {
  const { xml, document } = await parseSentFlow(sentXml);
  return { xml, document, problems: validateFlow(document, await validationContextOf(subject)) };
}

const withoutWarnings = (problems: readonly FlowProblem[], ignoreWarnings: boolean) =>
  ignoreWarnings ? problems.filter((p) => p.type === 'error') : [...problems];

/** POST .../validate-flow: every problem with its block, warnings left out when asked. */
export async function validateSentFlow(
  subject: FlowSubject,
  body: { xml: string; ignoreWarnings: boolean },
): Promise<FlowProblemView[]> {
  return toProblemViews(withoutWarnings((await examine(subject, body.xml)).problems, body.ignoreWarnings));
}

/** Stores the sent flow as a new version; errors make it 'faulty-flow'. Answers it with every problem. */
async function storeFlow(
  principal: Principal,
  subject: FlowSubject,
  sentXml: string,
  status: FlowVersionStatus,
) {
  requireFlowOwner(subject);
  const { xml, document, problems } = await examine(subject, sentXml);
  const hasErrors = problems.some((p) => p.type === 'error');
  const saved = await subject.scope.flows.save(subject.owner, {
    xml,
    status: status === 'auto-saved' ? 'auto-saved' : hasErrors ? 'faulty-flow' : 'unpublished',
    functionCalls: functionCallsOf(document),
    savedBy: principal.user.id,
  });
  return { saved, problems };
}

/**
 * A save makes a new numbered version whatever the flow holds, so no work is lost; a flow with
 * errors is stored as 'faulty-flow' (it cannot be activated) and the answer lists the errors.
 */
export async function saveFlow(
  principal: Principal,
  subject: FlowSubject,
  body: Pick<SaveFlowBody, 'xml' | 'status'>,
): Promise<SavedFlowVersionView> {
  const { saved, problems } = await storeFlow(principal, subject, body.xml, body.status);
  return { ...toFlowVersionView(saved), problems: toProblemViews(withoutWarnings(problems, true)) };
}

/** PUT .../test-version and .../published-version: the named version (or the sent flow, saved first). */
export async function activateFlow(
  principal: Principal,
  subject: FlowSubject,
  target: FlowTargetName,
  body: ActivateFlowBody,
): Promise<FlowActivationResult> {
  requireFlowOwner(subject);
  // A stored version is checked again: the bot may have changed since it was saved.
  const { saved: version, problems } = body.versionName
    ? await examineStored(subject, await namedVersion(subject, body.versionName))
    : await storeFlow(principal, subject, body.xml as string, 'unpublished');
  const refusals = withoutWarnings(problems, body.ignoreWarnings);
  if (refusals.length > 0) {
    throw new AppError(
      'custom_error',
      M.faultyVersion(flowVersionName(version.version)),
      { problems: toProblemViews(refusals) },
      400,
    );
  }
  const active = (await subject.scope.flows.activations(subject.owner)).find((a) => a.target === target);
  const activated = active?.version !== version.version;
  if (activated)
    await subject.scope.flows.activate(subject.owner, target, version.version, principal.user.id);
  return {
    activated,
    message: activated ? M.activated(subject.name) : M.alreadyActive,
    content: await readFlowContent(subject),
  };
}

async function examineStored(subject: FlowSubject, version: FlowVersion) {
  return { saved: version, problems: (await examine(subject, version.xml)).problems };
}

async function namedVersion(subject: FlowSubject, versionName: string): Promise<FlowVersion> {
  const number = versionOfName(versionName);
  if (number === null) throw validationError('versionName', M.versionNameInvalid);
  const version = await subject.scope.flows.version(subject.owner, number);
  if (!version) throw notFound(M.noSuchVersion(versionName));
  return version;
}
