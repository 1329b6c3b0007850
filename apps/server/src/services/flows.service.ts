import {
  type ActivateFlowBody,
  type FlowActivationResult,
  type FlowContentView,
  type FlowProblemView,
  type FlowTargetName,
  FLOW_MESSAGES as M,
  type SavedFlowVersionView,
  type SaveFlowBody,
  versionOfName,
} from '@parley/contracts';
import type { FlowVersion } from '@parley/db';
import { validateFlow } from '@parley/flows';
import type { Principal } from '../auth/principal';
import { type FlowSubject, requireFlowOwner } from '../flows/flow-subject';
import { validationContextOf } from '../flows/flow-validation-context';
import { toFlowContentView, toFlowVersionView, toProblemViews } from '../flows/flow-views';
import { parseSentFlow } from '../flows/flow-xml';
import { functionCallsOf } from '../flows/function-calls';
import { AppError, notFound, validationError } from '../http/errors';

/** GET .../content: the versions and activations of one flow (none yet is an empty list). */
export async function readFlowContent(subject: FlowSubject): Promise<FlowContentView> {
  return toFlowContentView(subject, await subject.scope.flows.history(subject.owner));
}

/** The problems the server finds in a flow of this bot, warnings left out when asked. */
async function problemsOf(subject: FlowSubject, sentXml: string, ignoreWarnings: boolean) {
  const { xml, document } = await parseSentFlow(sentXml);
  const problems = validateFlow(document, await validationContextOf(subject));
  return { xml, document, problems: ignoreWarnings ? problems.filter((p) => p.type === 'error') : problems };
}

/** POST .../validate-flow: every problem with its block (spec 03 section 4.3). */
export async function validateSentFlow(
  subject: FlowSubject,
  body: { xml: string; ignoreWarnings: boolean },
): Promise<FlowProblemView[]> {
  return toProblemViews((await problemsOf(subject, body.xml, body.ignoreWarnings)).problems);
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
  requireFlowOwner(subject);
  const { xml, document, problems } = await problemsOf(subject, body.xml, true);
  const status =
    body.status === 'auto-saved' ? 'auto-saved' : problems.length > 0 ? 'faulty-flow' : 'unpublished';
  const saved = await subject.scope.flows.save(subject.owner, {
    xml,
    status,
    functionCalls: functionCallsOf(document),
    savedBy: principal.user.id,
  });
  return { ...toFlowVersionView(saved), problems: toProblemViews(problems) };
}

/** PUT .../test-version and .../published-version: the named version (or the sent flow, saved first). */
export async function activateFlow(
  principal: Principal,
  subject: FlowSubject,
  target: FlowTargetName,
  body: ActivateFlowBody,
): Promise<FlowActivationResult> {
  requireFlowOwner(subject);
  const version = body.versionName
    ? await namedVersion(subject, body.versionName)
    : await saveFlow(principal, subject, { xml: body.xml as string, status: 'unpublished' });
  const { problems } = await problemsOf(subject, version.xml, body.ignoreWarnings);
  if (problems.length > 0) {
    throw new AppError(
      'custom_error',
      M.faultyVersion(`v${version.version}`),
      {
        problems: toProblemViews(problems),
      },
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

async function namedVersion(subject: FlowSubject, versionName: string): Promise<FlowVersion> {
  const number = versionOfName(versionName);
  if (number === null) throw validationError('versionName', M.versionNameInvalid);
  const version = await subject.scope.flows.version(subject.owner, number);
  if (!version) throw notFound(M.noSuchVersion(versionName));
  return version;
}
