import { type BundleFlow, flowsSectionSchema, validationError } from '@parley/contracts';
import type { FlowHistory, FlowOwner, TenantScope } from '@parley/db';
import { parseStoredFlow } from '../../services/flows/flow-xml';
import { functionCallsOf } from '../../services/flows/function-calls';
import { importingItem } from '../bundle-errors';
import { type BotScope, defineBundleKind } from '../bundle-kind';

/** A bundle keeps the newest versions of a flow (and every activated one): history, not an archive. */
export const BUNDLE_FLOW_VERSIONS = 100;

function bundledHistory(history: FlowHistory): Omit<BundleFlow, 'owner' | 'name'> {
  const activated = new Set(history.activations.map((a) => a.version));
  const newest = history.versions.slice(-BUNDLE_FLOW_VERSIONS);
  const versions = history.versions
    .filter((v) => newest.includes(v) || activated.has(v.version))
    .map(({ version, xml, status, savedBy, modified }) => ({ version, xml, status, savedBy, modified }));
  return { versions, activations: history.activations };
}

/** The flows of the bot's intents and of the sub flows it lists (its own and the account's global ones). */
async function exportFlows({ bot, scope }: BotScope): Promise<BundleFlow[]> {
  const [intents, functions] = await Promise.all([
    scope.intents(bot.id).names(),
    scope.functions(bot.id).list(),
  ]);
  const owners = [
    ...intents.map((i) => ({ owner: { kind: 'intent', id: i.id } as FlowOwner, name: i.name })),
    ...functions
      .filter((f) => f.type === 'flow')
      .map((f) => ({ owner: { kind: 'function', id: f.id } as FlowOwner, name: f.name })),
  ];
  const withFlows = await scope.flows.ownersOf(bot.id);
  const flows: BundleFlow[] = [];
  for (const { owner, name } of owners) {
    if (!withFlows.has(owner.id)) continue;
    flows.push({ owner: owner.kind, name, ...bundledHistory(await scope.flows.history(owner)) });
  }
  return flows;
}

/**
 * Flows are imported after the intents and functions that own them. Every version must be a
 * flow document (a save would refuse it too); what a version refers to is not checked here, as
 * saving keeps a faulty flow rather than losing it. A global sub flow the account already had
 * keeps its own flow.
 */
async function importFlow({ bot, scope }: BotScope, flow: BundleFlow, callsOf: CallsOfXml): Promise<void> {
  const owner = await ownerOf(bot.id, scope, flow);
  if (!owner) {
    const kind = flow.owner === 'intent' ? 'intent' : 'sub flow';
    throw validationError('name', `The bot has no ${kind} named ${flow.name.slice(0, 60)} for this flow.`);
  }
  if (await scope.flows.hasFlow(owner)) return;
  const versions = [];
  for (const version of flow.versions) {
    versions.push({ ...version, functionCalls: await callsOf(version.xml) });
  }
  await scope.flows.restore(owner, { versions, activations: flow.activations });
}

async function ownerOf(botId: string, scope: TenantScope, flow: BundleFlow): Promise<FlowOwner | undefined> {
  if (flow.owner === 'intent') {
    const id = await scope.intents(botId).idOf(flow.name);
    return id ? { kind: 'intent', id } : undefined;
  }
  const fn = await scope.functions(botId).get(flow.name);
  return fn?.type === 'flow' ? { kind: 'function', id: fn.id } : undefined;
}

type CallsOfXml = (xml: string) => Promise<Record<string, number>>;

/** Reads each distinct XML of an import once: versions often repeat (auto-saves, templates). */
function callsOfXmlOnce(): CallsOfXml {
  const read = new Map<string, Promise<Record<string, number>>>();
  return (xml) => {
    let calls = read.get(xml);
    if (!calls) {
      calls = parseStoredFlow(xml).then(functionCallsOf);
      read.set(xml, calls);
    }
    return calls;
  };
}

export const flowsKind = defineBundleKind({
  section: 'flows',
  schema: flowsSectionSchema,
  export: exportFlows,
  import: async (botScope, flows) => {
    const callsOf = callsOfXmlOnce();
    for (const flow of flows) {
      await importingItem(botScope, 'flows', `${flow.owner} ${flow.name}`, () =>
        importFlow(botScope, flow, callsOf),
      );
    }
  },
  summary: (flows) => ({ counts: { flows: flows.length } }),
});
