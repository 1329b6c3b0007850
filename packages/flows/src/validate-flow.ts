import { endBlockProblems } from './end-block';
import type { BlockData, FlowBlock, FlowDocument } from './flow-document';
import { flowGraph } from './flow-graph';
import type { FlowProblem, FlowValidationContext } from './flow-validation-types';
import { normaliseFlow } from './normalise-flow';
import { taskProblems } from './validate-blocks';
import { conditionalConnectorProblems, gatewayProblems, isGateway } from './validate-conditions';
import { taskConnectorProblems } from './validate-exits';
import { structureProblems } from './validate-structure';

/**
 * Everything wrong with a flow for this bot: errors (blockId = the block to mark, null for the
 * whole flow) and warnings. Missing languages are filled in first (normaliseFlow); data is
 * checked in each of the bot's languages, and a message that several languages share is
 * reported once.
 */
export function validateFlow(doc: FlowDocument, context: FlowValidationContext): FlowProblem[] {
  const languages = context.languages.length > 0 ? context.languages : languagesOf(doc);
  const flow = normaliseFlow(doc, languages);
  const graph = flowGraph(flow);
  const dataOf = (block: FlowBlock): BlockData[] => {
    const data = languages.flatMap((language): BlockData[] => {
      const languageData = block.customData[language];
      return languageData ? [languageData] : [];
    });
    return data.length > 0 ? data : [{}];
  };
  const problems = structureProblems(flow, graph);
  const report = (block: FlowBlock, messages: string[], type: FlowProblem['type'] = 'error') => {
    for (const message of new Set(messages)) problems.push({ message, blockId: block.id, type });
  };

  for (const block of flow.blocks) {
    switch (block.type) {
      case 'bpmn:Task':
        report(
          block,
          dataOf(block).flatMap((data) => taskProblems(block, data, context)),
        );
        break;
      case 'bpmn:EndEvent':
        report(
          block,
          dataOf(block).flatMap((data) => endBlockProblems(data, context)),
        );
        break;
      case 'bpmn:ExclusiveGateway': {
        const outgoing = graph.outgoing.get(block.id) ?? [];
        report(
          block,
          languages.flatMap((language) =>
            gatewayProblems(
              block.customData[language] ?? {},
              outgoing.map((connector) => connector.customData[language] ?? {}),
            ),
          ),
        );
        break;
      }
      case 'bpmn:SequenceFlow': {
        const source = block.sourceRef === undefined ? undefined : graph.byId.get(block.sourceRef);
        if (source?.type === 'bpmn:Task') {
          const siblings = graph.outgoing.get(source.id) ?? [];
          report(
            block,
            languages.flatMap((language) =>
              taskConnectorProblems(
                block.customData[language] ?? {},
                source,
                source.customData[language] ?? {},
                siblings.map((sibling) => sibling.customData[language] ?? {}),
              ),
            ),
          );
          break;
        }
        const gateway = source;
        if (!gateway || !isGateway(gateway)) break;
        const checked = languages.map((language) =>
          conditionalConnectorProblems(
            block.customData[language] ?? {},
            gateway.customData[language] ?? {},
            context,
          ),
        );
        report(
          block,
          checked.flatMap((result) => result.errors),
        );
        report(
          block,
          checked.flatMap((result) => result.warnings),
          'warning',
        );
        break;
      }
      default:
        break;
    }
  }
  return problems;
}

/** The languages a flow stores, in the order first seen. */
function languagesOf(doc: FlowDocument): string[] {
  return [...new Set(doc.blocks.flatMap((block) => Object.keys(block.customData)))];
}
