import { type FlowStatisticsView, notFound, versionOfName } from '@parley/contracts';
import type { FlowSubject } from './flow-subject';
import { parseStoredFlow } from './flow-xml';

/**
 * Flow statistics of one version (spec 03 section 3.6): how often each block was passed, read from
 * the logged turns of the last `days` days, and how often the flow started (its start event's
 * passes). Turns of conversations with 'Disable analytics' on are left out.
 */
export async function flowStatistics(
  subject: FlowSubject,
  query: { versionName: string; days: number },
  now = Date.now(),
): Promise<FlowStatisticsView> {
  const version = versionOfName(query.versionName) ?? 0;
  const stored = await subject.scope.flows.version(subject.owner, version);
  if (!stored) throw notFound(`There is no version ${query.versionName} of this flow.`);
  const starts = new Set(
    (await parseStoredFlow(stored.xml)).blocks
      .filter((block) => block.type === 'bpmn:StartEvent')
      .map((block) => block.id),
  );
  const since = new Date(now - query.days * 86_400_000).toISOString();
  const blockHits: Record<string, number> = {};
  for await (const hits of subject.scope.conversations(subject.bot.id).hitsSince(since)) {
    for (const hit of hits) {
      if (hit.owner !== subject.kind || hit.flow !== subject.name || hit.version !== version) continue;
      blockHits[hit.blockId] = (blockHits[hit.blockId] ?? 0) + 1;
    }
  }
  const flowTriggers = [...starts].reduce((sum, id) => sum + (blockHits[id] ?? 0), 0);
  return { versionName: query.versionName, since, flowTriggers, blockHits };
}
