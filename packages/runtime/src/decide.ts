import { type BlockData, type DecisionSubject, decisionOperation, isSet } from '@parley/flows';
import { RE2JS } from 're2js';
import type { RuntimeConnector, RuntimeNode } from './runtime-flow';

/** What a condition needs of the conversation beyond its variables. */
export interface DecisionContext {
  variables: Readonly<Record<string, unknown>>;
  channel?: { id: string; name: string };
  user: DecisionSubject['user'];
  entityValue: DecisionSubject['entityValue'];
}

const RE2_FLAGS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
};

/** A flow's regex runs on RE2: linear in time, so no condition can hang a process. */
function matchesRegex(pattern: string, flags: string, value: string): boolean {
  let bits = 0;
  for (const flag of flags) bits |= RE2_FLAGS[flag] ?? 0;
  try {
    return RE2JS.compile(pattern, bits).test(value);
  } catch {
    return false;
  }
}

export type Decision = { connector: RuntimeConnector } | { error: string };

function subjectFor(variable: string, caseSensitivity: unknown, context: DecisionContext): DecisionSubject {
  return {
    value: variable === '' ? undefined : context.variables[variable],
    variable: (name) => context.variables[name],
    caseSensitive: isSet(caseSensitivity),
    channel: context.channel,
    user: context.user,
    entityValue: context.entityValue,
    matchesRegex,
  };
}

/** One condition outside a gateway (the validation block): the operation over the variable, with the connector's data. */
export function conditionHolds(
  check: { variable?: string; operation: unknown; connector: BlockData; caseSensitivity?: unknown },
  context: DecisionContext,
): boolean {
  const operation = decisionOperation(check.operation);
  if (!operation) return false;
  return operation.evaluate(
    check.connector,
    subjectFor((check.variable ?? '').trim(), check.caseSensitivity, context),
  );
}

/**
 * The connector a condition (gateway) leaves by: the first whose operator data holds for the
 * checked variable, in the order drawn; otherwise the default connector.
 */
export function decide(node: RuntimeNode, context: DecisionContext): Decision {
  const operation = decisionOperation(node.data.operation);
  if (!operation) return { error: `Condition ${node.name || node.id} has no operation.` };
  const variableName = typeof node.data.condition === 'string' ? node.data.condition.trim() : '';
  const subject = subjectFor(variableName, node.data.caseSensitivity, context);
  const taken = node.outgoing.find(
    (connector) => !connector.isDefault && operation.evaluate(connector.data, subject),
  );
  const chosen = taken ?? node.outgoing.find((connector) => connector.isDefault);
  if (!chosen) {
    return {
      error: `No connector of condition ${node.name || node.id} holds, and it has no default connector.`,
    };
  }
  return { connector: chosen };
}
